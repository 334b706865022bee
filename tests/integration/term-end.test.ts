import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLY_CHANGE_JOB } from '../../server/src/modules/agreement/change-jobs.js';
import { payOutAtTakeOver } from '../../server/src/modules/agreement/term-end/term-end-payout.js';
import { TERM_END_MESSAGES } from '../../server/src/modules/agreement/term-end/term-end.rules.js';
import { SimulationClock, simulateDay } from '../../server/src/modules/core-banking/simulation.js';
import { agreementBalances } from '../../server/src/modules/ledger/ledger-balances.js';
import { LedgerTransactionType } from '../../server/src/modules/ledger/ledger-transaction-type.js';
import { LedgerService } from '../../server/src/modules/ledger/ledger.service.js';
import { external, linkedAccount } from '../../server/src/modules/ledger/ledger.types.js';
import { addDays, todayIn, zonedInstant, type LocalDate } from '../../server/src/shared/local-date.js';
import { cents, formatCurrency, parseMoney, type Cents } from '../../server/src/shared/money.js';
import { AGENT, MEMBER_MISSED_DEPOSIT, MEMBER_TWO_ACCOUNTS, REPORTER } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { em, gql, memberIdOf, session, sql, type Session } from './portal-support.js';
import { agreementInForce } from './biller-wizard.fixtures.js';
import { salaryIntoRainyDay } from './ledger-fixture.js';
import { heldForOverdueBills } from './renewal.fixtures.js';

/**
 * A choice at term end (issue 24 item 5), on a real database: the choice opens when the agreement is due for renewal
 * (here: a renewal under way), shows the projection's closing balance and offers refund and savings only with a
 * surplus; the member (never another member, never the reporter) stores it with its activity; when the renewal takes
 * over on its first day, the surplus is paid into the chosen linked account in one balanced Closure transaction with
 * its activity (what was held for bills still unpaid goes into the renewal with them), and a retried takeover moves
 * nothing more.
 */
const TZ = 'Australia/Sydney';
const TODAY = todayIn(TZ);
const clock = new SimulationClock(zonedInstant(TODAY, TZ, 10), TZ);

const VIEW = `query($m: Int!, $a: Int!) { termEndChoice(memberId: $m, accountId: $a) {
  accountId agreementId endDate closingBalance renewalUnderWay choice accountNumber chosenAt message renewalDeposits
  options { kind words explanation accountNumber } refundAccounts { accountNumber nickname } } }`;
const CHOOSE = `mutation($input: ChooseTermEndInput!) { chooseTermEnd(input: $input) {
  ok termEnd { choice accountNumber message closingBalance } errors { code field message } } }`;
const ERRORS = 'errors { code field message }';
const OUTCOME = `outcome { agreementId status message } ${ERRORS}`;

interface View {
  accountId: number;
  agreementId: number;
  endDate: string;
  closingBalance: string | null;
  renewalUnderWay: boolean;
  choice: string;
  accountNumber: string | null;
  chosenAt: string | null;
  message: string;
  renewalDeposits: string | null;
  options: { kind: string; words: string; explanation: string; accountNumber: string | null }[];
  refundAccounts: { accountNumber: string; nickname: string | null }[];
}
interface Chosen {
  ok: boolean;
  termEnd: { choice: string; accountNumber: string | null; message: string } | null;
  errors: { code: string; field: string | null; message: string }[];
}

let server: TestServer;
let mary: Session;
let other: Session;
let agent: Session;
let reporter: Session;
let maryId: number;
let accountId: number;
let agreementId: number;
let endDate: LocalDate;
let refundTo: { id: number; account_number: string };
let otherAccountNumber: string;
let roll: { agreementId: number; renewalId: number; firstDay: LocalDate };
let rollChecked = false;

const view = async (who: Session) => {
  const body = await gql<{ termEndChoice: View | null }>(server, who, VIEW, { m: maryId, a: accountId });
  expect(body.errors).toBeUndefined();
  return body.data!.termEndChoice;
};
/**
 * Whether the choice is open as the screens learn it: the overview's summary (read on the overview's one statement)
 * and the agreement view's (the field's own statements) say the same.
 */
const due = async (who: Session) => {
  const body = await gql<{
    accountOverview: { agreement: { termEndDue: boolean } };
    agreement: { summary: { termEndDue: boolean } };
  }>(
    server,
    who,
    `query($m: Int!, $a: Int!, $g: Int!) { accountOverview(memberId: $m, accountId: $a) { agreement { termEndDue } }
       agreement(agreementId: $g) { summary { termEndDue } } }`,
    { m: maryId, a: accountId, g: agreementId },
  );
  expect(body.errors).toBeUndefined();
  expect(body.data!.accountOverview.agreement.termEndDue).toBe(body.data!.agreement.summary.termEndDue);
  return body.data!.accountOverview.agreement.termEndDue;
};
const choose = (who: Session, input: Record<string, unknown>) =>
  gql<{ chooseTermEnd: Chosen }>(server, who, CHOOSE, {
    input: { memberId: maryId, accountId, accountNumber: null, ...input },
  });
const stored = async () =>
  sql<{ choice: number; linked_account_id: number | null; applied_at: string | null; applied_amount: string | null }>(
    server,
    'select choice, linked_account_id, applied_at, applied_amount::text, applied_transaction_id from term_end_choice where agreement_id = ?',
    [agreementId],
  );
const choiceActivities = async () =>
  (
    await sql<{ n: number }>(
      server,
      "select count(*)::int as n from activity where agreement_id = ? and details like 'Term-end choice:%'",
      [agreementId],
    )
  )[0].n;
const staffCall = async <T>(query: string, variables: Record<string, unknown>) => {
  const body = await gql<T>(server, agent, query, variables);
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data;
};

/** Money into the member's linked account (a salary from core banking). */
async function fundLinkedAccount(memberId: number, linkedId: number, amount: Cents): Promise<void> {
  await em(server).transactional((tx) =>
    new LedgerService().post(tx, {
      type: LedgerTransactionType.CoreBankingCredit,
      memberId,
      effectiveDate: TODAY,
      description: 'Salary',
      lines: [
        { account: external(), amount: cents(-amount) },
        { account: linkedAccount(linkedId), amount },
      ],
    }),
  );
}

/** Money into the member's linked account, then a rainy-day top-up from it into the agreement: a surplus. */
async function fundRainyDay(memberId: number, agreement: number, linkedId: number, amount: Cents): Promise<void> {
  await em(server).transactional((tx) =>
    salaryIntoRainyDay(tx, { memberId, agreementId: agreement, linkedAccountId: linkedId, amount, date: TODAY }),
  );
}

/** Staff renew the agreement: the renewal (9) under way. */
async function renewed(id: number): Promise<number> {
  const answer = await staffCall<{ renewAgreement: { outcome: { agreementId: number } } }>(
    `mutation($id: Int!) { renewAgreement(agreementId: $id) { ${OUTCOME} } }`,
    { id },
  );
  return answer.renewAgreement.outcome.agreementId;
}

/** Staff save the renewal's deposits and send it; the member approves it; it waits (1) for its first day. */
async function approvedRenewal(
  renewalId: number,
  firstDay: LocalDate,
  member: Session,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const saved = await staffCall<{ saveAgreementDeposits: { errors: unknown[] } }>(
    `mutation($id: Int!, $input: DepositsInput!) { saveAgreementDeposits(agreementId: $id, input: $input) { ${ERRORS} } }`,
    {
      id: renewalId,
      input: {
        contributionFrequency: 2,
        contributionDate: firstDay,
        depositType: 1,
        remitterName: 'Acme Payroll',
        remitterNumber: 'E-1234',
        ...extra,
      },
    },
  );
  expect(saved.saveAgreementDeposits.errors).toEqual([]);
  const sent = await staffCall<{ saveAllAgreementChanges: { errors: unknown[] } }>(
    `mutation($id: Int!) { saveAllAgreementChanges(agreementId: $id) { ${OUTCOME} } }`,
    { id: renewalId },
  );
  expect(sent.saveAllAgreementChanges.errors).toEqual([]);
  const approved = await gql<{ approveAgreement: { ok: boolean } }>(
    server,
    member,
    'mutation($id: Int!) { approveAgreement(agreementId: $id) { ok errors { code message } } }',
    { id: renewalId },
  );
  expect(approved.data!.approveAgreement.ok).toBe(true);
  await server.app.services.jobs.drain(APPLY_CHANGE_JOB);
  const [status] = await sql<{ status: number }>(server, 'select status from agreement where id = ?', [renewalId]);
  expect(status.status).toBe(1);
}

beforeAll(async () => {
  server = await startTestServer({ clock });
  mary = await session(server, MEMBER_TWO_ACCOUNTS);
  other = await session(server, MEMBER_MISSED_DEPOSIT);
  agent = await session(server, AGENT);
  reporter = await session(server, REPORTER);
  maryId = await memberIdOf(server, MEMBER_TWO_ACCOUNTS[0]);
  ({ accountId, agreementId } = await agreementInForce(server, MEMBER_TWO_ACCOUNTS[0]));
  const [row] = await sql<{ end_date: string }>(server, 'select end_date::text from agreement where id = ?', [
    agreementId,
  ]);
  endDate = row.end_date as LocalDate;
  [refundTo] = await sql<{ id: number; account_number: string }>(
    server,
    'select id, account_number from linked_account where member_id = ? and is_active order by is_default, id limit 1',
    [maryId],
  );
  const otherId = await memberIdOf(server, MEMBER_MISSED_DEPOSIT[0]);
  [{ account_number: otherAccountNumber }] = await sql<{ account_number: string }>(
    server,
    'select account_number from linked_account where member_id = ? order by id limit 1',
    [otherId],
  );
}, 180_000);
afterAll(() => server?.stop());

describe('a choice at term end (issue 24 item 5)', () => {
  it('is closed while the agreement is not due for renewal: nothing to show, a choice refused', async () => {
    expect(endDate > addDays(TODAY, 60)).toBe(true); // the demo's agreements end more than a year ahead
    expect(await view(mary)).toBeNull();
    expect(await due(mary)).toBe(false);
    const refused = await choose(mary, { choice: 'Roll' });
    expect(refused.data!.chooseTermEnd).toMatchObject({
      ok: false,
      errors: [{ code: 'TERM_END_NOT_DUE', field: 'accountId', message: TERM_END_MESSAGES.notDue }],
    });
    expect(await stored()).toEqual([]);
  });

  it('opens once a renewal is under way, with the projection’s closing balance; refund and savings with a surplus', async () => {
    expect(await renewed(agreementId)).toBeGreaterThan(agreementId);
    const before = (await view(mary))!;
    expect(before).toMatchObject({ agreementId, accountId, endDate, renewalUnderWay: true, choice: 'Roll' });
    expect(before.chosenAt).toBeNull();
    expect(await due(mary)).toBe(true);
    expect(await due(agent)).toBe(true);
    const closing = parseMoney(before.closingBalance!);

    // A surplus at term end: enough rainy-day money that the agreement closes $500.00 up whatever its forecast was.
    const topUp = cents(Math.max(0, -closing) + 500_00);
    await fundRainyDay(maryId, agreementId, refundTo.id, topUp);
    const after = (await view(mary))!;
    // The figure is the forecast's: the top-up lifts the closing balance by exactly its amount.
    expect(parseMoney(after.closingBalance!)).toBe(closing + topUp);
    expect(after.options.map((o) => o.kind)).toEqual(['Roll', 'Refund', 'Savings']);
    expect(after.options.find((o) => o.kind === 'Savings')!.accountNumber).toMatch(/\d/);
    expect(after.refundAccounts.map((a) => a.accountNumber)).toContain(refundTo.account_number);
    expect(after.refundAccounts.map((a) => a.accountNumber)).not.toContain(otherAccountNumber);
    // Staff read the same; so does the reporter (read-only).
    expect(await view(agent)).toMatchObject({ closingBalance: after.closingBalance, choice: 'Roll' });
    expect(await view(reporter)).toMatchObject({ closingBalance: after.closingBalance });
  });

  it('refuses another member, the reporter and a bad account with a clear error, changing nothing', async () => {
    const activities = await choiceActivities();
    const foreign = await choose(other, { choice: 'Refund', accountNumber: otherAccountNumber });
    expect(foreign.data).toBeNull();
    expect(foreign.errors?.[0].message).toBeTruthy();
    const foreignRead = await gql<{ termEndChoice: View | null }>(server, other, VIEW, { m: maryId, a: accountId });
    expect(foreignRead.data?.termEndChoice ?? null).toBeNull();
    expect(foreignRead.errors?.[0].message).toBeTruthy();
    const readOnly = await choose(reporter, { choice: 'Roll' });
    expect(readOnly.data).toBeNull();
    expect(readOnly.errors?.[0].message).toBeTruthy();

    const noAccount = await choose(mary, { choice: 'Refund' });
    expect(noAccount.data!.chooseTermEnd.errors).toEqual([
      { code: 'ACCOUNT_REQUIRED', field: 'accountNumber', message: TERM_END_MESSAGES.accountRequired },
    ]);
    const notHers = await choose(mary, { choice: 'Refund', accountNumber: otherAccountNumber });
    expect(notHers.data!.chooseTermEnd.errors).toEqual([
      { code: 'ACCOUNT_NOT_LINKED', field: 'accountNumber', message: TERM_END_MESSAGES.accountNotLinked },
    ]);
    const unknown = await choose(mary, { choice: 'Lottery' });
    expect(unknown.errors?.[0].message).toContain('Lottery');
    expect(await stored()).toEqual([]);
    expect(await choiceActivities()).toBe(activities);
  });

  it('stores the member’s choice with its activity; staff see it; the renewal’s deposits then open without the surplus', async () => {
    const renewalId = (
      await sql<{ id: number }>(server, 'select id from agreement where previous_id = ? and status = 9', [agreementId])
    )[0].id;
    const opening = async () =>
      (
        await staffCall<{ agreementDeposits: { step: { plan: { required: { openingBalance: string } } | null } } }>(
          `query($id: Int!) { agreementDeposits(agreementId: $id, draft: null) {
            step { plan { required { openingBalance } } } } }`,
          { id: renewalId },
        )
      ).agreementDeposits.step.plan?.required.openingBalance;
    // Rolled (nothing chosen): the renewal's deposits are worked out with the closing balance carried over, and with
    // the money held for her bills overdue today, which it takes over with them (the closing balance has paid them).
    const heldFor = await heldForOverdueBills(server, agreementId, TODAY);
    expect(heldFor).toBeGreaterThan(0); // the demo's overdue and failed bills
    expect(parseMoney((await opening())!)).toBe(parseMoney((await view(mary))!.closingBalance!) + heldFor);
    const chosen = await choose(mary, { choice: 'Refund', accountNumber: refundTo.account_number });
    expect(chosen.data!.chooseTermEnd).toMatchObject({
      ok: true,
      errors: [],
      termEnd: { choice: 'Refund', accountNumber: refundTo.account_number },
    });
    expect(chosen.data!.chooseTermEnd.termEnd!.message).toBe(
      `Chosen: Refund the surplus to linked account ${refundTo.account_number}.`,
    );
    expect(await stored()).toMatchObject([{ choice: 2, linked_account_id: refundTo.id, applied_at: null }]);
    const [activity] = await sql<{ type: number; details: string; agent_name: string | null }>(
      server,
      "select type, details, agent_name from activity where agreement_id = ? and details like 'Term-end choice:%'",
      [agreementId],
    );
    expect(activity).toMatchObject({
      type: 7,
      details: `Term-end choice: Refund the surplus to linked account ${refundTo.account_number}`,
    });
    expect(await view(agent)).toMatchObject({ choice: 'Refund', accountNumber: refundTo.account_number });
    // Refunded: the surplus is not carried over, so the renewal's deposits open with only what is held for the bills.
    expect(parseMoney((await opening())!)).toBe(heldFor);
    // Still with staff: the panel says its deposits are worked out again with the choice, and what the renewal then
    // needs a deposit is the deposits step's own figure (opening from zero).
    const required = (
      await staffCall<{ agreementDeposits: { step: { plan: { required: { amount: string } } | null } } }>(
        `query($id: Int!) { agreementDeposits(agreementId: $id, draft: null) { step { plan { required { amount } } } } }`,
        { id: renewalId },
      )
    ).agreementDeposits.step.plan!.required.amount;
    const [saved] = await sql<{ deposit_amount: string }>(
      server,
      'select deposit_amount::text from agreement where id = ?',
      [renewalId],
    );
    expect((await view(mary))!.renewalDeposits).toBe(
      `Staff are still preparing the renewal: its deposits (${formatCurrency(parseMoney(saved.deposit_amount))} a deposit (fortnightly) so far) are worked out again with this choice when they save them; with it the renewal needs ${formatCurrency(parseMoney(required))} a deposit.`,
    );
  });

  it('keeps a roll as today: chosen by the member, the whole balance carried over, nothing paid out', async () => {
    const otherId = await memberIdOf(server, MEMBER_MISSED_DEPOSIT[0]);
    const own = await agreementInForce(server, MEMBER_MISSED_DEPOSIT[0]);
    const [row] = await sql<{ end_date: string }>(server, 'select end_date::text from agreement where id = ?', [
      own.agreementId,
    ]);
    const renewalId = await renewed(own.agreementId);
    // Enough that the renewal's deposits step opens with money in hand (no overdraw in its first weeks).
    const [linked] = await sql<{ id: number }>(
      server,
      'select id from linked_account where member_id = ? order by id',
      [otherId],
    );
    const before = await gql<{ termEndChoice: View | null }>(server, other, VIEW, { m: otherId, a: own.accountId });
    const closing = parseMoney(before.data!.termEndChoice!.closingBalance!);
    await fundRainyDay(otherId, own.agreementId, linked.id, cents(Math.max(0, -closing) + 3_000_00));
    const chosen = await gql<{ chooseTermEnd: Chosen }>(server, other, CHOOSE, {
      input: { memberId: otherId, accountId: own.accountId, choice: 'Roll', accountNumber: null },
    });
    expect(chosen.data!.chooseTermEnd).toMatchObject({ ok: true, errors: [], termEnd: { choice: 'Roll' } });
    await approvedRenewal(renewalId, addDays(row.end_date as LocalDate, 1), other);
    roll = { agreementId: own.agreementId, renewalId, firstDay: addDays(row.end_date as LocalDate, 1) };
  });

  it('is carried out once when the renewal takes over: the surplus paid into the linked account, not carried over', async () => {
    const renewalId = (
      await sql<{ id: number }>(server, 'select id from agreement where previous_id = ? and status = 9', [agreementId])
    )[0].id;
    const firstDay = addDays(endDate, 1);
    // Opening from zero (the surplus refunded), its first weeks need the deposits step's top-up now, paid from her
    // linked account when it takes over.
    await fundLinkedAccount(maryId, refundTo.id, cents(20_000_00));
    // The renewal's period as the deposits step works it out for staff's save below: its bills' total (amount +
    // contingency) and its deposits, which do not depend on what it opens with.
    const draft = {
      contributionFrequency: 2,
      contributionDate: firstDay,
      depositType: 1,
      remitterName: 'Acme Payroll',
      remitterNumber: 'E-1234',
      isTopupPerformed: true,
      topupAccount: refundTo.id,
    };
    const { required } = (
      await staffCall<{
        agreementDeposits: {
          step: { plan: { required: { totalExpenses: string; depositCount: number; openingBalance: string } } };
        };
      }>(
        `query($id: Int!, $draft: DepositsInput) { agreementDeposits(agreementId: $id, draft: $draft) {
          step { plan { required { totalExpenses depositCount openingBalance } } } } }`,
        { id: renewalId, draft },
      )
    ).agreementDeposits.step.plan;
    // Nothing of the surplus: only the money held for her bills overdue today, which the renewal takes over.
    const heldFor = await heldForOverdueBills(server, agreementId, TODAY);
    expect(parseMoney(required.openingBalance)).toBe(heldFor);
    const total = parseMoney(required.totalExpenses);
    const deposits = required.depositCount;
    /** By hand: ceil((total - opening) / deposits), to the cent (DOMAIN "Deposits"); `carried` of the closing balance. */
    const byHand = (carried: number) => cents(Math.ceil(Math.max(0, total - carried - heldFor) / deposits));
    await approvedRenewal(renewalId, firstDay, mary, { isTopupPerformed: true, topupAccount: refundTo.id });
    const depositOf = async () =>
      parseMoney(
        (
          await sql<{ deposit_amount: string }>(server, 'select deposit_amount::text from agreement where id = ?', [
            renewalId,
          ])
        )[0].deposit_amount,
      );
    // Staff saved them after she chose the refund: the renewal opens from zero.
    const refundDeposit = byHand(0);
    expect(await depositOf()).toBe(refundDeposit);
    // Still open while the approved renewal waits for its first day.
    const waiting = (await view(mary))!;
    expect(waiting).toMatchObject({ choice: 'Refund', renewalUnderWay: true });
    const closing = parseMoney(waiting.closingBalance!);
    expect(closing).toBeGreaterThan(0);
    const rollDeposit = byHand(closing);
    expect(rollDeposit).toBeLessThan(refundDeposit);
    // Its deposits are agreed now: the panel says what each choice makes them, worked out again when chosen.
    const agreedWords = `The renewal’s deposits are agreed at ${formatCurrency(refundDeposit)} a deposit (fortnightly)`;
    expect(waiting.renewalDeposits).toBe(`${agreedWords}: with this choice they are what the renewal needs.`);
    const explained = (answer: View, kind: string) => answer.options.find((o) => o.kind === kind)!.explanation;
    expect(explained(waiting, 'Refund').endsWith(waiting.renewalDeposits!)).toBe(true);
    expect(
      explained(waiting, 'Roll').endsWith(
        `lowers its deposits. ${agreedWords}: with this choice they are worked out again to ${formatCurrency(rollDeposit)} a deposit, ${formatCurrency(cents(refundDeposit - rollDeposit))} less.`,
      ),
    ).toBe(true);

    // She changes her mind after agreeing the renewal: rolled, the surplus is carried in and the agreed renewal's
    // stored deposits are worked out again by the deposits step's rules and writer, to the cent of the hand figure.
    const rolled = await choose(mary, { choice: 'Roll' });
    expect(rolled.data!.chooseTermEnd).toMatchObject({ ok: true, errors: [], termEnd: { choice: 'Roll' } });
    expect(await depositOf()).toBe(rollDeposit);
    const [[renewalRow]] = [
      await sql<{ status: number; is_topup_performed: boolean; topup_account_id: number | null }>(
        server,
        'select status, is_topup_performed, topup_account_id from agreement where id = ?',
        [renewalId],
      ),
    ];
    // Still approved and waiting; her top-up choice kept for when the renewal needs one again.
    expect(renewalRow).toMatchObject({ status: 1, is_topup_performed: true, topup_account_id: refundTo.id });
    const [rolledActivity] = await sql<{ details: string; data: { renewalDeposit: Record<string, unknown> } }>(
      server,
      "select details, data from activity where agreement_id = ? and details like 'Term-end choice:%' order by id desc limit 1",
      [agreementId],
    );
    expect(rolledActivity.details).toBe(
      `Term-end choice: Roll the balance into the renewal; the renewal’s deposit worked out again from ${formatCurrency(refundDeposit)} to ${formatCurrency(rollDeposit)}`,
    );
    expect(rolledActivity.data.renewalDeposit).toEqual({ renewalId, before: refundDeposit, after: rollDeposit });
    expect((await view(mary))!.renewalDeposits).toBe(
      `The renewal’s deposits are agreed at ${formatCurrency(rollDeposit)} a deposit (fortnightly): with this choice they are what the renewal needs.`,
    );
    // Her review of the renewal states the choice and its effect on the deposit (the server's figures).
    const reviewed = async () =>
      (
        await gql<{ agreementChangeReview: { termEnd: Record<string, unknown> } }>(
          server,
          mary,
          `query($id: Int!) { agreementChangeReview(agreementId: $id) {
            termEnd { choice chosen closingBalance carriedIntoRenewal depositEffect message } } }`,
          { id: renewalId },
        )
      ).data!.agreementChangeReview.termEnd;
    const lowered = cents(refundDeposit - rollDeposit);
    const rolledReview = await reviewed();
    expect(rolledReview).toMatchObject({ choice: 'Roll', chosen: true, closingBalance: waiting.closingBalance });
    expect(parseMoney(rolledReview.carriedIntoRenewal as string)).toBe(closing);
    expect(parseMoney(rolledReview.depositEffect as string)).toBe(-lowered);
    expect(rolledReview.message).toBe(
      `Your term-end choice: Roll the balance into the renewal. The ${formatCurrency(closing as Cents)} your agreement is forecast to close with is carried into the renewal and lowers its deposit to ${formatCurrency(rollDeposit)} (${formatCurrency(lowered)} less than starting from zero).`,
    );
    // And back to the refund: opening from zero again, the deposit is the refund's hand figure once more.
    const refunded = await choose(mary, { choice: 'Refund', accountNumber: refundTo.account_number });
    expect(refunded.data!.chooseTermEnd).toMatchObject({ ok: true, errors: [], termEnd: { choice: 'Refund' } });
    expect(await depositOf()).toBe(refundDeposit);
    const refundReview = await reviewed();
    expect(refundReview).toMatchObject({ choice: 'Refund', chosen: true, carriedIntoRenewal: '0.00' });
    expect(parseMoney(refundReview.depositEffect as string)).toBe(0);
    expect(refundReview.message).toBe(
      `Your term-end choice: Refund the surplus to linked account ${refundTo.account_number}. The ${formatCurrency(closing as Cents)} your agreement is forecast to close with is paid out when the renewal takes over, so the renewal starts from zero and its deposit of ${formatCurrency(refundDeposit)} carries nothing in.`,
    );
    // Choosing the same again works nothing out again: the deposit stays, the history says only the choice.
    await choose(mary, { choice: 'Refund', accountNumber: refundTo.account_number });
    expect(await depositOf()).toBe(refundDeposit);
    const [same] = await sql<{ details: string }>(
      server,
      "select details from activity where agreement_id = ? and details like 'Term-end choice:%' order by id desc limit 1",
      [agreementId],
    );
    expect(same.details).toBe(`Term-end choice: Refund the surplus to linked account ${refundTo.account_number}`);

    // The roll's renewal takes over first when its day comes first (the clock only moves forward).
    if (roll.firstDay < firstDay) await takeOverRoll();
    // The year runs: its deposits come (a year of them in the account they are paid from), its automatic payments go;
    // the last day catches up.
    const [{ from }] = await sql<{ from: number }>(
      server,
      'select periodical_payment_account_id as from from agreement where id = ?',
      [agreementId],
    );
    await fundLinkedAccount(maryId, Number(from), cents(60_000_00));
    await simulateDay(server.app.services.jobs, server.app.services.bankDay, em(server), clock, endDate);
    // What the version in force holds when its renewal takes over (the bank day's first step), and the surplus: that
    // less its bills still unpaid (they go into the renewal with the money held for them), the closing balance shown.
    const held = (await agreementBalances(em(server), [agreementId])).get(agreementId)!;
    const [{ owed }] = await sql<{ owed: string }>(
      server,
      `select coalesce(sum(expected_amount), 0)::text as owed from bill where agreement_id = ? and status in (0, 1, 4, 5, 6)
         and due_date <= ?::date`,
      [agreementId, endDate],
    );
    const surplus = cents(held.total - parseMoney(owed));
    expect(surplus).toBeGreaterThan(0);
    mary = await session(server, MEMBER_TWO_ACCOUNTS); // signed in again a year on
    expect(parseMoney((await view(mary))!.closingBalance!)).toBe(surplus);
    await simulateDay(server.app.services.jobs, server.app.services.bankDay, em(server), clock, firstDay);
    const statuses = await sql<{ id: number; status: number }>(
      server,
      'select id, status from agreement where id in (?, ?) order by id',
      [agreementId, renewalId],
    );
    expect(statuses.map((s) => s.status)).toEqual([10, 7]);

    // One Closure transaction: the old version's pockets emptied into the linked account, balanced, with its activity.
    const closures = await sql<{ id: number }>(
      server,
      'select id from ledger_transaction where agreement_id = ? and type = ?',
      [agreementId, LedgerTransactionType.Closure],
    );
    expect(closures).toHaveLength(1);
    const entries = await sql<{ kind: number; linked_account_id: number | null; amount: string }>(
      server,
      `select a.kind, a.linked_account_id, e.amount::text from ledger_entry e join ledger_account a on a.id = e.ledger_account_id
       where e.transaction_id = ?`,
      [closures[0].id],
    );
    const sum = entries.reduce((total, e) => total + parseMoney(e.amount), 0);
    expect(sum).toBe(0);
    const paid = entries.find((e) => e.linked_account_id === refundTo.id)!;
    expect(parseMoney(paid.amount)).toBe(surplus);
    const [activity] = await sql<{ type: number; details: string }>(
      server,
      'select type, details from activity where agreement_id = ? and type = 29 and details like ?',
      [agreementId, 'Term-end surplus%'],
    );
    expect(activity.details).toBe(
      `Term-end surplus of ${formatCurrency(surplus)} paid into linked account ${refundTo.account_number} as chosen, when the renewal took over`,
    );
    expect(await stored()).toMatchObject([
      { choice: 2, applied_at: expect.anything(), applied_amount: expect.stringMatching(/^\d+\.\d\d$/) },
    ]);
    expect(parseMoney((await stored())[0].applied_amount!)).toBe(surplus);
    // Only what was held for the unpaid bills is carried over, with them: the old version is at zero.
    expect((await agreementBalances(em(server), [agreementId])).get(agreementId)!.total).toBe(0);
    const [transfers] = await sql<{ amount: string }>(
      server,
      `select coalesce(sum(e.amount), 0)::text as amount from ledger_transaction t join ledger_entry e on e.transaction_id = t.id
       join ledger_account a on a.id = e.ledger_account_id where t.agreement_id = ? and t.type = ? and a.agreement_id = ?`,
      [renewalId, LedgerTransactionType.VersionTransfer, renewalId],
    );
    expect(parseMoney(transfers.amount)).toBe(held.total - surplus);
    const [tookOver] = await sql<{ data: { termEnd: Record<string, unknown> } }>(
      server,
      'select data from activity where agreement_id = ? and type = 21 order by id desc limit 1',
      [renewalId],
    );
    expect(tookOver.data.termEnd).toMatchObject({ choice: 'refund', accountNumber: refundTo.account_number });

    // Again (a retried job, a second instance, the day re-run): nothing more moves.
    expect(await server.app.services.changeApplier.takeOverRenewals(em(server), firstDay)).toEqual([]);
    const again = await em(server).transactional((tx) =>
      payOutAtTakeOver(tx, new LedgerService(), { agreementId, renewalId, today: firstDay, now: clock.now() }),
    );
    expect(again).toBeNull();
    const [count] = await sql<{ n: number }>(
      server,
      'select count(*)::int as n from ledger_transaction where agreement_id = ? and type = ?',
      [agreementId, LedgerTransactionType.Closure],
    );
    expect(count.n).toBe(1);
    // The choice is closed: the renewal is now the agreement in force, not due (signed in again a year on).
    mary = await session(server, MEMBER_TWO_ACCOUNTS);
    expect(await view(mary)).toBeNull();
    if (roll.firstDay >= firstDay) await takeOverRoll();
    expect(rollChecked).toBe(true);
  });
});

/** 100002's renewal with Roll chosen takes over: the whole balance carried over as before, no Closure, applied once. */
async function takeOverRoll(): Promise<void> {
  const held = (await agreementBalances(em(server), [roll.agreementId])).get(roll.agreementId)!;
  await simulateDay(server.app.services.jobs, server.app.services.bankDay, em(server), clock, roll.firstDay);
  const [status] = await sql<{ status: number }>(server, 'select status from agreement where id = ?', [roll.renewalId]);
  expect([4, 7]).toContain(status.status);
  const [closures] = await sql<{ n: number }>(
    server,
    'select count(*)::int as n from ledger_transaction where agreement_id = ? and type = ?',
    [roll.agreementId, LedgerTransactionType.Closure],
  );
  expect(closures.n).toBe(0);
  const carried = await sql<{ amount: string }>(
    server,
    `select coalesce(sum(e.amount), 0)::text as amount from ledger_transaction t
     join ledger_entry e on e.transaction_id = t.id join ledger_account a on a.id = e.ledger_account_id
     where t.agreement_id = ? and t.type = ? and a.agreement_id = ?`,
    [roll.renewalId, LedgerTransactionType.VersionTransfer, roll.renewalId],
  );
  expect(parseMoney(carried[0].amount)).toBe(held.total);
  const [choice] = await sql<{
    applied_at: string | null;
    applied_amount: string;
    applied_transaction_id: number | null;
  }>(
    server,
    'select applied_at, applied_amount::text, applied_transaction_id from term_end_choice where agreement_id = ?',
    [roll.agreementId],
  );
  expect(choice).toMatchObject({ applied_at: expect.anything(), applied_amount: '0.00', applied_transaction_id: null });
  rollChecked = true;
}
