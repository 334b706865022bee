import type { EntityManager } from '@mikro-orm/postgresql';
import { addDays, type LocalDate } from '../../server/src/shared/local-date.js';
import { parseMoney, toDecimalString, type Cents } from '../../server/src/shared/money.js';
import { loadBillers } from '../../server/src/modules/agreement/agreement-billers.js';
import { loadAgreementFacts } from '../../server/src/modules/agreement/agreement-facts.js';
import { storedDepositPlanData } from '../../server/src/modules/agreement/stored-plan.js';
import type { DailyBalance } from '../../server/src/shared/deposit/cash-flow.rules.js';
import { calculateDepositPlan } from '../../server/src/modules/planner/planner.calculations.js';
import { plannerDefaultsOf } from '../../server/src/modules/planner/planner-settings.js';
import { storeMissingPlans } from '../../server/src/modules/agreement/plan/plan-store.js';
import { DEFAULT_SERVER_SETTINGS } from '../../server/src/modules/settings/settings.defaults.js';
import { createMember, type MemberFixture } from './payment-world.js';
import type { TestServer } from '../support/server.js';

/** Agreements for the bank-side tests, built from the engines: bills and deposits as the planner schedules them. */

export interface BillerSpec {
  nickname: string;
  /** 0 BPAY (Greater Harbour Water, a valid reference), 4 direct debit. */
  paymentMethod: 0 | 4;
  value: string;
  /** Billing frequency code (3 monthly, 5 quarterly, ...). */
  frequency: number;
  dateOfBill: LocalDate;
  varies?: boolean;
  autoPayment?: boolean;
}

export interface AgreementSpec {
  start: LocalDate;
  end: LocalDate;
  /** Deposit frequency code (1 weekly, 2 fortnightly, 3 monthly). */
  frequency: number;
  billers: BillerSpec[];
  /** Deposits by periodical payment from the member's rich savings account (deposit type 2), not payroll. */
  fromSavings?: boolean;
}

export interface BankAgreement {
  accountId: number;
  agreementId: number;
  billerIds: number[];
  depositAmount: Cents;
  depositIds: number[];
  /** The deposit calculator's closing balance of every day of the period (from the start, nothing held). */
  forecast: DailyBalance[];
}

let serial = 0;

async function one(em: EntityManager, sql: string, params: unknown[]): Promise<number> {
  const [row] = await em.execute<{ id: number }[]>(`${sql} returning id`, params);
  return row.id;
}

const DEFAULTS = plannerDefaultsOf(DEFAULT_SERVER_SETTINGS);

/**
 * An active agreement of the member (payroll deduction, or a periodical payment from savings) with its billers; its bills are the bill engine's
 * occurrences and its scheduled deposits the deposit engine's dates, at the required deposit.
 */
export async function createBankAgreement(
  em: EntityManager,
  member: MemberFixture,
  spec: AgreementSpec,
): Promise<BankAgreement> {
  serial += 1;
  // The BPAY catalogue entry the payment re-validates against (the demo data would bring it).
  await em.execute(
    `insert into company (name, billing_category_id, bpay_biller_code, reference_algorithm)
     select 'Greater Harbour Water', 1, '14589', 'MOD10V01'
     where not exists (select 1 from company where bpay_biller_code = '14589')`,
  );
  const accountId = await one(em, 'insert into account (account_number) values (?)', [`BANK${serial}`]);
  await em.execute('insert into member_account_link (member_id, account_id) values (?, ?)', [
    member.memberId,
    accountId,
  ]);
  const agreementId = await one(
    em,
    spec.fromSavings
      ? `insert into agreement (account_id, status, start_date, end_date, contribution_frequency, contribution_date,
           deposit_type, periodical_payment_account_id) values (?, 7, ?, ?, ?, ?, 2, ?)`
      : `insert into agreement (account_id, status, start_date, end_date, contribution_frequency, contribution_date,
           deposit_type, remitter_name, remitter_number) values (?, 7, ?, ?, ?, ?, 1, 'Employer', '12345')`,
    [
      accountId,
      spec.start,
      spec.end,
      spec.frequency,
      spec.start,
      ...(spec.fromSavings ? [member.savingsAccountId] : []),
    ],
  );
  const billerIds: number[] = [];
  for (const biller of spec.billers) {
    billerIds.push(
      await one(
        em,
        `insert into biller (agreement_id, billing_category_id, nickname, payment_method, expected_bill_value,
           billing_frequency, date_of_bill, date_added, does_amount_vary, is_auto_payment, bpay_biller_code,
           customer_reference_number, direct_debit_account_number)
         values (?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          agreementId,
          biller.nickname,
          biller.paymentMethod,
          biller.value,
          biller.frequency,
          biller.dateOfBill,
          spec.start,
          biller.varies ?? false,
          biller.autoPayment ?? true,
          biller.paymentMethod === 0 ? '14589' : null,
          biller.paymentMethod === 0 ? '1234009890' : null,
          biller.paymentMethod === 4 ? '123456789' : null,
        ],
      ),
    );
  }
  const facts = (await loadAgreementFacts(em, agreementId))!;
  const billers = await loadBillers(em, [agreementId]);
  const required = calculateDepositPlan(
    { ...storedDepositPlanData(facts, billers, parseMoney('0')), depositAmount: null },
    spec.start,
    DEFAULTS,
  );
  const depositAmount = required.plan.required.amount;
  await em.execute('update agreement set deposit_amount = ? where id = ?', [
    toDecimalString(depositAmount),
    agreementId,
  ]);
  const result = calculateDepositPlan(
    storedDepositPlanData({ ...facts, depositAmount }, billers, parseMoney('0')),
    spec.start,
    DEFAULTS,
  );
  for (const [i, summary] of result.billers.entries()) {
    const billerId = Number(summary.billerKey.split(':')[1]);
    if (!billerIds.includes(billerId)) throw new Error(`Unexpected biller key ${summary.billerKey} (${i})`);
    for (const bill of summary.bills) {
      await em.execute(
        `insert into bill (agreement_id, biller_id, due_date, due_date_no_offset, expected_amount, amount_allocated,
           contingency, is_final_bill) values (?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          agreementId,
          billerId,
          bill.date,
          bill.date,
          toDecimalString(bill.amount),
          toDecimalString(bill.amount),
          toDecimalString(bill.contingency),
          bill.isFinalBill,
        ],
      );
    }
  }
  const depositIds: number[] = [];
  for (const date of result.plan.depositDates) {
    depositIds.push(
      await one(em, 'insert into scheduled_deposit (agreement_id, due_date, expected_amount) values (?, ?, ?)', [
        agreementId,
        date,
        toDecimalString(depositAmount),
      ]),
    );
  }
  // Its agreed plan, as the change applier stores it when an agreement is applied: the bank day splits by it.
  await storeMissingPlans(em, [agreementId]);
  return { accountId, agreementId, billerIds, depositAmount, depositIds, forecast: result.plan.forecast.days };
}

/**
 * `count` agreements of new members starting on `day`, each with a deposit due that day and a Water bill paid
 * automatically that day (the bank day's part and rerun tests); their ids in order.
 */
export async function agreementsOn(
  server: TestServer,
  day: LocalDate,
  prefix: string,
  count: number,
): Promise<number[]> {
  const em = () => server.app.database.orm.em.fork();
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const agreement = await createBankAgreement(em(), await createMember(em(), `${prefix}${i}`), {
      start: day,
      end: addDays(day, 364),
      frequency: 1,
      billers: [{ nickname: 'Water', paymentMethod: 0, value: '80.00', frequency: 3, dateOfBill: day }],
    });
    ids.push(agreement.agreementId);
  }
  return ids;
}
