import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { addDays, type LocalDate } from '../../server/src/shared/local-date.js';
import { materializeSchedule } from '../../server/src/modules/agreement/schedule-materializer.js';
import { AGENT, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import {
  accountWithStatus,
  asRestCodes,
  codes,
  TransactionStatus,
  gql,
  memberIdOf,
  rest,
  session,
  sql,
  type Session,
} from './portal-support.js';

interface Point {
  date: string;
  balance: string;
}
interface Graphs {
  agreementGraphs: {
    allocationByCategory: { categoryName: string; amount: string }[];
    forecast: {
      points: Point[];
      lowestPoint: Point | null;
      firstDateBelowZero: string | null;
      firstDateBelowOverdrawLimit: string | null;
      overdrawLimit: string;
    };
    history: { month: string; deposits: string; bills: string }[];
  };
}

const GRAPHS = `query($m: Int!, $a: Int!, $s: Int) { agreementGraphs(memberId: $m, accountId: $a, step: $s) {
  allocationByCategory { categoryName amount }
  forecast { points { date balance } lowestPoint { date balance } firstDateBelowZero firstDateBelowOverdrawLimit
    overdrawLimit }
  history { month deposits bills } } }`;

const VERDICT_FIELDS = `onTrack until firstShortDate firstShortfall lowestPoint { date balance } topUpToAvoid depositToAvoid
  beyondApprovedOverdraw`;
const GRAPHS_VERDICT = `query($m: Int!, $a: Int!) { agreementGraphs(memberId: $m, accountId: $a, step: 30) {
  forecast { lowestPoint { date balance } firstDateBelowZero verdict { ${VERDICT_FIELDS} } } } }`;
const OVERVIEW_VERDICT = `query($m: Int!, $a: Int!) { accountForecast(memberId: $m, accountId: $a) { verdict { ${VERDICT_FIELDS} } } }`;
interface VerdictBody {
  onTrack: boolean;
  until: string | null;
  firstShortDate: string | null;
  firstShortfall: string | null;
  lowestPoint: Point | null;
  topUpToAvoid: string | null;
  depositToAvoid: string | null;
  beyondApprovedOverdraw: boolean;
}
type GraphsVerdict = {
  agreementGraphs: { forecast: { lowestPoint: Point | null; firstDateBelowZero: string | null; verdict: VerdictBody } };
};

let server: TestServer;
let member: Session;
let staff: Session;
let memberId: number;
let today: LocalDate;

beforeAll(async () => {
  server = await startTestServer();
  member = await session(server, MEMBER_TWO_ACCOUNTS);
  staff = await session(server, AGENT);
  memberId = Number(member.memberId);
  today = server.app.services.clock.today();
});
afterAll(() => server?.stop());

async function one(text: string, params: unknown[]): Promise<number> {
  const [row] = await sql<{ id: number }>(server, `${text} returning id`, params);
  return Number(row.id);
}

/**
 * A four-week agreement from today: $100 every fortnight from today, one $150 bill on day 10, nothing held; its bills
 * and scheduled deposits stored as the change applier stores them (the projection reads the stored rows).
 */
async function smallAgreement(number = 'g-1') {
  const member = await one(`insert into member (member_number, first_name, last_name) values (?, 'Gra', 'Phs')`, [
    number,
  ]);
  const account = await one(`insert into account (account_number) values (?)`, [number]);
  await sql(server, 'insert into member_account_link (member_id, account_id) values (?, ?)', [member, account]);
  const agreement = await one(
    `insert into agreement (account_id, status, start_date, end_date, contribution_frequency, deposit_amount,
       contribution_date) values (?, 7, ?, ?, 2, 100, ?)`,
    [account, today, addDays(today, 27), today],
  );
  const [category] = await sql<{ id: number; name: string }>(server, 'select id, name from billing_category limit 1');
  await sql(
    server,
    `insert into biller (agreement_id, billing_category_id, nickname, payment_method, expected_bill_value,
       billing_frequency, date_of_bill, date_added, is_auto_payment) values (?, ?, 'Power', 0, 150, 3, ?, ?, true)`,
    [agreement, category.id, addDays(today, 10), today],
  );
  await materializeSchedule(server.app.database.orm.em.fork() as EntityManager, agreement);
  return { member, account, category: category.name };
}

describe('agreementGraphs', () => {
  it('forecasts a hand-computed agreement day by day from today to its end', async () => {
    const small = await smallAgreement();
    const body = await gql<Graphs>(server, staff, GRAPHS, { m: small.member, a: small.account, s: 1 });
    const { forecast, allocationByCategory, history } = body.data!.agreementGraphs;
    const expected = Array.from({ length: 28 }, (_, day) => ({
      date: addDays(today, day),
      balance: day < 10 ? '100.00' : day < 14 ? '-50.00' : '50.00',
    }));
    expect(forecast.points).toEqual(expected);
    expect(forecast).toMatchObject({
      lowestPoint: { date: addDays(today, 10), balance: '-50.00' },
      firstDateBelowZero: addDays(today, 10),
      firstDateBelowOverdrawLimit: null,
      overdrawLimit: '5000.00',
    });
    expect(allocationByCategory).toEqual([{ categoryName: small.category, amount: '150.00' }]);
    expect(history).toEqual([]);
    const weekly = await gql<Graphs>(server, staff, GRAPHS, { m: small.member, a: small.account, s: 7 });
    expect(weekly.data!.agreementGraphs.forecast.points.map((p) => p.balance)).toEqual([
      '100.00',
      '100.00',
      '50.00',
      '50.00',
      '50.00',
    ]);
  });

  it('forecasts the demo agreement consistently: first day, last day, lowest point and first day below zero', async () => {
    const { accountId } = await accountWithStatus(server, memberId, 7);
    const [agreement] = await sql<{ end: string }>(
      server,
      'select end_date::text as end from agreement where account_id = ? and status = 7',
      [accountId],
    );
    const daily = (await gql<Graphs>(server, member, GRAPHS, { m: memberId, a: accountId, s: 1 })).data!
      .agreementGraphs;
    const points = daily.forecast.points;
    expect(points[0].date).toBe(today);
    expect(points.at(-1)!.date).toBe(agreement.end);
    const lowest = points.reduce((low, p) => (Number(p.balance) < Number(low.balance) ? p : low));
    expect(daily.forecast.lowestPoint).toEqual(lowest);
    expect(daily.forecast.firstDateBelowZero).toBe(points.find((p) => Number(p.balance) < 0)?.date ?? null);
    const monthly = (await gql<Graphs>(server, member, GRAPHS, { m: memberId, a: accountId, s: 30 })).data!
      .agreementGraphs.forecast.points;
    expect(monthly.at(-1)).toEqual(points.at(-1));
    expect(monthly.length).toBe(Math.ceil((points.length - 1) / 30) + 1);
  });

  it('sums deposits and bills per month from the ledger', async () => {
    const { accountId } = await accountWithStatus(server, memberId, 7);
    const { history } = (await gql<Graphs>(server, member, GRAPHS, { m: memberId, a: accountId, s: 30 })).data!
      .agreementGraphs;
    expect(history.length).toBeGreaterThan(6);
    expect(history.map((h) => h.month)).toEqual(history.map((h) => h.month).sort());
    const [row] = await sql<{ deposits: string }>(
      server,
      `select coalesce(sum(e.amount), 0)::text as deposits from ledger_entry e
       join ledger_account la on la.id = e.ledger_account_id join ledger_transaction t on t.id = e.transaction_id
       left join ledger_transaction o on o.id = t.reverses_id
       where la.agreement_id in (select id from agreement where account_id = ?) and coalesce(o.type, t.type) = 1`,
      [accountId],
    );
    const total = history.reduce((sum, h) => sum + Math.round(Number(h.deposits) * 100), 0);
    expect(total).toBe(Math.round(Number(row.deposits) * 100));
  });

  it('refuses a step below 1, and another member’s account', async () => {
    const { accountId } = await accountWithStatus(server, memberId, 7);
    expect(codes(await gql(server, member, GRAPHS, { m: memberId, a: accountId, s: 0 }))).toEqual(['INVALID_STEP']);
    const other = await accountWithStatus(server, await memberIdOf(server, '100002'), 4);
    expect(codes(await gql(server, member, GRAPHS, { m: memberId, a: other.accountId, s: 7 }))).toEqual(['FORBIDDEN']);
  });
});

describe('the forecast’s verdict (the overview leads with it; issue 8 item 7)', () => {
  it('says when a hand-computed agreement goes short, by how much, and the top-up today that avoids it', async () => {
    const small = await smallAgreement('g-2');
    const verdict = (
      await gql<{ accountForecast: { verdict: VerdictBody } }>(server, staff, OVERVIEW_VERDICT, {
        m: small.member,
        a: small.account,
      })
    ).data!.accountForecast.verdict;
    // $100 today, the $150 bill on day 10: -$50 until the deposit of day 14. A $50 top-up today avoids it.
    expect(verdict).toMatchObject({
      onTrack: false,
      until: addDays(today, 27),
      firstShortDate: addDays(today, 10),
      firstShortfall: '50.00',
      lowestPoint: { date: addDays(today, 10), balance: '-50.00' },
      topUpToAvoid: '50.00',
      beyondApprovedOverdraw: false,
    });
    const graphs = (await gql<GraphsVerdict>(server, staff, GRAPHS_VERDICT, { m: small.member, a: small.account }))
      .data!.agreementGraphs.forecast;
    expect(graphs.verdict).toEqual(verdict);
  });

  it('is the graphs page’s own verdict for every demo account the member and staff open', async () => {
    const accounts = await sql<{ account_id: number }>(
      server,
      `select distinct l.account_id from member_account_link l join agreement g on g.account_id = l.account_id
       where l.member_id = ? and l.is_active and g.status in (4, 7, 8)`,
      [memberId],
    );
    expect(accounts.length).toBeGreaterThan(0);
    for (const { account_id } of accounts) {
      const vars = { m: memberId, a: Number(account_id) };
      for (const who of [member, staff]) {
        const overview = (await gql<{ accountForecast: { verdict: VerdictBody } }>(server, who, OVERVIEW_VERDICT, vars))
          .data!.accountForecast.verdict;
        const graphs = (await gql<GraphsVerdict>(server, who, GRAPHS_VERDICT, vars)).data!.agreementGraphs.forecast;
        expect(overview).toEqual(graphs.verdict);
        // The same facts the graphs page's chart marks.
        expect(overview.firstShortDate).toBe(graphs.firstDateBelowZero);
        expect(overview.onTrack).toBe(graphs.firstDateBelowZero === null);
        if (!overview.onTrack) {
          expect(overview.lowestPoint).toEqual(graphs.lowestPoint);
          expect(overview.topUpToAvoid).toBe(graphs.lowestPoint!.balance.replace('-', ''));
        }
      }
    }
  });

  it('is null without an agreement (the graphs empty), and refused on another member’s account', async () => {
    const loner = await one(
      `insert into member (member_number, first_name, last_name) values ('g-3', 'No', 'Plan')`,
      [],
    );
    const lone = await one(`insert into account (account_number) values ('g-3')`, []);
    await sql(server, 'insert into member_account_link (member_id, account_id) values (?, ?)', [loner, lone]);
    expect((await gql(server, staff, OVERVIEW_VERDICT, { m: loner, a: lone })).data).toEqual({
      accountForecast: { verdict: null },
    });
    // The header's Graphs (always in the menu) opens empty, not "Could not find member or contract".
    const empty = await gql<Graphs>(server, staff, GRAPHS, { m: loner, a: lone, s: 1 });
    expect(empty.errors).toBeUndefined();
    expect(empty.data!.agreementGraphs).toEqual({
      allocationByCategory: [],
      forecast: {
        points: [],
        lowestPoint: null,
        firstDateBelowZero: null,
        firstDateBelowOverdrawLimit: null,
        overdrawLimit: '0.00',
      },
      history: [],
    });
    const other = await accountWithStatus(server, await memberIdOf(server, '100002'), 4);
    expect(codes(await gql(server, member, OVERVIEW_VERDICT, { m: memberId, a: other.accountId }))).toEqual([
      'FORBIDDEN',
    ]);
  });
});

describe('transaction and profile', () => {
  const TRANSACTION = `query($id: Int!) { transaction(transactionId: $id) { transactionId date effectiveDate agreementId
    type typeName status statusName description amount lines { account amount agreementId } billId billerName } }`;
  const PROFILE = `query($m: Int!, $a: Int!) { profile(memberId: $m, accountId: $a) {
    member { memberId firstName } members { memberId } linkedAccounts { linkedAccountId accountNumber accountNickname
    availableBalance } notificationPreferences { email sms billReminders depositReminders } } }`;

  it('details a version transfer: each line names the version whose pocket it is, the previous or the new', async () => {
    const { accountId } = await accountWithStatus(server, memberId, 7);
    const [transfer] = await sql<{ id: number; agreement_id: number; previous_id: number }>(
      server,
      `select t.id, t.agreement_id, g.previous_id from ledger_transaction t join agreement g on g.id = t.agreement_id
       where g.account_id = ? and t.type = 7 order by t.id desc limit 1`,
      [accountId],
    );
    const body = await gql<{
      transaction: { agreementId: number; lines: { account: string; amount: string; agreementId: number }[] };
    }>(server, member, TRANSACTION, { id: Number(transfer.id) });
    const details = body.data!.transaction;
    expect(details.agreementId).toBe(Number(transfer.agreement_id));
    expect(new Set(details.lines.map((line) => line.agreementId))).toEqual(
      new Set([Number(transfer.agreement_id), Number(transfer.previous_id)]),
    );
    // Each pocket's balance leaves the previous version and arrives, the same amount, in the new one.
    for (const line of details.lines.filter((one) => one.agreementId === details.agreementId)) {
      const from = details.lines.find((one) => one.agreementId !== details.agreementId && one.account === line.account);
      expect(Number(from?.amount)).toBe(-Number(line.amount));
    }
  });

  it('details a bill payment: its ledger lines add up to zero, its effect and status are the activity’s', async () => {
    const { accountId } = await accountWithStatus(server, memberId, 7);
    const [activity] = await sql<{ transaction_id: number; balance_change: string; transaction_status: number }>(
      server,
      `select ledger_transaction_id as transaction_id, balance_change::text, transaction_status from activity
       where account_id = ? and type = 0 and ledger_transaction_id is not null order by id desc limit 1`,
      [accountId],
    );
    const body = await gql<{
      transaction: { amount: string; status: string; billerName: string | null; lines: { amount: string }[] };
    }>(server, member, TRANSACTION, { id: Number(activity.transaction_id) });
    const details = body.data!.transaction;
    expect(details.lines.reduce((sum, line) => sum + Math.round(Number(line.amount) * 100), 0)).toBe(0);
    expect(details).toMatchObject({
      amount: activity.balance_change,
      status: TransactionStatus[activity.transaction_status as TransactionStatus],
    });
    expect(details.billerName).not.toBeNull();
    const viaRest = await rest(server, member, `/api/transaction/getexpandedtransaction?id=${activity.transaction_id}`);
    expect(viaRest.body).toEqual(asRestCodes(details, [TransactionStatus]));
    const other = await accountWithStatus(server, await memberIdOf(server, '100002'), 4);
    const [theirs] = await sql<{ id: number }>(
      server,
      'select id from ledger_transaction where agreement_id = ? limit 1',
      [other.agreementId],
    );
    const refused = await gql(server, member, TRANSACTION, { id: Number(theirs.id) });
    expect(codes(refused)).toEqual(['FORBIDDEN']);
    expect(refused).toEqual(await gql(server, member, TRANSACTION, { id: 987_654 }));
  });

  it('shows the profile: the account’s members, the member’s savings accounts with ledger balances', async () => {
    const { accountId } = await accountWithStatus(server, memberId, 7);
    const { profile } = (
      await gql<{
        profile: {
          member: { memberId: number };
          members: { memberId: number }[];
          linkedAccounts: { linkedAccountId: number; availableBalance: string }[];
          notificationPreferences: unknown;
        };
      }>(server, member, PROFILE, { m: memberId, a: accountId })
    ).data!;
    expect(profile.member.memberId).toBe(memberId);
    expect(profile.members.map((m) => m.memberId)).toContain(memberId);
    expect(profile.notificationPreferences).not.toBeNull();
    for (const account of profile.linkedAccounts) {
      const [row] = await sql<{ balance: string }>(
        server,
        `select coalesce(sum(e.amount), 0)::text as balance from ledger_account la
         join ledger_entry e on e.ledger_account_id = la.id where la.linked_account_id = ?`,
        [account.linkedAccountId],
      );
      expect(account.availableBalance).toBe(row.balance);
    }
    expect((await rest(server, member, `/api/members/${memberId}/availableaccounts`)).body).toEqual(
      profile.linkedAccounts,
    );
    expect(
      (await rest(server, member, `/api/memberaccount/defaultsavingsaccount?accountId=${accountId}`)).body,
    ).toEqual(profile.linkedAccounts[0]);
  });
});

describe('the account’s smaller REST paths', () => {
  it('answers account numbers, arrears and the zero-balance warning', async () => {
    const { accountId, agreementId } = await accountWithStatus(server, memberId, 7);
    const [account] = await sql<{ account_number: string }>(server, 'select account_number from account where id = ?', [
      accountId,
    ]);
    expect((await rest(server, member, `/api/memberaccount/getaccountnumber?accountId=${accountId}`)).body).toBe(
      Number(account.account_number),
    );
    expect((await rest(server, member, `/api/memberaccounts/getactiveaccountnumber?memberId=${memberId}`)).status).toBe(
      200,
    );
    expect((await rest(server, member, `/api/contracts/isinarrears/${memberId}/${accountId}`)).body).toBe(false);
    const arrears = await memberIdOf(server, '100002');
    const missed = await accountWithStatus(server, arrears, 4);
    expect((await rest(server, staff, `/api/contracts/isinarrears/${arrears}/${missed.accountId}`)).body).toBe(true);
    const warn = await rest(server, member, `/api/memberaccounts/iswarnzerobalance/${accountId}/${agreementId}`);
    expect(typeof warn.body).toBe('boolean');
  });

  it('refuses a member every account path of another member’s account as for a missing one', async () => {
    const other = await accountWithStatus(server, await memberIdOf(server, '100002'), 4);
    const paths = (a: number, c: number) => [
      `/api/memberaccounts/getaccountbalance?accountId=${a}`,
      `/api/memberaccounts/iswarnzerobalance/${a}/${c}`,
      `/api/memberaccount/defaultsavingsaccount?accountId=${a}`,
      `/api/memberaccount/getaccountnumber?accountId=${a}`,
      `/api/accountsummary/${a}`,
      `/api/transactions/${a}`,
      `/api/agreementsummary/autobillerlist/${c}/${a}`,
      `/api/member/${memberId}/account/${a}/agreementsummary`,
      `/api/contracts/isinarrears/${memberId}/${a}`,
    ];
    const theirs = paths(other.accountId, other.agreementId);
    const missing = paths(987_654, 987_653);
    for (const [i, path] of theirs.entries()) {
      const refused = await rest(server, member, path);
      expect(refused.status, path).toBe(403);
      expect(refused).toEqual(await rest(server, member, missing[i]));
    }
    expect((await rest(server, member, '/api/notes?entityId=1&entityType=Contract')).status).toBe(403);
    expect((await rest(server, staff, `/api/notes?entityId=${other.agreementId}&entityType=Contract`)).status).toBe(
      200,
    );
  });
});
