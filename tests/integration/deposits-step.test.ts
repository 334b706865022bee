import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_ACCESS } from '../../server/src/common/auth/access.js';
import { DEPOSITS_MESSAGES } from '../../server/src/modules/agreement/deposits/deposits.rules.js';
import { AGENT, MEMBER_MISSED_DEPOSIT, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { ManualClock } from '../support/clock.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { bpayBillerInput, bpayCompany, setupAgreement, sql } from './biller-wizard.fixtures.js';

/**
 * The deposits step over GraphQL (spec 3 §3-§5) on a new agreement with one biller, on a fixed today
 * (Tue 2 March 2027, Sydney), so that every deposit below is computed by hand:
 *
 * Period 2027-03-02 .. 2028-03-01 (a year less a day; 366 days, 2028 is a leap year).
 * Biller: 'Electricity', BPAY, fixed $250.00 every quarter from 2027-05-12 (no contingency on a fixed bill):
 *   2027-05-12, 2027-08-12, 2027-11-12, 2028-02-12 → 4 bills, $1,000.00 over the period.
 * Deposits from 2 March 2027 to 1 March 2028 (both inclusive), required = ceil($1,000.00 / count) to the cent:
 *   weekly       every Tuesday, 2027-03-02 .. 2028-02-29 (52 weeks later)   53 → 1000/53 = 18.867.. → $18.87
 *   fortnightly  2027-03-02 + 14k, k = 0..26 (2028-02-29)                   27 → 1000/27 = 37.037.. → $37.04
 *   monthly      the 2nd, March .. February                                 12 → 1000/12 = 83.333.. → $83.34
 *   quarterly    2 March, June, September, December                         4  → $250.00
 *   annually     2 March 2027                                                1  → $1,000.00
 *   twice a month (default dates the 2nd and the 16th)                      24 → 1000/24 = 41.666.. → $41.67
 * Fortnightly: by the first bill (12 May) 6 deposits are in (2 and 16 Mar, 30 Mar, 13 and 27 Apr, 11 May):
 *   6 x 37.04 = 222.24, the bill leaves -27.76 on 12 May, after the 8-week initial duration (to 26 April):
 *   no warning, no top-up. With the first bill moved to 12 March instead, the balance is 37.04 - 250.00 = -212.96
 *   on 12 March, inside the duration: the warning, and TopupNow of $212.96.
 */

let server: TestServer;
let agent: string;
let member: string;
let contractId: number;
let otherMembersAccount: number;
const clock = new ManualClock(new Date('2027-03-01T14:00:00Z'));
const today = '2027-03-02';

const STEP = `deposits { contractId isSetup contributionFrequency contributionAmount contributionDate startDate endDate
    dateRangeFrom dateRangeTo biMonthly1stDate biMonthly2ndDate depositType depositOptions { weekly fortnightly monthly
    quarterly annually biMonthly } isTopupDisabled topupAmount isDepositScheduleCoveringExpenses notCoveringExpensesError }
  options { frequency label depositAmount depositCount selected message }
  paymentDetails { hasOverDrawDuration totalOverDrawDurationAmount hasOverDrawOfAmount totalOverDrawOfAmount
    isUpperLimitReached overrideOverdrawRuleDuration contractTopupAmount approvalsNeeded overdrawWarning overdrawRuleText
    approvedOverDrawOfAmount upperContractLimit topupAccount { accountNumber availableBalance } }
  plan { depositAmount depositCount breakdown { depositAmount lines { kind label amount } }
    minimum { reachable amount } forecast { lowestPoint { date balance } firstDateBelowZero lastDay } }
  planError { code field message }
  accounts { id memberId accountNumber availableBalance }`;
const LOAD = `query($id: Int!, $draft: DepositsInput) { agreementDeposits(agreementId: $id, draft: $draft) {
  step { ${STEP} } errors { code field message } } }`;
const SAVE = `mutation($id: Int!, $input: DepositsInput!) { saveAgreementDeposits(agreementId: $id, input: $input) {
  step { ${STEP} } errors { code field message } } }`;

type Step = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
interface Answer {
  step: Step | null;
  errors: { code: string; field: string | null; message: string }[];
}

async function load(draft: Record<string, unknown> | null = null, token = agent, id = contractId) {
  const { body } = await server.graphql<{ agreementDeposits: Answer }>(LOAD, { id, draft }, token);
  expect(body.errors).toBeUndefined();
  return body.data!.agreementDeposits;
}

async function save(input: Record<string, unknown>, token = agent, id = contractId) {
  const { body } = await server.graphql<{ saveAgreementDeposits: Answer }>(SAVE, { id, input }, token);
  return body;
}

/** The agreement row as the step writes it: compared before and after a refused save. */
async function row() {
  const [record] = await sql<Record<string, unknown>>(server, 'select * from agreement where id = ?', [contractId]);
  return record;
}

const fortnightly = {
  contributionFrequency: 2,
  contributionDate: today,
  depositType: 1,
  remitterName: 'Acme Payroll',
  remitterNumber: 'E-1234',
};

beforeAll(async () => {
  server = await startTestServer({ clock });
  expect(server.app.services.clock.today()).toBe(today);
  [agent, member] = await Promise.all([server.token(...AGENT), server.token(...MEMBER_TWO_ACCOUNTS)]);
  contractId = await setupAgreement(server, MEMBER_TWO_ACCOUNTS[0], today);
  const bpay = await bpayCompany(server);
  const { body } = await server.graphql<{ saveBiller: { errors: unknown[] } }>(
    `mutation($input: BillerInput!) { saveBiller(input: $input) { errors { code field message } } }`,
    {
      input: bpayBillerInput(bpay, contractId, '2027-05-12'),
    },
    agent,
  );
  expect(body.data!.saveBiller.errors).toEqual([]);
  const [other] = await sql<{ id: number }>(
    server,
    `select l.id from linked_account l join member m on m.id = l.member_id where m.member_number = ? limit 1`,
    [MEMBER_MISSED_DEPOSIT[0]],
  );
  otherMembersAccount = Number(other.id);
});
afterAll(async () => {
  await server?.stop();
});

describe('agreementDeposits: the options, each with the deposit it needs (hand-computed above)', () => {
  it('offers the six frequencies with their deposits', async () => {
    const { step, errors } = await load();
    expect(errors).toEqual([]);
    expect(step!.options.map((o: Step) => [o.frequency, o.depositAmount, o.depositCount])).toEqual([
      [1, '18.87', 53],
      [2, '37.04', 27],
      [3, '83.34', 12],
      [5, '250.00', 4],
      [7, '1000.00', 1],
      [10, '41.67', 24],
    ]);
    // One name per frequency, the same as the overview's, the reports' and the biller preview's (spec 3 §4).
    expect(step!.options.map((o: Step) => o.label)).toEqual([
      'Weekly',
      'Fortnightly',
      'Monthly',
      'Quarterly',
      'Annually',
      'Bi-monthly',
    ]);
    expect(step!.deposits).toMatchObject({
      isSetup: true,
      contributionDate: today,
      startDate: today,
      endDate: '2028-03-01',
      dateRangeFrom: today,
      dateRangeTo: '2028-03-01',
      depositOptions: {
        weekly: '18.87',
        fortnightly: '37.04',
        monthly: '83.34',
        quarterly: '250.00',
        annually: '1000.00',
        biMonthly: '41.67',
      },
    });
  });

  it('explains the fortnightly deposit: lines adding up to it, the forecast, the smallest safe deposit', async () => {
    const { step } = await load(fortnightly);
    const plan = step!.plan;
    expect(plan.depositAmount).toBe('37.04');
    const lines = plan.breakdown.lines as { kind: string; amount: string }[];
    const total = lines.reduce((sum, line) => sum + Math.round(Number(line.amount) * 100), 0);
    expect(total).toBe(3704);
    expect(lines.find((line) => line.kind === 'BILLER')).toMatchObject({ label: 'Electricity' });
    // 12 May: 6 deposits (222.24) less the $250.00 bill.
    expect(plan.forecast.firstDateBelowZero).toBe('2027-05-12');
    expect(plan.forecast.lastDay).toBe('2028-03-01');
    expect(plan.minimum.reachable).toBe(true);
    expect(Number(plan.minimum.amount)).toBeGreaterThan(37.04);
    expect(step!.paymentDetails).toMatchObject({
      hasOverDrawDuration: false,
      totalOverDrawDurationAmount: '0.00',
      hasOverDrawOfAmount: false,
      isUpperLimitReached: false,
      overrideOverdrawRuleDuration: 8,
      approvalsNeeded: [],
      overdrawWarning: null,
      // The institution's overdraw rule (server settings), the single member's or the many members' text.
      overdrawRuleText: expect.stringMatching(/overdrawn during the first 8 weeks/),
      approvedOverDrawOfAmount: '5000.00',
      upperContractLimit: '50000.00',
    });
    expect(step!.deposits.isTopupDisabled).toBe(true);
  });

  it('moves the period with a later start date and recomputes (setup: the date is the start date)', async () => {
    const { step } = await load({ ...fortnightly, contributionDate: '2027-03-09' });
    expect(step!.deposits).toMatchObject({ startDate: '2027-03-09', endDate: '2028-03-08' });
  });

  it('answers a date out of range as the plan’s error, not a failure', async () => {
    const { step } = await load({ ...fortnightly, contributionDate: null });
    expect(step!.plan).toBeNull();
    expect(step!.planError).toEqual({
      code: 'DATE_NOT_IN_RANGE',
      field: 'contributionDate',
      message: DEPOSITS_MESSAGES.dateNotInRange,
    });
  });

  it('says at once that a past start date is in the past, and works out no deposit for it (issue 26 item 7)', async () => {
    const { step } = await load({ ...fortnightly, contributionDate: '2027-03-01' });
    expect(step!.plan).toBeNull();
    expect(step!.planError).toEqual({
      code: 'START_DATE_IN_PAST',
      field: 'contributionDate',
      message: DEPOSITS_MESSAGES.startInPast,
    });
    // No card offers a deposit for it (it showed "Annually $0.00").
    expect(step!.options.map((o: { depositAmount: string | null }) => o.depositAmount)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('the fee display and the transaction occurrences of the deposits view model', () => {
  const OCCURRENCES = `query($id: Int!, $draft: DepositsInput) { agreementDeposits(agreementId: $id, draft: $draft) {
    step { deposits { fee feeDisplay transactionOccurrences { nextDate }
      incorrectTransactionOccurrences { billingSourceId billingSource nextDate } } } } }`;
  const occurrences = async () =>
    (
      await server.graphql<{ agreementDeposits: { step: Step } }>(
        OCCURRENCES,
        { id: contractId, draft: fortnightly },
        agent,
      )
    ).body.data!.agreementDeposits.step.deposits;
  const confirmFee = async () =>
    (
      await server.graphql<{ agreementConfirmation: { summary: { fee: string | null } } }>(
        'query($id: Int!) { agreementConfirmation(contractId: $id) { summary { fee } } }',
        { id: contractId },
        agent,
      )
    ).body.data?.agreementConfirmation.summary.fee;

  it('says no fee applies by default and lists the schedule’s 27 fortnightly deposits, none of the bills before them', async () => {
    const deposits = await occurrences();
    expect(deposits.fee).toBeNull();
    expect(deposits.feeDisplay).toBe('No fee applies.');
    // The hand-computed schedule above: 2027-03-02 + 14k, k = 0..26.
    expect(deposits.transactionOccurrences).toHaveLength(27);
    expect(deposits.transactionOccurrences[0]).toEqual({ nextDate: '2027-03-02' });
    expect(deposits.transactionOccurrences[1]).toEqual({ nextDate: '2027-03-16' });
    expect(deposits.transactionOccurrences[26]).toEqual({ nextDate: '2028-02-29' });
    // Every bill (from 12 May) falls after the first deposit: none is incorrect.
    expect(deposits.incorrectTransactionOccurrences).toEqual([]);
    expect(await confirmFee()).toBeNull();
  });

  it('lists each confirm row with how it is paid and its bills in the period (spec 3 §3)', async () => {
    const { body } = await server.graphql<{ agreementConfirmation: { automatic: Record<string, unknown>[] } }>(
      `query($id: Int!) { agreementConfirmation(contractId: $id) { automatic { nickname paymentType bpayNumber
        customerReferenceNumber bsbNumber eftAccountNumber directDebitAccountNumber totalOccurrences
        upcomingOccurrenceNumber oldNextDate } } }`,
      { id: contractId },
      agent,
    );
    const [electricity] = body.data!.agreementConfirmation.automatic;
    expect(electricity).toMatchObject({
      nickname: 'Electricity',
      paymentType: 'BPAY',
      bpayNumber: expect.stringMatching(/^\d+$/),
      // The reference never leaves the server in full: the one masker (issue 26 item 9).
      customerReferenceNumber: expect.stringMatching(/^\*+\d{3}$/),
      bsbNumber: null,
      eftAccountNumber: null,
      directDebitAccountNumber: null,
      // Quarterly from 12 May 2027 within the year from 2 March 2027: May, August, November, February.
      totalOccurrences: 4,
      upcomingOccurrenceNumber: 1,
      // Not removed: no old next date.
      oldNextDate: null,
    });
  });

  it('shows the server setting’s fee per deposit on the step and in the confirm summary', async () => {
    await sql(
      server,
      `insert into setting (key, value) values ('server', '{"agreementFee": "2.50"}'::jsonb)
       on conflict (key) do update set value = setting.value || excluded.value`,
    );
    try {
      const deposits = await occurrences();
      expect(deposits.fee).toBe('2.50');
      expect(deposits.feeDisplay).toBe('A fee of $2.50 applies to each deposit.');
      expect(await confirmFee()).toBe('2.50');
    } finally {
      await sql(server, "update setting set value = value - 'agreementFee' where key = 'server'");
    }
  });
});

describe('saveAgreementDeposits refuses every bad field, as data, and writes nothing', () => {
  it.each<[string, Record<string, unknown>, string, string, string]>([
    [
      'no frequency',
      { contributionFrequency: null },
      'FREQUENCY_REQUIRED',
      'contributionFrequency',
      DEPOSITS_MESSAGES.frequencyRequired,
    ],
    [
      'frequency 4',
      { contributionFrequency: 4 },
      'FREQUENCY_REQUIRED',
      'contributionFrequency',
      DEPOSITS_MESSAGES.frequencyRequired,
    ],
    ['no date', { contributionDate: null }, 'DATE_NOT_IN_RANGE', 'contributionDate', DEPOSITS_MESSAGES.dateNotInRange],
    [
      'yesterday',
      { contributionDate: '2027-03-01' },
      'START_DATE_IN_PAST',
      'contributionDate',
      DEPOSITS_MESSAGES.startInPast,
    ],
    [
      'a year ahead',
      { contributionDate: '2028-03-02' },
      'DATE_NOT_IN_RANGE',
      'contributionDate',
      DEPOSITS_MESSAGES.dateNotInRange,
    ],
    [
      'twice a month without dates',
      { contributionFrequency: 10 },
      'BI_MONTHLY_REQUIRED',
      'biMonthly1stDate',
      DEPOSITS_MESSAGES.biMonthlyRequired,
    ],
    [
      'twice a month on one day number',
      { contributionFrequency: 10, biMonthly1stDate: '2027-03-02', biMonthly2ndDate: '2027-04-02' },
      'BI_MONTHLY_SAME_DAY',
      'biMonthly2ndDate',
      DEPOSITS_MESSAGES.biMonthlySameDay,
    ],
    [
      'twice a month, second before first',
      { contributionFrequency: 10, biMonthly1stDate: '2027-03-16', biMonthly2ndDate: '2027-03-03' },
      'BI_MONTHLY_ORDER',
      'biMonthly2ndDate',
      DEPOSITS_MESSAGES.biMonthlySecondNotAfter,
    ],
    [
      'twice a month, a month apart',
      { contributionFrequency: 10, biMonthly1stDate: '2027-03-02', biMonthly2ndDate: '2027-04-03' },
      'BI_MONTHLY_TOO_FAR_APART',
      'biMonthly2ndDate',
      DEPOSITS_MESSAGES.biMonthlyTooFarApart,
    ],
    [
      'twice a month, no start chosen',
      {
        contributionFrequency: 10,
        contributionDate: '2027-03-05',
        biMonthly1stDate: '2027-03-06',
        biMonthly2ndDate: '2027-03-20',
      },
      'BI_MONTHLY_SELECTION',
      'selectedContributionDate',
      DEPOSITS_MESSAGES.biMonthlySelection,
    ],
    [
      'no payment preference',
      { depositType: null },
      'PAYMENT_PREFERENCE_REQUIRED',
      'depositType',
      DEPOSITS_MESSAGES.paymentPreference,
    ],
    [
      'payroll without remitter name',
      { remitterName: ' ' },
      'INVALID_PAYROLL_DEDUCTION',
      'remitterName',
      DEPOSITS_MESSAGES.payrollDeduction,
    ],
    [
      'payroll without remitter number',
      { remitterNumber: null },
      'INVALID_PAYROLL_DEDUCTION',
      'remitterNumber',
      DEPOSITS_MESSAGES.payrollDeduction,
    ],
    [
      'periodical without an account',
      { depositType: 2 },
      'INVALID_PERIODICAL_PAYMENT',
      'periodicalPaymentAccount',
      DEPOSITS_MESSAGES.periodicalPayment,
    ],
    [
      'a deposit a cent short',
      { contributionAmount: '37.03' },
      'EXPENSES_NOT_COVERED',
      'contributionAmount',
      'Expenses are not fully covered by the current deposit(s).',
    ],
    [
      'a negative deposit',
      { contributionAmount: '-1.00' },
      'INVALID_AMOUNT',
      'contributionAmount',
      'The deposit cannot be negative.',
    ],
  ])('%s', async (_, change, code, field, message) => {
    const before = await row();
    const body = await save({ ...fortnightly, ...change });
    expect(body.errors).toBeUndefined();
    const answer = body.data!.saveAgreementDeposits;
    expect(answer.step).toBeNull();
    expect(answer.errors[0]).toMatchObject({ code, field });
    expect(answer.errors[0].message).toContain(message);
    expect(await row()).toEqual(before);
  });

  it('refuses another member’s savings account for a periodical payment', async () => {
    const body = await save({ ...fortnightly, depositType: 2, periodicalPaymentAccount: otherMembersAccount });
    expect(body.data!.saveAgreementDeposits.errors[0]).toMatchObject({ code: 'INVALID_PERIODICAL_PAYMENT' });
  });

  it('lists several refusals at once', async () => {
    const body = await save({ ...fortnightly, contributionDate: '2027-03-01', depositType: null });
    expect(body.data!.saveAgreementDeposits.errors.map((e) => e.code)).toEqual([
      'START_DATE_IN_PAST',
      'PAYMENT_PREFERENCE_REQUIRED',
    ]);
  });

  it('refuses a malformed date before the resolver (GraphQL scalar)', async () => {
    const body = await save({ ...fortnightly, contributionDate: '02-03-2027' });
    expect(body.errors?.[0].message).toMatch(/contributionDate|LocalDate|date/i);
  });

  it('refuses a member on an agreement being set up (staff only), and another member’s agreement', async () => {
    const own = await save(fortnightly, member);
    expect(own.data!.saveAgreementDeposits.errors[0]).toMatchObject({ code: 'STAFF_ONLY' });
    const other = await server.token(...MEMBER_MISSED_DEPOSIT);
    const refused = await save(fortnightly, other);
    expect(refused.errors?.[0].message).toBe(NO_ACCESS);
  });
});

describe('overdrawn within the initial duration (DOMAIN check 1): TopupNow or RemoveBill', () => {
  beforeAll(async () => {
    await sql(server, `update biller set date_of_bill = '2027-03-12' where agreement_id = ?`, [contractId]);
  });

  it('warns and asks for the top-up of the deepest shortfall (37.04 - 250.00 = -212.96 on 12 March)', async () => {
    const { step } = await load(fortnightly);
    expect(step!.paymentDetails).toMatchObject({
      hasOverDrawDuration: true,
      totalOverDrawDurationAmount: '212.96',
      contractTopupAmount: '212.96',
      overdrawWarning: 'The Agreement may be overdrawn within its initial 8 week period.',
      approvalsNeeded: [],
    });
    expect(step!.deposits).toMatchObject({ isTopupDisabled: false, topupAmount: '212.96' });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no choice', {}, 'OVERDRAW_CHOICE_REQUIRED'],
    ['RemoveBill', { isRemoveBillPerformed: true }, 'REMOVE_BILL_REQUIRED'],
    ['TopupNow without an account', { isTopupPerformed: true }, 'TOPUP_ACCOUNT_REQUIRED'],
  ])('refuses %s and writes nothing', async (_, change, code) => {
    const before = await row();
    const body = await save({ ...fortnightly, ...change });
    expect(body.data!.saveAgreementDeposits.errors[0]).toMatchObject({ code });
    expect(await row()).toEqual(before);
  });

  it('refuses a top-up account whose available balance is below $212.96', async () => {
    const [account] = await sql<{ id: number }>(
      server,
      `insert into linked_account (member_id, account_number, is_active, is_default, product_name, created_at)
       select m.id, '999000111', true, false, 'Savings Account', now() from member m where m.member_number = ?
       returning id`,
      [MEMBER_TWO_ACCOUNTS[0]],
    );
    const body = await save({ ...fortnightly, isTopupPerformed: true, topupAccount: Number(account.id) });
    expect(body.data!.saveAgreementDeposits.errors[0]).toMatchObject({
      code: 'TOPUP_BALANCE_TOO_LOW',
      field: 'topupAccount',
      message: DEPOSITS_MESSAGES.topupBalanceTooLow,
    });
  });

  afterAll(async () => {
    await sql(server, `update biller set date_of_bill = '2027-05-12' where agreement_id = ?`, [contractId]);
  });
});

describe('saveAgreementDeposits saves', () => {
  it('writes the fortnightly deposits and answers the saved step', async () => {
    const body = await save(fortnightly);
    expect(body.data!.saveAgreementDeposits.errors).toEqual([]);
    expect(body.data!.saveAgreementDeposits.step!.deposits).toMatchObject({
      contributionFrequency: 2,
      contributionAmount: '37.04',
      depositType: 1,
    });
    const saved = await row();
    expect(saved).toMatchObject({
      contribution_frequency: 2,
      deposit_amount: '37.04',
      deposit_type: 1,
      remitter_name: 'Acme Payroll',
      remitter_number: 'E-1234',
      total_contract_value: '1000.00',
      is_topup_performed: false,
    });
    const [dates] = await sql<Record<string, string>>(
      server,
      `select contribution_date::text as c, next_deposit_date::text as n, start_date::text as s, end_date::text as e
       from agreement where id = ?`,
      [contractId],
    );
    expect(dates).toEqual({ c: today, n: today, s: today, e: '2028-03-01' });
  });

  it('saves twice a month from the second date chosen', async () => {
    const body = await save({
      ...fortnightly,
      contributionFrequency: 10,
      biMonthly1stDate: '2027-03-05',
      biMonthly2ndDate: '2027-03-20',
      selectedContributionDate: 1,
    });
    expect(body.data!.saveAgreementDeposits.errors).toEqual([]);
    const [saved] = await sql<Record<string, unknown>>(
      server,
      `select bi_monthly_first_date::text as f, bi_monthly_second_date::text as s, selected_contribution_date as sel,
         next_deposit_date::text as n from agreement where id = ?`,
      [contractId],
    );
    expect(saved).toEqual({ f: '2027-03-05', s: '2027-03-20', sel: 1, n: '2027-03-05' });
  });
});
