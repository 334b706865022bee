import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cents, parseMoney, type Cents } from '../../server/src/shared/money.js';
import { agreementBalances, linkedAccountBalances } from '../../server/src/modules/ledger/ledger-balances.js';
import { checkLedger } from '../../server/src/modules/ledger/ledger-check.js';
import { AGENT, MEMBER_LOCKED, MEMBER_MISSED_DEPOSIT, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Issue 26 item 2: cancelling settles the money as a bank would. Paid out to the member's savings account, or held in
 * sight on the account until staff reset it; bills already due listed on the closing statement; every movement one
 * ledger transaction with its activity; refusals change nothing; a retried reset moves the money once; a new
 * agreement can be set up once the account is at a zero balance.
 */

let server: TestServer;
let agent: string;
const em = () => server.app.database.orm.em.fork();

interface Holder {
  memberId: number;
  accountId: number;
  agreementId: number;
  savings: { id: number; accountNumber: string };
}

async function holder(memberNumber: string, status: number): Promise<Holder> {
  const [row] = await em().execute<{ member_id: number; account_id: number; agreement_id: number }[]>(
    `select m.id as member_id, l.account_id, g.id as agreement_id from member m
     join member_account_link l on l.member_id = m.id join agreement g on g.account_id = l.account_id
     where m.member_number = ? and g.status = ? order by g.id limit 1`,
    [memberNumber, status],
  );
  const [savings] = await em().execute<{ id: number; account_number: string }[]>(
    'select id, account_number from linked_account where member_id = ? and is_active order by id limit 1',
    [row.member_id],
  );
  return {
    memberId: Number(row.member_id),
    accountId: Number(row.account_id),
    agreementId: Number(row.agreement_id),
    savings: { id: Number(savings.id), accountNumber: savings.account_number },
  };
}

const CANCEL = `mutation($id: Int!, $reason: String!, $payTo: String) {
  cancelAgreement(agreementId: $id, reason: $reason, payoutAccountNumber: $payTo) {
    outcome { status message } errors { code field message } } }`;
const STATEMENT = `query($accountId: Int!) { closingStatement(accountId: $accountId) { statement {
  agreementId cancelledOn reason balances { allocation contingency rainyDay total }
  billsDue { billId payee dueDate amount } paidOut paidTo held resetAmount message } } }`;
const RESET = `mutation($accountId: Int!, $accountNumber: String!, $key: String!) {
  resetAccountBalance(accountId: $accountId, accountNumber: $accountNumber, idempotencyKey: $key) {
    result { transactionId amount message } errors { code field message } } }`;
const START = `mutation($memberId: Int!, $accountId: Int!) { startNewAgreement(memberId: $memberId, accountId: $accountId) {
  wizard { agreementId lock { code message } } errors { code message } } }`;

async function gql<T>(query: string, variables: Record<string, unknown>, token = agent) {
  const { body } = await server.graphql<T>(query, variables, token);
  return body;
}

const totalOf = async (agreementId: number): Promise<Cents> =>
  (await agreementBalances(em(), [agreementId])).get(agreementId)!.total;
const savingsOf = async (id: number): Promise<Cents> => (await linkedAccountBalances(em(), [id])).get(id)!;
/** Every ledger transaction and activity: what a refusal must leave alone. */
const footprint = async () =>
  (
    await em().execute<{ t: number; a: number; s: number; g: string }[]>(
      `select (select count(*)::int from ledger_transaction) as t, (select count(*)::int from activity) as a,
              (select count(*)::int from agreement_settlement) as s,
              (select string_agg(id || ':' || status, ',' order by id) from agreement) as g`,
    )
  )[0];

beforeAll(async () => {
  server = await startTestServer();
  agent = await server.token(...AGENT);
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

describe('cancel with settlement', () => {
  it('refuses a payout account that is not a savings account of the account’s members, changing nothing', async () => {
    const olivia = await holder(MEMBER_TWO_ACCOUNTS[0], 7);
    const before = await footprint();
    const body = await gql<{ cancelAgreement: { errors: { code: string; field: string }[] } }>(CANCEL, {
      id: olivia.agreementId,
      reason: 'Moving overseas',
      payTo: '99999999',
    });
    expect(body.data?.cancelAgreement.errors).toEqual([
      expect.objectContaining({ code: 'LINKED_ACCOUNT_REQUIRED', field: 'payoutAccountNumber' }),
    ]);
    expect(await footprint()).toEqual(before);
  });

  it('pays the balance into the member’s savings account, in the ledger and the history, and shows the statement', async () => {
    const olivia = await holder(MEMBER_TWO_ACCOUNTS[0], 7);
    const balances = (await agreementBalances(em(), [olivia.agreementId])).get(olivia.agreementId)!;
    expect(balances.total).toBeGreaterThan(0);
    const savingsBefore = await savingsOf(olivia.savings.id);
    const body = await gql<{ cancelAgreement: { outcome: { status: string; message: string } } }>(CANCEL, {
      id: olivia.agreementId,
      reason: 'Moving overseas',
      payTo: olivia.savings.accountNumber,
    });
    expect(body.errors).toBeUndefined();
    expect(body.data?.cancelAgreement.outcome.message).toContain(
      `paid into savings account ${olivia.savings.accountNumber}`,
    );
    expect(await totalOf(olivia.agreementId)).toBe(0);
    expect(await savingsOf(olivia.savings.id)).toBe(savingsBefore + balances.total);
    const [activity] = await em().execute<{ type: number; details: string; agent_name: string }[]>(
      `select a.type, a.details, a.agent_name from activity a join ledger_transaction t on t.id = a.ledger_transaction_id
       where t.agreement_id = ? and t.type = 9`,
      [olivia.agreementId],
    );
    expect(activity).toMatchObject({ type: 29, details: expect.stringContaining('Closing balance of $') });

    // The member reads the closing statement of her own account.
    const member = await server.token(...MEMBER_TWO_ACCOUNTS);
    const statement = await gql<{ closingStatement: { statement: Record<string, unknown> } }>(
      STATEMENT,
      { accountId: olivia.accountId },
      member,
    );
    expect(statement.data?.closingStatement.statement).toMatchObject({
      agreementId: olivia.agreementId,
      reason: 'Moving overseas',
      balances: {
        allocation: (balances.allocation / 100).toFixed(2),
        contingency: (balances.contingency / 100).toFixed(2),
        rainyDay: (balances.rainyDay / 100).toFixed(2),
        total: (balances.total / 100).toFixed(2),
      },
      paidOut: (balances.total / 100).toFixed(2),
      paidTo: olivia.savings.accountNumber,
      held: '0.00',
    });
    // Another member cannot read it.
    const jack = await server.token(...MEMBER_MISSED_DEPOSIT);
    const refused = await gql(STATEMENT, { accountId: olivia.accountId }, jack);
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    // The cancelled agreement expects no more deposits: its page and its report row say none, as its overview does
    // (its stored schedule stays; the bank day asks running agreements only). They said the next one was still due.
    const page = await gql<{
      agreement: {
        summary: { nextDepositDate: string | null; nextDepositAmount: string | null };
        depositDates: string[];
      };
    }>(
      `query($id: Int!) { agreement(agreementId: $id) { summary { nextDepositDate nextDepositAmount } depositDates } }`,
      {
        id: olivia.agreementId,
      },
    );
    expect(page.data?.agreement).toEqual({
      summary: { nextDepositDate: null, nextDepositAmount: null },
      depositDates: [],
    });
    const report = await gql<{
      reportAgreements: { edges: { node: { id: number; nextDepositDate: string | null } }[] };
    }>(`{ reportAgreements(first: 100) { edges { node { id nextDepositDate } } } }`, {});
    expect(report.data?.reportAgreements.edges.find((edge) => edge.node.id === olivia.agreementId)?.node).toEqual({
      id: olivia.agreementId,
      nextDepositDate: null,
    });

    // At a zero balance, a new agreement can be set up on the account (no read-only lock).
    const started = await gql<{ startNewAgreement: { wizard: { lock: unknown } | null; errors: unknown[] } }>(START, {
      memberId: olivia.memberId,
      accountId: olivia.accountId,
    });
    expect(started.data?.startNewAgreement.errors).toEqual([]);
    expect(started.data?.startNewAgreement.wizard?.lock).toBeNull();

    // Cancelling again is refused and moves nothing (a retried cancel has one effect).
    const before = await footprint();
    const again = await gql<{ cancelAgreement: { errors: { code: string }[] } }>(CANCEL, {
      id: olivia.agreementId,
      reason: 'Moving overseas',
      payTo: olivia.savings.accountNumber,
    });
    expect(again.data?.cancelAgreement.errors).toHaveLength(1);
    expect(await footprint()).toEqual(before);
    expect((await checkLedger(em())).ok).toBe(true);
  });

  it('holds the balance in sight until staff reset the account, once per key', async () => {
    const charlotte = await holder(MEMBER_LOCKED[0], 8);
    const held = await totalOf(charlotte.agreementId);
    expect(held).not.toBe(0);
    const cancelled = await gql<{ cancelAgreement: { outcome: { message: string } } }>(CANCEL, {
      id: charlotte.agreementId,
      reason: 'Member asked to close the agreement',
      payTo: null,
    });
    expect(cancelled.data?.cancelAgreement.outcome.message).toMatch(/is held on the account until it is reset|owes/);
    expect(await totalOf(charlotte.agreementId)).toBe(held);
    const statement = await gql<{
      closingStatement: { statement: { held: string; paidOut: string; billsDue: unknown[] } };
    }>(STATEMENT, { accountId: charlotte.accountId });
    expect(statement.data?.closingStatement.statement).toMatchObject({
      held: (held / 100).toFixed(2),
      paidOut: '0.00',
    });

    // Not at a zero balance: setting up a new agreement is read-only until the reset.
    const locked = await gql<{
      startNewAgreement: { wizard: { agreementId: number; lock: { code: string } | null } | null };
    }>(START, {
      memberId: charlotte.memberId,
      accountId: charlotte.accountId,
    });
    expect(locked.data?.startNewAgreement.wizard?.lock?.code).toBe('BALANCE_NOT_ZERO');
    const draftId = locked.data!.startNewAgreement.wizard!.agreementId;

    // Members cannot reset; staff must name a savings account of the members; refusals change nothing.
    const member = await server.token(...MEMBER_LOCKED);
    const before = await footprint();
    const byMember = await gql(
      RESET,
      { accountId: charlotte.accountId, accountNumber: 'x', key: 'reset-key-0001' },
      member,
    );
    expect(byMember.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const wrong = await gql<{ resetAccountBalance: { errors: { code: string }[] } }>(RESET, {
      accountId: charlotte.accountId,
      accountNumber: '99999999',
      key: 'reset-key-0002',
    });
    expect(wrong.data?.resetAccountBalance.errors[0]?.code).toBe('LINKED_ACCOUNT_REQUIRED');
    expect(await footprint()).toEqual(before);

    const savingsBefore = await savingsOf(charlotte.savings.id);
    const reset = () =>
      gql<{ resetAccountBalance: { result: { transactionId: number; amount: string } | null; errors: unknown[] } }>(
        RESET,
        { accountId: charlotte.accountId, accountNumber: charlotte.savings.accountNumber, key: 'reset-key-0003' },
      );
    const [first, retried] = [await reset(), await reset()];
    expect(first.data?.resetAccountBalance.errors).toEqual([]);
    expect(retried.data?.resetAccountBalance).toEqual(first.data?.resetAccountBalance);
    expect(parseMoney(first.data!.resetAccountBalance.result!.amount)).toBe(held);
    expect(await totalOf(charlotte.agreementId)).toBe(0);
    expect(await savingsOf(charlotte.savings.id)).toBe(savingsBefore + held);
    const [{ resets }] = await em().execute<{ resets: number }[]>(
      `select count(*)::int as resets from activity where account_id = ? and type = 29 and data->>'settlement' = 'reset'`,
      [charlotte.accountId],
    );
    expect(resets).toBe(1);
    const later = await gql<{ resetAccountBalance: { errors: { code: string }[] } }>(RESET, {
      accountId: charlotte.accountId,
      accountNumber: charlotte.savings.accountNumber,
      key: 'reset-key-0004',
    });
    expect(later.data?.resetAccountBalance.errors[0]?.code).toBe('ALREADY_ZERO');
    const after = await gql<{
      closingStatement: { statement: { held: string; resetAmount: string; message: string } };
    }>(STATEMENT, {
      accountId: charlotte.accountId,
    });
    expect(after.data?.closingStatement.statement).toMatchObject({
      held: '0.00',
      resetAmount: (held / 100).toFixed(2),
    });
    // The draft started before is no longer read-only.
    const open = await gql<{ agreementWizard: { wizard: { lock: unknown } | null } }>(
      'query($id: Int!) { agreementWizard(agreementId: $id) { wizard { lock { code } } } }',
      { id: draftId },
    );
    expect(open.data?.agreementWizard.wizard?.lock).toBeNull();
    expect((await checkLedger(em())).ok).toBe(true);
  });

  it('refuses a reset while an agreement is in force, and lists the bills already due on the statement', async () => {
    const jack = await holder(MEMBER_MISSED_DEPOSIT[0], 4);
    const refused = await gql<{ resetAccountBalance: { errors: { code: string }[] } }>(RESET, {
      accountId: jack.accountId,
      accountNumber: jack.savings.accountNumber,
      key: 'reset-key-0005',
    });
    expect(refused.data?.resetAccountBalance.errors[0]?.code).toBe('AGREEMENT_IN_FORCE');
    const due = await em().execute<{ id: number }[]>(
      `select id from bill where agreement_id = ? and due_date <= ?::date and status in (0, 1, 4, 6, 9)`,
      [jack.agreementId, server.app.services.clock.today()],
    );
    await gql(CANCEL, {
      id: jack.agreementId,
      reason: 'Cannot keep up the deposits',
      payTo: jack.savings.accountNumber,
    });
    const statement = await gql<{
      closingStatement: { statement: { billsDue: { billId: number; amount: string }[] } };
    }>(STATEMENT, {
      accountId: jack.accountId,
    });
    expect(statement.data?.closingStatement.statement.billsDue.map((b) => b.billId).sort()).toEqual(
      due.map((b) => Number(b.id)).sort(),
    );
    expect(statement.data?.closingStatement.statement.billsDue.every((b) => parseMoney(b.amount) > cents(0))).toBe(
      true,
    );
  });
});
