import { appendCheckDigit } from '../../server/src/shared/validation/index.js';
import { parseMoney, toDecimalString } from '../../server/src/shared/money.js';
import type { TestServer } from '../support/server.js';
import { startModification } from './modification.fixtures.js';

/**
 * Agreements for the wizard's biller tests: a new one in setup (status 0) and a modification (a status-9 copy of
 * the version in force, opened by staff in the modify wizard).
 */

export async function sql<T>(server: TestServer, text: string, params: unknown[] = []): Promise<T[]> {
  return server.app.database.orm.em.fork().execute<T[]>(text, params);
}

/** A stored plan's line as the deposits step's breakdown gives it (money as decimal strings). */
export interface StoredPlanLine {
  label: string;
  amount: string;
  periodTotal: string;
  billCount: number;
}

/** The lines of the plan stored for a version (`agreement_plan_line`), in their order, as the step's breakdown. */
export async function storedPlanLines(server: TestServer, versionId: number): Promise<StoredPlanLine[]> {
  const rows = await sql<{ label: string; amount: string; period_total: string; bill_count: number }>(
    server,
    `select l.label, l.amount::text as amount, l.period_total::text as period_total, l.bill_count
     from agreement_plan p join agreement_plan_line l on l.plan_id = p.id where p.agreement_id = ? order by l.position`,
    [versionId],
  );
  return rows.map((line) => ({
    label: line.label,
    amount: toDecimalString(parseMoney(line.amount)),
    periodTotal: toDecimalString(parseMoney(line.period_total)),
    billCount: Number(line.bill_count),
  }));
}

/** The member's first account and its agreement in force (7, 4 or 8). */
export async function agreementInForce(server: TestServer, memberNumber: string) {
  const [row] = await sql<{ account_id: number; agreement_id: number }>(
    server,
    `select a.account_id, a.id as agreement_id from agreement a
     join member_account_link l on l.account_id = a.account_id join member m on m.id = l.member_id
     where m.member_number = ? and a.status in (7, 4, 8) order by a.account_id, a.id desc limit 1`,
    [memberNumber],
  );
  return { accountId: Number(row.account_id), agreementId: Number(row.agreement_id) };
}

/**
 * A status-9 modification of the member's agreement in force, opened by staff in the modify wizard
 * (startAgreementModification); answers its id and the version it copies.
 */
export async function modificationOf(server: TestServer, memberNumber: string) {
  const { agreementId } = await agreementInForce(server, memberNumber);
  return { versionId: await startModification(server, agreementId), inForceId: agreementId };
}

/**
 * A new agreement in setup (status 0), with no billers yet, on the member's account that has no agreement in
 * force (the demo's pending one), so that the account in force stays free for a modification.
 */
export async function setupAgreement(server: TestServer, memberNumber: string, today: string) {
  const [account] = await sql<{ account_id: number }>(
    server,
    `select l.account_id from member_account_link l join member m on m.id = l.member_id
     where m.member_number = ? and not exists (select 1 from agreement a where a.account_id = l.account_id
       and a.status in (7, 4, 8)) order by l.account_id limit 1`,
    [memberNumber],
  );
  const accountId = Number(account.account_id);
  const [row] = await sql<{ id: number }>(
    server,
    `insert into agreement (account_id, status, start_date, end_date)
     values (?, 0, ?::date, ?::date + interval '1 year' - interval '1 day') returning id`,
    [accountId, today, today],
  );
  return Number(row.id);
}

/** Harbourside Energy of the catalogue (BPAY 482711 or whatever the catalogue holds) and a valid reference. */
export async function bpayCompany(server: TestServer) {
  const [row] = await sql<{
    id: number;
    billing_category_id: number;
    bpay_biller_code: string;
    reference_algorithm: string;
    reference_min_length: number | null;
  }>(
    server,
    `select id, billing_category_id, bpay_biller_code, reference_algorithm, reference_min_length from company
     where bpay_biller_code is not null and is_active and reference_algorithm = 'MOD10V01'
       and (reference_min_length is null or reference_min_length <= 10) and (reference_max_length is null or reference_max_length >= 10)
       and max_amount is null and (min_amount is null or min_amount <= 1)
     order by id limit 1`,
  );
  const reference = appendCheckDigit('123456789', 'MOD10V01');
  return {
    companyId: Number(row.id),
    categoryId: Number(row.billing_category_id),
    billerCode: row.bpay_biller_code,
    reference,
  };
}

/** Row counts and newest ids of everything a refused change must leave alone. */
export async function footprint(server: TestServer) {
  const [row] = await sql<Record<string, string>>(
    server,
    `select (select count(*) from biller) as billers, (select coalesce(sum(xmin::text::bigint), 0) from biller) as biller_x,
       (select count(*) from billing_sub_category) as subs,
       (select coalesce(sum(xmin::text::bigint), 0) from billing_sub_category) as sub_x,
       (select count(*) from note) as notes, (select coalesce(max(id), 0) from activity) as activity`,
  );
  return row;
}

/**
 * A saveBiller input for a BPAY biller of `bpayCompany`: Electricity, $250.00 quarterly (frequency 5), a fixed amount
 * paid automatically, first bill on `dateOfBill`; `change` overrides any field.
 */
export function bpayBillerInput(
  bpay: Awaited<ReturnType<typeof bpayCompany>>,
  contractId: number,
  dateOfBill: string,
  change: Record<string, unknown> = {},
) {
  return {
    contractId,
    billingCategoryId: bpay.categoryId,
    companyId: bpay.companyId,
    nickname: 'Electricity',
    paymentType: 0,
    bPayNumber: bpay.billerCode,
    customerReferenceNumber: bpay.reference,
    expectedBillValue: '250.00',
    billingFrequency: 5,
    isExactDateOfBillKnown: true,
    dateOfBill,
    doesAmountVaryFromBillToBill: false,
    isAutoPaymentBill: true,
    ...change,
  };
}
