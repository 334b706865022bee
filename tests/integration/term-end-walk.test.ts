import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLY_CHANGE_JOB } from '../../server/src/modules/agreement/change-jobs.js';
import { SimulationClock, simulateDay } from '../../server/src/modules/core-banking/simulation.js';
import { agreementBalances } from '../../server/src/modules/ledger/ledger-balances.js';
import { LedgerTransactionType } from '../../server/src/modules/ledger/ledger-transaction-type.js';
import { LedgerService } from '../../server/src/modules/ledger/ledger.service.js';
import { external, linkedAccount, rainyDay } from '../../server/src/modules/ledger/ledger.types.js';
import { addDays, todayIn, zonedInstant, type LocalDate } from '../../server/src/shared/local-date.js';
import { cents, formatCurrency, parseMoney, type Cents } from '../../server/src/shared/money.js';
import { AGENT, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { em, gql, memberIdOf, session, sql, type Session } from './portal-support.js';
import { agreementInForce } from './biller-wizard.fixtures.js';

/**
 * A surplus walked to its term end on the test clock with the savings choice (issue 24 item 5; the refund and roll
 * walks are in term-end.test.ts), the cents checked by hand: on the last day nothing has moved and the choice is still
 * open; on the renewal's first day the bank day pays the surplus (what the version in force holds less its bills still
 * unpaid: the closing balance she was shown) into the default savings account, once — one balanced Closure
 * transaction, the rest carried into the renewal with those bills (its stored plan's opening balance), the old version
 * at zero, the savings account up by the same cents — with the choice, the payout and the takeover in the activity
 * history; the day run again moves nothing more.
 */
const TZ = 'Australia/Sydney';
const TODAY = todayIn(TZ);
const clock = new SimulationClock(zonedInstant(TODAY, TZ, 10), TZ);

const VIEW = `query($m: Int!, $a: Int!) { termEndChoice(memberId: $m, accountId: $a) {
  closingBalance choice accountNumber options { kind accountNumber } } }`;
const CHOOSE = `mutation($input: ChooseTermEndInput!) { chooseTermEnd(input: $input) {
  ok termEnd { choice accountNumber } errors { code message } } }`;
const ERRORS = 'errors { code field message }';

let server: TestServer;
let mary: Session;
let agent: string;
let maryId: number;
let accountId: number;
let agreementId: number;
let renewalId: number;
let endDate: LocalDate;
let savings: { id: number; account_number: string };

const staffCall = async <T>(query: string, variables: Record<string, unknown>) => {
  const { body } = await server.graphql<T>(query, variables, agent);
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data;
};

/** What a linked account holds in the ledger (its entries summed). */
const linkedBalance = async (linkedId: number): Promise<Cents> => {
  const [row] = await sql<{ amount: string }>(
    server,
    `select coalesce(sum(e.amount), 0)::text as amount from ledger_entry e
     join ledger_account a on a.id = e.ledger_account_id where a.linked_account_id = ?`,
    [linkedId],
  );
  return parseMoney(row.amount);
};

const closures = () =>
  sql<{ id: number }>(server, 'select id from ledger_transaction where agreement_id = ? and type = ?', [
    agreementId,
    LedgerTransactionType.Closure,
  ]);

beforeAll(async () => {
  server = await startTestServer({ clock });
  mary = await session(server, MEMBER_TWO_ACCOUNTS);
  agent = await server.token(...AGENT);
  maryId = await memberIdOf(server, MEMBER_TWO_ACCOUNTS[0]);
  ({ accountId, agreementId } = await agreementInForce(server, MEMBER_TWO_ACCOUNTS[0]));
  const [row] = await sql<{ end_date: string }>(server, 'select end_date::text from agreement where id = ?', [
    agreementId,
  ]);
  endDate = row.end_date as LocalDate;
  [savings] = await sql<{ id: number; account_number: string }>(
    server,
    'select id, account_number from linked_account where member_id = ? and is_active and is_default',
    [maryId],
  );
}, 180_000);
afterAll(() => server?.stop());

describe('a surplus walked to term end with the savings choice (issue 24 item 5)', () => {
  it('pays the surplus shown into savings once, on the renewal’s first day, with its history', async () => {
    // Staff renew; the agreement is due and shows its projected closing balance.
    const renewed = await staffCall<{ renewAgreement: { outcome: { agreementId: number } } }>(
      `mutation($id: Int!) { renewAgreement(agreementId: $id) { outcome { agreementId } ${ERRORS} } }`,
      { id: agreementId },
    );
    renewalId = renewed.renewAgreement.outcome.agreementId;
    const view = async () =>
      (
        await gql<{
          termEndChoice: {
            closingBalance: string;
            choice: string;
            accountNumber: string | null;
            options: { kind: string; accountNumber: string | null }[];
          } | null;
        }>(server, mary, VIEW, { m: maryId, a: accountId })
      ).data!.termEndChoice;
    const closing = parseMoney((await view())!.closingBalance);

    // A surplus of $750.00 at term end whatever the forecast was: salary into her everyday account, then a rainy-day
    // top-up from it. (Her savings account is the default one; the salary goes elsewhere.)
    const [everyday] = await sql<{ id: number }>(
      server,
      'select id from linked_account where member_id = ? and is_active and id <> ? order by id limit 1',
      [maryId, savings.id],
    );
    const topUp = cents(Math.max(0, -closing) + 750_00);
    await em(server).transactional(async (tx) => {
      const ledger = new LedgerService();
      await ledger.post(tx, {
        type: LedgerTransactionType.CoreBankingCredit,
        memberId: maryId,
        effectiveDate: TODAY,
        description: 'Salary',
        lines: [
          { account: external(), amount: cents(-(topUp + 20_000_00)) },
          { account: linkedAccount(everyday.id), amount: cents(topUp + 20_000_00) },
        ],
      });
      await ledger.post(tx, {
        type: LedgerTransactionType.RainyDayTopUp,
        agreementId,
        effectiveDate: TODAY,
        description: 'Rainy-day top-up',
        lines: [
          { account: linkedAccount(everyday.id), amount: cents(-topUp) },
          { account: rainyDay(agreementId), amount: topUp },
        ],
        activity: { type: 20, details: 'Rainy-day top-up for the term-end walk' },
      });
    });
    // Her fortnightly deposits come from her savings account: a year of them is there, so that they all arrive.
    await em(server).transactional((tx) =>
      new LedgerService().post(tx, {
        type: LedgerTransactionType.CoreBankingCredit,
        memberId: maryId,
        effectiveDate: TODAY,
        description: 'Salary',
        lines: [
          { account: external(), amount: cents(-60_000_00) },
          { account: linkedAccount(savings.id), amount: cents(60_000_00) },
        ],
      }),
    );
    const surplus = parseMoney((await view())!.closingBalance);
    expect(surplus).toBe(closing + topUp);
    expect(surplus).toBeGreaterThanOrEqual(750_00);

    // She chooses savings: the default savings account, named by the server.
    const chosen = await gql<{ chooseTermEnd: { ok: boolean; termEnd: { accountNumber: string } } }>(
      server,
      mary,
      CHOOSE,
      { input: { memberId: maryId, accountId, choice: 'Savings', accountNumber: null } },
    );
    expect(chosen.data!.chooseTermEnd).toMatchObject({ ok: true, termEnd: { accountNumber: savings.account_number } });

    // Staff prepare the renewal (opening from zero, so with the top-up now from her everyday account); she approves;
    // it waits (1) for its first day.
    const saved = await staffCall<{ saveAgreementDeposits: { errors: unknown[] } }>(
      `mutation($id: Int!, $input: DepositsInput!) { saveAgreementDeposits(agreementId: $id, input: $input) { ${ERRORS} } }`,
      {
        id: renewalId,
        input: {
          contributionFrequency: 2,
          contributionDate: addDays(endDate, 1),
          depositType: 1,
          remitterName: 'Acme Payroll',
          remitterNumber: 'E-1234',
          isTopupPerformed: true,
          topupAccount: everyday.id,
        },
      },
    );
    expect(saved.saveAgreementDeposits.errors).toEqual([]);
    const sent = await staffCall<{ saveAllAgreementChanges: { errors: unknown[] } }>(
      `mutation($id: Int!) { saveAllAgreementChanges(agreementId: $id) { outcome { agreementId } ${ERRORS} } }`,
      { id: renewalId },
    );
    expect(sent.saveAllAgreementChanges.errors).toEqual([]);
    const approved = await gql<{ approveAgreement: { ok: boolean } }>(
      server,
      mary,
      'mutation($id: Int!) { approveAgreement(agreementId: $id) { ok errors { code message } } }',
      { id: renewalId },
    );
    expect(approved.data!.approveAgreement.ok).toBe(true);
    await server.app.services.jobs.drain(APPLY_CHANGE_JOB);

    // The last day: the bank day runs, nothing is paid out yet, the choice is still open.
    await simulateDay(server.app.services.jobs, server.app.services.bankDay, em(server), clock, endDate);
    expect(await closures()).toEqual([]);
    const [open] = await sql<{ applied_at: string | null }>(
      server,
      'select applied_at from term_end_choice where agreement_id = ?',
      [agreementId],
    );
    expect(open.applied_at).toBeNull();

    // What the version in force holds, pocket by pocket, when the renewal takes over (the first day's first step).
    const held = (await agreementBalances(em(server), [agreementId])).get(agreementId)!;
    expect(held.total).toBe(held.allocation + held.contingency + held.rainyDay);
    expect(held.total).toBeGreaterThan(0);
    // The surplus paid out: what it holds less the bills of its term still unpaid (they go into the renewal with the
    // money held for them): the closing balance she was shown.
    const [{ owed }] = await sql<{ owed: string }>(
      server,
      `select coalesce(sum(expected_amount), 0)::text as owed from bill where agreement_id = ? and status in (0, 1, 4, 5, 6)
         and due_date <= ?::date`,
      [agreementId, endDate],
    );
    const paid = cents(held.total - parseMoney(owed));
    expect(paid).toBe(surplus);
    const savingsBefore = await linkedBalance(savings.id);
    const firstDay = addDays(endDate, 1);
    await simulateDay(server.app.services.jobs, server.app.services.bankDay, em(server), clock, firstDay);
    const statuses = await sql<{ status: number }>(
      server,
      'select status from agreement where id in (?, ?) order by id',
      [agreementId, renewalId],
    );
    expect(statuses.map((s) => s.status)).toEqual([10, 7]);

    // One Closure transaction: the surplus out of the pockets, the same cents into savings, balanced.
    const [closure] = await closures();
    expect(closure).toBeDefined();
    const entries = await sql<{
      kind: number;
      agreement_id: number | null;
      linked_account_id: number | null;
      amount: string;
    }>(
      server,
      `select a.kind, a.agreement_id, a.linked_account_id, e.amount::text from ledger_entry e
       join ledger_account a on a.id = e.ledger_account_id where e.transaction_id = ? order by e.id`,
      [closure.id],
    );
    const intoSavings = entries.filter((e) => e.linked_account_id === savings.id);
    expect(intoSavings).toHaveLength(1);
    expect(parseMoney(intoSavings[0].amount)).toBe(paid);
    const outOfPockets = entries
      .filter((e) => e.agreement_id === agreementId)
      .reduce((sum, e) => sum + parseMoney(e.amount), 0);
    expect(outOfPockets).toBe(-paid);
    expect(entries.reduce((sum, e) => sum + parseMoney(e.amount), 0)).toBe(0);
    expect(await linkedBalance(savings.id)).toBe(savingsBefore + paid);
    expect((await agreementBalances(em(server), [agreementId])).get(agreementId)!.total).toBe(0);

    // What was held for the unpaid bills goes into the renewal with them (one transfer): its stored plan's opening.
    const [transfers] = await sql<{ n: number; amount: string }>(
      server,
      `select count(distinct t.id)::int as n, coalesce(sum(e.amount) filter (where a.agreement_id = ?), 0)::text as amount
       from ledger_transaction t join ledger_entry e on e.transaction_id = t.id
       join ledger_account a on a.id = e.ledger_account_id where t.agreement_id = ? and t.type = ?`,
      [renewalId, renewalId, LedgerTransactionType.VersionTransfer],
    );
    expect(transfers.n).toBe(held.total > paid ? 1 : 0);
    expect(parseMoney(transfers.amount)).toBe(held.total - paid);
    const [plan] = await sql<{ opening_balance: string }>(
      server,
      'select opening_balance::text from agreement_plan where agreement_id = ?',
      [renewalId],
    );
    expect(parseMoney(plan.opening_balance)).toBe(held.total - paid); // the money for the bills it took over

    // The history: the choice (7), the payout (29) and the takeover (21) saying what was paid where.
    const [choiceActivity] = await sql<{ type: number; details: string }>(
      server,
      "select type, details from activity where agreement_id = ? and details like 'Term-end choice:%'",
      [agreementId],
    );
    expect(choiceActivity).toEqual({
      type: 7,
      details: `Term-end choice: Move the surplus to savings account ${savings.account_number}`,
    });
    const payouts = await sql<{ details: string; data: Record<string, unknown> }>(
      server,
      "select details, data from activity where agreement_id = ? and type = 29 and details like 'Term-end surplus%'",
      [agreementId],
    );
    expect(payouts).toEqual([
      {
        details: `Term-end surplus of ${formatCurrency(paid)} paid into savings account ${savings.account_number} as chosen, when the renewal took over`,
        data: expect.objectContaining({ termEndChoice: 'savings', accountNumber: savings.account_number }),
      },
    ]);
    expect(parseMoney(String(payouts[0].data.payoutAmount))).toBe(paid);
    const [tookOver] = await sql<{ data: { termEnd: { choice: string; amount: string; transactionId: number } } }>(
      server,
      'select data from activity where agreement_id = ? and type = 21 order by id desc limit 1',
      [renewalId],
    );
    expect(tookOver.data.termEnd).toMatchObject({ choice: 'savings', transactionId: closure.id });
    expect(parseMoney(tookOver.data.termEnd.amount)).toBe(paid);
    const [choiceRow] = await sql<{ applied_amount: string; applied_transaction_id: number }>(
      server,
      'select applied_amount::text, applied_transaction_id from term_end_choice where agreement_id = ?',
      [agreementId],
    );
    expect(parseMoney(choiceRow.applied_amount)).toBe(paid);
    expect(choiceRow.applied_transaction_id).toBe(closure.id);

    // The first day run again (a retried job, a second instance): nothing more moves.
    await simulateDay(server.app.services.jobs, server.app.services.bankDay, em(server), clock, firstDay);
    expect(await server.app.services.changeApplier.takeOverRenewals(em(server), firstDay)).toEqual([]);
    expect(await closures()).toHaveLength(1);
    expect(await linkedBalance(savings.id)).toBe(savingsBefore + paid);
  });
});
