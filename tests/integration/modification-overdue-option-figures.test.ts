import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgreementStatus, loadAgreementFacts } from '../../server/src/modules/agreement/index.js';
import { forecastBalanceOn } from '../../server/src/modules/agreement/projection/projection.rules.js';
import { OWED_STATUSES } from '../../server/src/shared/bill/bill-status.rules.js';
import { BillerOverdueOption } from '../../server/src/shared/biller/biller-codes.js';
import type { LocalDate } from '../../server/src/shared/local-date.js';
import { parseMoney, toDecimalString } from '../../server/src/shared/money.js';
import { AGENT, MEMBER_MISSED_DEPOSIT } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { agreementInForce, modificationOf, sql, storedPlanLines } from './biller-wizard.fixtures.js';
import { em, memberIdOf } from './portal-support.js';

/**
 * A biller edited with the overdue option "All unpaid overdue, current and future bills" (spec 2 §8): applying the
 * modification gives its unpaid overdue bills the new amount (`modification-schedule.rules.ts#overdueBillChanges`).
 * The figures shown before applying must be the ones the agreement holds after: the deposits step (GraphQL and REST:
 * one service) owes those bills at the new amount, the plan stored when it is applied is the step's own, and the
 * biller form's preview (before saving) shows the lowest point the overview shows once the edit is saved and applied.
 * Before, the step, the stored plan and the preview owed them at their old amount: only the applier used the new one.
 * On the demo's agreement in missed deposit (member 100002), whose billers have unpaid overdue bills.
 */

let server: TestServer;
let agent: string;
let memberId: number;
let today: LocalDate;

const FORM = `query($id: Int!) { wizardBiller(billerId: $id) {
  id contractId billingCategoryId companyId nickname paymentType bPayNumber customerReferenceNumber bsbNumber
  eftAccountNumber eftAccountName eftReferenceNumber directDebitAccountNumber expectedBillValue billingFrequency
  dateOfBill isExactDateOfBillKnown doesAmountVaryFromBillToBill isAutoPaymentBill overdueOption } }`;
const SAVE = `mutation($input: BillerInput!) { saveBiller(input: $input) { errors { code field message } } }`;
const PREVIEW = `query($id: Int!, $replacing: String, $item: DepositPlanBillerInput!, $overdueOption: Int) {
  billerEditPreview(contractId: $id, replacing: $replacing, item: $item, overdueOption: $overdueOption) {
    available message before { lowestPoint { date balance } } after { deposits { frequency amount }
    lowestPoint { date balance } } } }`;
const STEP = `query($id: Int!) { agreementDeposits(agreementId: $id) { step {
    deposits { contributionFrequency contributionAmount }
    plan { required { amount totalExpenses openingBalance } forecast { lowestPoint { date balance } }
      breakdown { lines { kind billerKey label amount periodTotal billCount } } }
    paymentDetails { totalOverDrawOfAmount contractTopupAmount hasOverDrawOfAmount totalContractValue } }
  errors { code message } } }`;
const OVERVIEW = `query($m: Int!, $a: Int!) { accountOverview(memberId: $m, accountId: $a) {
  projection { agreementId verdict { lowestPoint { date balance } } } } }`;

type Answer = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Form = Record<string, unknown> & { nickname: string; billingFrequency: number; paymentType: number };

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const money = (cents: number) => toDecimalString(cents as never);

beforeAll(async () => {
  server = await startTestServer();
  agent = await server.token(...AGENT);
  memberId = await memberIdOf(server, MEMBER_MISSED_DEPOSIT[0]);
  today = server.app.services.clock.today();
});
afterAll(async () => {
  await server?.stop();
});

/**
 * A new modification of the member's agreement, and the biller of it staff edit: the one whose biller in force owes the
 * most unpaid overdue bills (nothing paid towards them), not locked by a pending payment, with a bill still to come.
 */
async function modificationWithOverdueBiller(amount: string) {
  const { versionId, inForceId } = await modificationOf(server, MEMBER_MISSED_DEPOSIT[0]);
  const [biller] = await sql<{ id: number; previous_id: number; overdue: number; next: string }>(
    server,
    `select nb.id, nb.previous_id,
            (select count(*) from bill b where b.biller_id = nb.previous_id and b.due_date < ?::date
               and b.status in (1, 4) and not exists (select 1 from bill_money_source m where m.bill_id = b.id))::int
              as overdue,
            (select min(b.due_date)::text from bill b where b.biller_id = nb.previous_id and b.due_date >= ?::date
               and b.status in (0, 6)) as next
     from biller nb where nb.agreement_id = ? and nb.status = 1 and nb.payment_method in (0, 1, 2, 3)
       and not nb.is_season_bill and nb.billing_frequency in (2, 3, 4, 5)
       and not exists (select 1 from bill x where x.biller_id = nb.previous_id and x.status = 3)
       and not exists (select 1 from activity a where a.biller_id = nb.previous_id and a.transaction_status = 0)
     order by overdue desc, nb.id limit 1`,
    [today, today, versionId],
  );
  expect(biller?.overdue ?? 0).toBeGreaterThan(0);
  expect(biller.next).not.toBeNull();
  const { body } = await server.graphql<{ wizardBiller: Answer }>(FORM, { id: biller.id }, agent);
  expect(body.errors).toBeUndefined();
  const { id, ...form } = body.data!.wizardBiller;
  // A new fixed amount on the same schedule (its next bill's date), overdue bills included (each case its own amount:
  // the first case's applied modification is the next case's agreement in force).
  const input: Form = {
    ...(form as Form),
    billerId: Number(id),
    expectedBillValue: amount,
    doesAmountVaryFromBillToBill: false,
    isExactDateOfBillKnown: true,
    dateOfBill: biller.next,
    overdueOption: BillerOverdueOption.AllUnpaidBills,
  };
  return { versionId, inForceId, billerId: Number(biller.id), input };
}

async function save(input: Form) {
  const { body } = await server.graphql<{ saveBiller: { errors: unknown[] } }>(SAVE, { input }, agent);
  expect(body.errors).toBeUndefined();
  expect(body.data!.saveBiller.errors).toEqual([]);
}

async function apply(versionId: number) {
  await sql(server, 'update agreement set status = ? where id = ?', [AgreementStatus.Queued, versionId]);
  expect((await server.app.services.changeApplier.applyQueued(em(server), versionId)).stage).toBe('APPLIED');
}

/** The bills the applied version still owes over its period (amount and contingency). */
async function owedBills(versionId: number, billerId?: number) {
  const facts = await loadAgreementFacts(em(server), versionId);
  const rows = await sql<{ due_date: string; expected_amount: string; contingency: string }>(
    server,
    `select due_date::text as due_date, expected_amount::text as expected_amount, contingency::text as contingency
     from bill where agreement_id = ? and status = any(?::smallint[]) and due_date <= ?::date
       and (?::int is null or biller_id = ?::int)`,
    [versionId, `{${OWED_STATUSES.join(',')}}`, facts!.endDate, billerId ?? null, billerId ?? null],
  );
  return rows.map((row) => ({
    dueDate: row.due_date,
    amount: parseMoney(row.expected_amount),
    contingency: parseMoney(row.contingency),
  }));
}

describe('a biller edited with "All unpaid overdue, current and future bills": figures before applying', () => {
  it('the deposits step and the stored plan owe its overdue bills at the new amount, as the agreement does', async () => {
    const { versionId, billerId, input } = await modificationWithOverdueBiller('321.45');
    await save(input);
    const { body } = await server.graphql<{ agreementDeposits: { step: Answer; errors: unknown[] } }>(
      STEP,
      { id: versionId },
      agent,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data!.agreementDeposits.errors).toEqual([]);
    const { plan, paymentDetails } = body.data!.agreementDeposits.step;
    // The REST twin: the same service, the same figures.
    const response = await fetch(`${server.url}/api/contractpaymentdetails?contractId=${versionId}`, {
      headers: { authorization: `Bearer ${agent}` },
    });
    expect(response.status).toBe(200);
    const details = (await response.json()) as Answer;
    expect({
      totalOverDrawOfAmount: details.totalOverDrawOfAmount,
      contractTopupAmount: details.contractTopupAmount,
      hasOverDrawOfAmount: details.hasOverDrawOfAmount,
      totalContractValue: details.totalContractValue,
    }).toEqual(paymentDetails);
    const line = (plan.breakdown.lines as Answer[]).find((l) => l.billerKey === `biller:${billerId}`);
    expect(line).toBeDefined();

    await apply(versionId);
    // Applied: the overdue bills carry the new amount.
    const edited = await owedBills(versionId, billerId);
    const overdue = edited.filter((bill) => bill.dueDate < today);
    expect(overdue.length).toBeGreaterThan(0);
    expect(new Set(overdue.map((bill) => money(bill.amount)))).toEqual(new Set(['321.45']));
    // The step's expenses are every bill the applied agreement owes, the overdue ones at their new amount.
    const owed = await owedBills(versionId);
    expect(plan.required.totalExpenses).toBe(money(sum(owed.map((bill) => bill.amount + bill.contingency))));
    // The edited biller's line: its bills over the period are the ones the agreement now owes.
    expect({ periodTotal: line!.periodTotal, billCount: line!.billCount }).toEqual({
      periodTotal: money(sum(edited.map((bill) => bill.amount + bill.contingency))),
      billCount: edited.length,
    });
    // The plan stored when it was applied is the step's own computation: the same lines.
    expect(await storedPlanLines(server, versionId)).toEqual(
      (plan.breakdown.lines as Answer[]).map((l) => ({
        label: l.label,
        amount: l.amount,
        periodTotal: l.periodTotal,
        billCount: l.billCount,
      })),
    );
    // The step's lowest point is the applied agreement's forecast that day less the contingency it sets aside by then.
    const facts = await loadAgreementFacts(em(server), versionId);
    const projection = await server.app.services.projections.forAgreement(em(server), facts!);
    const lowest = plan.forecast.lowestPoint as { date: LocalDate; balance: string };
    const contingencyUpTo = sum(owed.filter((bill) => bill.dueDate <= lowest.date).map((bill) => bill.contingency));
    expect(parseMoney(lowest.balance)).toBe(forecastBalanceOn(projection.forecast!, lowest.date)! - contingencyUpTo);
  });

  it('the biller form’s preview shows the lowest point the overview shows once saved and applied', async () => {
    const { versionId, billerId, input } = await modificationWithOverdueBiller('287.65');
    const item = {
      key: 'edited',
      label: input.nickname,
      frequency: input.billingFrequency,
      dateOfBill: input.dateOfBill,
      amount: input.expectedBillValue,
      amountVaries: input.doesAmountVaryFromBillToBill,
      paymentMethod: input.paymentType,
    };
    const { body } = await server.graphql<{ billerEditPreview: Answer }>(
      PREVIEW,
      { id: versionId, replacing: `biller:${billerId}`, item, overdueOption: input.overdueOption },
      agent,
    );
    expect(body.errors).toBeUndefined();
    const preview = body.data!.billerEditPreview;
    expect(preview).toMatchObject({ available: true, message: null });

    await save(input);
    // Saved (not yet applied): the deposits step prices each frequency on the same bills as the preview did.
    const step = await server.graphql<{ agreementDeposits: { step: Answer } }>(STEP, { id: versionId }, agent);
    const { deposits, plan } = step.body.data!.agreementDeposits.step;
    const own = (preview.after.deposits as Answer[]).find((d) => d.frequency === deposits.contributionFrequency);
    expect(own?.amount).toBe(plan.required.amount);

    await apply(versionId);
    const { accountId, agreementId } = await agreementInForce(server, MEMBER_MISSED_DEPOSIT[0]);
    expect(agreementId).toBe(versionId);
    const overview = await server.graphql<{ accountOverview: { projection: Answer } }>(
      OVERVIEW,
      { m: memberId, a: accountId },
      agent,
    );
    const facts = await loadAgreementFacts(em(server), versionId);
    const projected = (await server.app.services.projections.forAgreement(em(server), facts!)).forecast!.lowestPoint;
    expect(preview.after.lowestPoint).toEqual({ date: projected.date, balance: money(projected.balance) });
    expect(overview.body.data!.accountOverview.projection.verdict.lowestPoint).toEqual(preview.after.lowestPoint);
  });
});
