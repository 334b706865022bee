import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLY_CHANGE_JOB } from '../../server/src/modules/agreement/change-jobs.js';
import { SimulationClock, simulateDay } from '../../server/src/modules/core-banking/simulation.js';
import { LedgerTransactionType } from '../../server/src/modules/ledger/ledger-transaction-type.js';
import { LedgerService } from '../../server/src/modules/ledger/ledger.service.js';
import { external, linkedAccount } from '../../server/src/modules/ledger/ledger.types.js';
import { BillStatus } from '../../server/src/shared/bill/bill-status.rules.js';
import { MemberNoticeStatus } from '../../server/src/modules/notification/member-notice.entity.js';
import { SEND_NOTICE_JOB } from '../../server/src/modules/notification/events.js';
import { addDays, addMonths, zonedInstant, type LocalDate } from '../../server/src/shared/local-date.js';
import { cents, formatCurrency, parseMoney, toDecimalString, type Cents } from '../../server/src/shared/money.js';
import { AGENT, MEMBER_LOCKED, MEMBER_MISSED_DEPOSIT, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { DEMO_DAY } from '../support/demo-day.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { em, gql, memberIdOf, session, sql, type Session } from './portal-support.js';

/**
 * Issue 24, "How it will be checked": the demo data over a simulated year on the demo clock, in one run, four stories
 * on four demo agreements, each fix's cents worked out here by hand from the bills and deposits, and at each step the
 * member's view and the staff worklist read over GraphQL as they are:
 *  - a member who falls short (100001's showcase agreement, short on the demo day): the shortfall panel, a top-up;
 *  - a hardship case (100002, deposits missed): a deposit holiday, re-spread, skipped by the bank day, follow-up paused;
 *  - a bill that rises (100001's second agreement, approved on the demo day): electricity paid above its estimate
 *    twice, the scheduled review proposes a new deposit bill by bill, accepted in one tap;
 *  - a term end with a surplus (100003, unlocked on the demo day): the closing balance, a refund chosen, paid once.
 * The clock jumps across quiet stretches; the bank day is simulated only on the days that matter (a day simulated
 * after a jump catches up: every deposit due by then is asked for, every automatic payment due by then is made).
 */
const TZ = 'Australia/Sydney';
// A fixed day: the demo data is built on it, and the stories (who is short when, which fixes are offered) follow the
// calendar; from 2026-11-29 in Sydney the short member's stories no longer held. The year is the test, not the day.
const TODAY = DEMO_DAY; // tests/support/demo-day.ts
const clock = new SimulationClock(zonedInstant(TODAY, TZ, 10), TZ);

let server: TestServer;

type Login = readonly [string, string];
const ERRORS = 'errors { code field message }';
interface UserErrors {
  errors: { code: string; field: string | null; message: string }[];
}

/**
 * Signed in afresh at each step: the clock jumps past a token's life. Between its jumps the simulation's clock stands
 * still (SimulationClock), so a session made at the clock's present instant is as new as another would be: one
 * sign-in (an Argon2 verification, the dearest call here) per login and instant.
 */
const sessions = new Map<string, Session>();
async function as(login: Login): Promise<Session> {
  const key = `${login[0]} ${clock.now().toISOString()}`;
  let signedIn = sessions.get(key);
  if (!signedIn) {
    signedIn = await session(server, login);
    sessions.set(key, signedIn);
  }
  return signedIn;
}

async function call<T>(login: Login, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const body = await gql<T>(server, await as(login), query, variables);
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** The last day the bank day was simulated: the clock only goes forward. */
let lastSimulated: LocalDate = addDays(TODAY, -1);

async function simulate(date: LocalDate) {
  if (date <= lastSimulated) throw new Error(`${date} comes before ${lastSimulated}, already simulated`);
  lastSimulated = date;
  return simulateDay(server.app.services.jobs, server.app.services.bankDay, em(server), clock, date);
}

const money = (text: string | null | undefined): Cents => parseMoney(String(text));

interface Party {
  login: Login;
  memberId: number;
  accountId: number;
  agreementId: number;
}

async function party(login: Login, agreementStatuses: number[]): Promise<Party> {
  const memberId = await memberIdOf(server, login[0]);
  const [row] = await sql<{ account_id: number; id: number }>(
    server,
    `select g.account_id, g.id from agreement g join member_account_link l on l.account_id = g.account_id
     where l.member_id = ? and g.status = any(?::int[]) order by g.id limit 1`,
    [memberId, `{${agreementStatuses.join(',')}}`],
  );
  return { login, memberId, accountId: Number(row.account_id), agreementId: Number(row.id) };
}

// ---- What people see ------------------------------------------------------------------------------------------

const VERDICT = `tone headline onTrack firstShortDate firstShortfall shortBill { billerName dueDate amount }
  lowestPoint { date balance } topUpToAvoid`;
interface Verdict {
  tone: string;
  headline: string;
  onTrack: boolean;
  firstShortDate: string | null;
  firstShortfall: string | null;
  shortBill: { billerName: string; dueDate: string; amount: string } | null;
  lowestPoint: { date: string; balance: string } | null;
  topUpToAvoid: string | null;
}
const OVERVIEW = `query($m: Int!, $a: Int!) { accountOverview(memberId: $m, accountId: $a) {
  agreement { contractId status depositAmount termEndDue }
  projection { balances { total } nextDeposit { date amount } verdict { ${VERDICT} } } } }`;
interface Overview {
  agreement: { contractId: number; status: string; depositAmount: string; termEndDue: boolean };
  projection: {
    balances: { total: string };
    nextDeposit: { date: string; amount: string } | null;
    verdict: Verdict;
  };
}

/** The member's account overview, as the member reads it. */
async function overview(p: Party): Promise<Overview> {
  return (await call<{ accountOverview: Overview }>(p.login, OVERVIEW, { m: p.memberId, a: p.accountId }))
    .accountOverview;
}

interface WorkRow {
  key: string;
  kind: string;
  title: string;
  detail: string;
  agreementId: number | null;
}
/** The staff worklist's open rows about the account's agreements, as an agent reads it. */
async function worklist(p: Party): Promise<WorkRow[]> {
  const data = await call<{ staffWorklist: { items: (WorkRow & { accountId: number | null; done: unknown })[] } }>(
    AGENT,
    'query { staffWorklist { items { key kind title detail agreementId accountId done { action } } } }',
  );
  return data.staffWorklist.items.filter((item) => item.accountId === p.accountId && item.done === null);
}
const kinds = async (p: Party) => (await worklist(p)).map((row) => row.kind);

// ---- The figures by hand ----------------------------------------------------------------------------------------

interface DepositRow {
  id: number;
  due_date: LocalDate;
  expected_amount: string;
  received_amount: string;
  status: number;
}
async function depositsOf(agreementId: number): Promise<DepositRow[]> {
  return sql<DepositRow>(
    server,
    `select id, due_date::text as due_date, expected_amount::text as expected_amount,
       received_amount::text as received_amount, status from scheduled_deposit where agreement_id = ?
     order by due_date, id`,
    [agreementId],
  );
}
interface BillRow {
  id: number;
  due_date: LocalDate;
  expected_amount: string;
  contingency: string;
}
/** A bill not paid (yet): what the forecast still takes out. */
const UNPAID = [
  BillStatus.Scheduled,
  BillStatus.Overdue,
  BillStatus.OverdueNotified,
  BillStatus.Upcoming,
  BillStatus.Failed,
];
/** The bills still unpaid to the term's end. */
async function unpaidBills(agreementId: number): Promise<BillRow[]> {
  return sql<BillRow>(
    server,
    `select b.id, b.due_date::text as due_date, b.expected_amount::text as expected_amount,
       b.contingency::text as contingency from bill b join agreement g on g.id = b.agreement_id
     where b.agreement_id = ? and b.status = any(?::int[]) and b.due_date <= g.end_date order by b.due_date, b.id`,
    [agreementId, `{${UNPAID.join(',')}}`],
  );
}

/**
 * The balance day by day as a member would add it up: what is held today, plus each scheduled deposit still to come
 * (at `deposit(row)`), less each unpaid bill (at `bill(row)`); anything due before today counts today; each day's
 * deposits before its bills. Answers each day's closing balance and how many deposits still to come came by then.
 */
function dayByDay(
  today: LocalDate,
  held: Cents,
  deposits: DepositRow[],
  bills: BillRow[],
  deposit: (row: DepositRow) => number,
  bill: (row: BillRow) => number,
): { date: LocalDate; balance: number; depositsIn: number; billsOut: number }[] {
  const days = new Map<LocalDate, { in: number; count: number; out: number }>();
  const day = (date: LocalDate) => {
    const key = date < today ? today : date;
    if (!days.has(key)) days.set(key, { in: 0, count: 0, out: 0 });
    return days.get(key)!;
  };
  for (const row of deposits.filter((d) => d.status === 0)) {
    if (row.due_date >= today) day(row.due_date).count += 1;
    day(row.due_date).in += Math.max(0, deposit(row) - money(row.received_amount));
  }
  for (const row of bills) day(row.due_date).out += bill(row);
  let balance: number = held;
  let depositsIn = 0;
  let billsOut = 0;
  return [...days.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([date, movement]) => {
      balance += movement.in - movement.out;
      depositsIn += movement.count;
      billsOut += movement.out;
      return { date, balance, depositsIn, billsOut };
    });
}

// ---- The year -----------------------------------------------------------------------------------------------------

/**
 * What `p`'s agreement comes to by hand from `today` as the shortfall panel sees it: the balance held (as its overview
 * `seen` says), its deposits to come and its unpaid bills each at their estimates, day by day.
 */
async function atEstimates(p: Party, seen: Overview, today: LocalDate) {
  const held = money(seen.projection.balances.total);
  const deposits = await depositsOf(p.agreementId);
  const bills = await unpaidBills(p.agreementId);
  const days = dayByDay(
    today,
    held,
    deposits,
    bills,
    (d) => money(d.expected_amount),
    (b) => money(b.expected_amount),
  );
  return { held, deposits, bills, days };
}

let olivia: Party; // 100001's showcase agreement: falls short
let oliviaNew: Party; // 100001's second account, approved on the demo day: a bill that rises
let jack: Party; // 100002, deposits missed: hardship
let charlotte: Party; // 100003, locked until the demo day: a term end with a surplus

beforeAll(async () => {
  server = await startTestServer({ clock });
  olivia = await party(MEMBER_TWO_ACCOUNTS, [7]);
  oliviaNew = await party(MEMBER_TWO_ACCOUNTS, [0]);
  jack = await party(MEMBER_MISSED_DEPOSIT, [4]);
  charlotte = await party(MEMBER_LOCKED, [8]);
  // Salaries into the members' first linked accounts (the bank's side: money a top-up or a refund moves).
  await em(server).transactional(async (tx) => {
    for (const p of [olivia, charlotte]) {
      const [linked] = await tx.execute<{ id: number }[]>(
        'select id from linked_account where member_id = ? and is_active order by id limit 1',
        [p.memberId],
      );
      await new LedgerService().post(tx, {
        type: LedgerTransactionType.CoreBankingCredit,
        memberId: p.memberId,
        effectiveDate: TODAY,
        description: 'Salary',
        lines: [
          { account: external(), amount: cents(-5_000_00) },
          { account: linkedAccount(Number(linked.id)), amount: cents(5_000_00) },
        ],
      });
    }
  });
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

const linkedAccountOf = async (p: Party) =>
  (
    await sql<{ id: number; account_number: string }>(
      server,
      'select id, account_number from linked_account where member_id = ? and is_active order by id limit 1',
      [p.memberId],
    )
  )[0];

describe('the demo data over a simulated year (issue 24, how it will be checked)', () => {
  // ---------------------------------------------------------------------------------------------------------------
  // A member who falls short (100001's showcase agreement, on the demo day)
  // ---------------------------------------------------------------------------------------------------------------
  const FIXES = `query($m: Int!, $a: Int!) { shortfallFixes(memberId: $m, accountId: $a) {
    firstShortDate shortfall shortBill { billId billerName dueDate amount }
    fixes { kind amount deposits from shares words canApply preview { onTrack firstShortDate } } } }`;
  interface Fixes {
    firstShortDate: string;
    shortfall: string;
    shortBill: { billId: number; billerName: string; dueDate: string; amount: string } | null;
    fixes: {
      kind: string;
      amount: string;
      deposits: number | null;
      from: string | null;
      shares: string[];
      words: string;
      canApply: boolean;
      preview: { onTrack: boolean; firstShortDate: string | null };
    }[];
  }

  it('a member who falls short sees the short day, the bill, the shortfall and the fix; applied, it is on track', async () => {
    const seen = await overview(olivia);
    expect(seen.projection.verdict).toMatchObject({ tone: 'short', onTrack: false });
    const panel = (
      await call<{ shortfallFixes: Fixes }>(olivia.login, FIXES, { m: olivia.memberId, a: olivia.accountId })
    ).shortfallFixes;

    // By hand: the balance held, the deposits to come, the bills unpaid at their estimates, day by day.
    const { held, bills, days } = await atEstimates(olivia, seen, TODAY);
    const firstShort = days.find((d) => d.balance < 0)!;
    const lowest = Math.min(...days.map((d) => d.balance));
    const shortBill = bills.find((b) => b.id === panel.shortBill!.billId)!;
    expect(panel).toMatchObject({
      firstShortDate: firstShort.date,
      shortfall: toDecimalString(cents(-firstShort.balance)),
      shortBill: { dueDate: shortBill.due_date, amount: shortBill.expected_amount },
    });
    // The bill that takes it short: the day opened at or above zero and this bill took it below.
    expect(firstShort.date).toBe(TODAY); // overdue bills count today: short now
    // Short today, before any deposit can come: raising or spreading deposits cannot help, only a top-up now
    // (rule: no raise or spread "when no deposit comes before the first short day").
    expect(panel.fixes.map((f) => f.kind)).toEqual(['TopUp']);
    const topUp = panel.fixes[0];
    expect(money(topUp.amount)).toBe(-lowest);
    expect(topUp).toMatchObject({ canApply: true, preview: { onTrack: true, firstShortDate: null } });
    expect(seen.projection.verdict.topUpToAvoid).toBe(topUp.amount);

    // Staff see it in their worklist: "Going short" with the first short day.
    const before = (await worklist(olivia)).filter((row) => row.kind === 'GoingShort');
    expect(before.map((row) => row.key)).toEqual([`short:${olivia.agreementId}:${firstShort.date}`]);
    expect(before[0].title).toBe(seen.projection.verdict.headline);

    // The member tops up in one tap from her linked account; the forecast is on track, the row goes.
    const linked = await linkedAccountOf(olivia);
    const applied = await call<{ applyShortfallFix: { ok: boolean; message: string } & UserErrors }>(
      olivia.login,
      `mutation($input: ApplyShortfallFixInput!) { applyShortfallFix(input: $input) { ok message ${ERRORS} } }`,
      {
        input: {
          memberId: olivia.memberId,
          accountId: olivia.accountId,
          kind: 'TopUp',
          amount: topUp.amount,
          accountNumber: linked.account_number,
          idempotencyKey: randomUUID(),
        },
      },
    );
    expect(applied.applyShortfallFix).toMatchObject({ ok: true, errors: [] });
    const after = await overview(olivia);
    expect(money(after.projection.balances.total)).toBe(held - lowest);
    expect(after.projection.verdict).toMatchObject({ tone: 'onTrack', onTrack: true, firstShortDate: null });
    expect(
      (await call<{ shortfallFixes: Fixes | null }>(olivia.login, FIXES, { m: olivia.memberId, a: olivia.accountId }))
        .shortfallFixes,
    ).toBeNull();
    expect(await kinds(olivia)).not.toContain('GoingShort');
  });
  // ---------------------------------------------------------------------------------------------------------------
  // A hardship case (100002, a deposit missed): a deposit holiday, from the demo day to a month on
  // ---------------------------------------------------------------------------------------------------------------
  const CASE = `caseId status statusLabel situation request { kind from until words } arrangement { kind from until words }
    followUpPaused deposits { dueDate before after holiday }`;
  interface Case {
    caseId: number;
    status: string;
    statusLabel: string;
    situation: string;
    request: { kind: string; from: string | null; until: string | null; words: string };
    arrangement: { kind: string; from: string | null; until: string | null; words: string } | null;
    followUpPaused: boolean;
    deposits: { dueDate: string; before: string; after: string; holiday: boolean }[];
  }
  const readCase = async (login: Login) =>
    (
      await call<{ hardshipCase: Case | null }>(
        login,
        `query($m: Int!, $a: Int!) { hardshipCase(memberId: $m, accountId: $a) { ${CASE} } }`,
        { m: jack.memberId, a: jack.accountId },
      )
    ).hardshipCase;
  let holiday: { from: LocalDate; until: LocalDate };
  /** Jack's deposits still to come before the holiday was arranged. */
  let planned: DepositRow[];

  it('a member having trouble paying asks for a deposit holiday; the case replaces the arrears row for staff', async () => {
    expect((await overview(jack)).agreement.status).toBe('MissedDeposit');
    expect(await kinds(jack)).toContain('InArrears');
    planned = (await depositsOf(jack.agreementId)).filter((d) => d.status === 0 && d.due_date >= TODAY);
    // A holiday of a month from the next deposit: its first day and the day before a month later.
    const from = planned[0].due_date;
    holiday = { from, until: addDays(addMonths(from, 1), -1) };

    const opened = await call<{ openHardshipCase: { hardshipCase: Case | null } & UserErrors }>(
      jack.login,
      `mutation($input: OpenHardshipCaseInput!) { openHardshipCase(input: $input) { hardshipCase { ${CASE} } ${ERRORS} } }`,
      {
        input: {
          memberId: jack.memberId,
          accountId: jack.accountId,
          situation: 'My hours were cut; I am looking for more work.',
          kind: 'DepositHoliday',
          from: holiday.from,
          until: holiday.until,
          amount: null,
        },
      },
    );
    expect(opened.openHardshipCase.errors).toEqual([]);
    // The member's view: the case open, what they asked for, the follow-up paused.
    expect(await readCase(jack.login)).toMatchObject({
      status: 'Open',
      request: { kind: 'DepositHoliday', from: holiday.from, until: holiday.until },
      arrangement: null,
      followUpPaused: true,
      deposits: [],
    });
    // Staff: the case is in the worklist in place of the arrears row (the debt is not chased while it is open).
    const rows = await worklist(jack);
    expect(rows.map((row) => row.kind)).toContain('Hardship');
    expect(rows.map((row) => row.kind)).not.toContain('InArrears');
    const row = rows.find((r) => r.kind === 'Hardship')!;
    expect(row.detail).toContain('My hours were cut');
    expect(row.detail).toMatch(/1800 007 007/); // the financial-counselling note
  });

  it('staff record the holiday: its deposits are taken out and re-spread over the rest of the term, to the cent', async () => {
    const arranged = await call<{ arrangeHardshipCase: { hardshipCase: Case | null } & UserErrors }>(
      AGENT,
      `mutation($input: ArrangeHardshipCaseInput!) { arrangeHardshipCase(input: $input) { hardshipCase { ${CASE} } ${ERRORS} } }`,
      {
        input: {
          accountId: jack.accountId,
          kind: 'DepositHoliday',
          from: holiday.from,
          until: holiday.until,
          amount: null,
          note: 'A month off agreed on the phone; referred to the National Debt Helpline.',
        },
      },
    );
    expect(arranged.arrangeHardshipCase.errors).toEqual([]);

    // By hand: the holiday's deposits carry nothing; what they carried is shared over every later deposit, the
    // odd cents on the earliest.
    const inHoliday = planned.filter((d) => d.due_date <= holiday.until);
    const later = planned.filter((d) => d.due_date > holiday.until);
    expect(inHoliday.length).toBeGreaterThan(0);
    const relieved = inHoliday.reduce((total, d) => total + money(d.expected_amount), 0);
    const base = Math.floor(relieved / later.length);
    const odd = relieved - base * later.length;
    const expected = [
      ...inHoliday.map((d) => ({ dueDate: d.due_date, before: d.expected_amount, after: '0.00', holiday: true })),
      ...later.map((d, i) => ({
        dueDate: d.due_date,
        before: d.expected_amount,
        after: toDecimalString(cents(money(d.expected_amount) + base + (i < odd ? 1 : 0))),
        holiday: false,
      })),
    ];
    // The member reads the same deposits in their view.
    const seen = await readCase(jack.login);
    expect(seen).toMatchObject({ status: 'Arranged', followUpPaused: true, deposits: expected });
    expect(seen!.arrangement).toMatchObject({ kind: 'DepositHoliday', from: holiday.from, until: holiday.until });
    const now = (await depositsOf(jack.agreementId)).filter((d) => d.due_date >= TODAY);
    expect(now.map((d) => [d.due_date, d.expected_amount, d.status])).toEqual([
      ...inHoliday.map((d) => [d.due_date, '0.00', 5]),
      ...later.map((d, i) => [d.due_date, expected[inHoliday.length + i].after, 0]),
    ]);
    const rows = await worklist(jack);
    expect(rows.find((r) => r.kind === 'Hardship')!.key).toMatch(/^hardship:\d+:arranged$/);
    expect(rows.map((r) => r.kind)).not.toContain('InArrears');
  });

  /** The bank day on each holiday deposit's day up to `through`: none asked for, none missed. */
  async function holidayDays(through: LocalDate) {
    const days = planned.filter((d) => d.due_date <= holiday.until && d.due_date <= through && !skipped.has(d.id));
    for (const d of days) {
      skipped.add(d.id);
      if (d.due_date <= lastSimulated) continue; // a day caught up by a later one: not asked for then either
      const { day } = await simulate(d.due_date);
      expect(day.deposits.missed.filter((m) => m.agreementId === jack.agreementId)).toEqual([]);
      expect(day.deposits.received.filter((r) => r.agreementId === jack.agreementId)).toEqual([]);
    }
    const ids = `{${days.map((d) => d.id).join(',')}}`;
    const rows = await sql<{ status: number; received_amount: string }>(
      server,
      'select status, received_amount::text as received_amount from scheduled_deposit where id = any(?::int[])',
      [ids],
    );
    expect(rows).toEqual(days.map(() => ({ status: 5, received_amount: '0.00' })));
    const [{ n }] = await sql<{ n: number }>(
      server,
      `select count(*)::int as n from activity where agreement_id = ? and type = 14
         and (data->>'depositId')::int = any(?::int[])`,
      [jack.agreementId, ids],
    );
    expect(n).toBe(0);
  }
  const skipped = new Set<number>();

  // ---------------------------------------------------------------------------------------------------------------
  // The demo day, for the stories to come
  // ---------------------------------------------------------------------------------------------------------------
  let newStart: LocalDate;

  it('on the demo day Olivia approves her new agreement and staff unlock Charlotte’s', async () => {
    const approved = await call<{ approveAgreement: { ok: boolean } & UserErrors }>(
      oliviaNew.login,
      `mutation($id: Int!) { approveAgreement(agreementId: $id) { ok ${ERRORS} } }`,
      { id: oliviaNew.agreementId },
    );
    expect(approved.approveAgreement).toMatchObject({ ok: true, errors: [] });
    await server.app.services.jobs.drain(APPLY_CHANGE_JOB);
    const [row] = await sql<{ status: number; start_date: LocalDate }>(
      server,
      'select status, start_date::text as start_date from agreement where id = ?',
      [oliviaNew.agreementId],
    );
    expect(row.status).toBe(1); // approved, waiting for its first day
    newStart = row.start_date;

    expect(await kinds(charlotte)).toContain('Locked');
    const unlocked = await call<{ unlockAgreement: UserErrors }>(
      AGENT,
      `mutation($id: Int!) { unlockAgreement(agreementId: $id, reason: "Biller details fixed with the member") { ${ERRORS} } }`,
      { id: charlotte.agreementId },
    );
    expect(unlocked.unlockAgreement.errors).toEqual([]);
    expect((await overview(charlotte)).agreement.status).toBe('Active');
    expect(await kinds(charlotte)).not.toContain('Locked');
  });

  it('the bank day skips Jack’s holiday deposits until Olivia’s new agreement starts', async () => {
    await holidayDays(addDays(newStart, -1));
  });

  // ---------------------------------------------------------------------------------------------------------------
  // A bill that rises (Olivia's new agreement): electricity paid above its estimate, twice
  // ---------------------------------------------------------------------------------------------------------------
  interface ElectricityBill {
    id: number;
    due_date: LocalDate;
    expected_amount: string;
  }
  const electricityBills = () =>
    sql<ElectricityBill>(
      server,
      `select b.id, b.due_date::text as due_date, b.expected_amount::text as expected_amount from bill b
       join biller r on r.id = b.biller_id where b.agreement_id = ? and r.nickname = 'Electricity' order by b.due_date`,
      [oliviaNew.agreementId],
    );
  /** What the electricity bills came to: a fifth above, then three tenths above their estimate. */
  const paidElectricity: { billId: number; estimate: Cents; paid: Cents }[] = [];

  /** The member pays the next electricity bill, `rise` above its estimate, on its day. */
  async function payElectricity(rise: number) {
    const bill = (await electricityBills()).find((b) => b.due_date > lastSimulated)!;
    const day = bill.due_date;
    await simulate(day);
    clock.setAt(day, 16);
    const estimate = money(bill.expected_amount);
    const paid = cents(Math.round(estimate * (1 + rise)));
    // The member sees the bill due in her overview, and pays what came in.
    const upcoming = (
      await call<{ accountOverview: { upcomingBills: { billId: number; billerName: string; amount: string }[] } }>(
        oliviaNew.login,
        'query($m: Int!, $a: Int!) { accountOverview(memberId: $m, accountId: $a) { upcomingBills { billId billerName amount } } }',
        { m: oliviaNew.memberId, a: oliviaNew.accountId },
      )
    ).accountOverview.upcomingBills;
    expect(upcoming).toContainEqual({ billId: bill.id, billerName: 'Electricity', amount: bill.expected_amount });
    const answer = await call<{ payBill: { ok: boolean } & UserErrors }>(
      oliviaNew.login,
      `mutation($input: PayBillInput!) { payBill(input: $input) { ok ${ERRORS} } }`,
      { input: { billId: bill.id, billAmount: toDecimalString(paid), idempotencyKey: randomUUID() } },
    );
    expect(answer.payBill).toMatchObject({ ok: true, errors: [] });
    paidElectricity.push({ billId: bill.id, estimate, paid });
  }

  it('Olivia’s new agreement starts on its first day and her electricity bill comes in a fifth above its estimate', async () => {
    const { day } = await simulate(newStart);
    expect((await overview(oliviaNew)).agreement.status).toBe('Active');
    expect(day.deposits.received.filter((r) => r.agreementId === oliviaNew.agreementId)).toHaveLength(1);
    await payElectricity(0.2);
  });

  it('the bank day skips the rest of Jack’s holiday', async () => {
    await holidayDays(holiday.until);
  });

  it('a deposit missed while the case is arranged: the missed-deposit follow-up is paused; closing the case resumes it', async () => {
    // The first deposit after the holiday does not come either (the demo's bank: Jack's deposits stopped).
    const next = planned.find((d) => d.due_date > holiday.until)!;
    const { day } = await simulate(next.due_date);
    expect(day.deposits.missed.map((m) => m.depositId)).toContain(next.id);
    await server.app.services.jobs.drain(SEND_NOTICE_JOB);
    const notice = async (depositId: number) =>
      (
        await sql<{ status: number }>(
          server,
          `select status from member_notice where kind = 'missedDeposit' and notice_key = ?`,
          [`deposit:${depositId}`],
        )
      )[0]?.status;
    expect(await notice(next.id)).toBe(MemberNoticeStatus.PausedForHardship);
    expect((await readCase(jack.login))!.followUpPaused).toBe(true);
    expect(await kinds(jack)).not.toContain('InArrears');

    const closed = await call<{ closeHardshipCase: { hardshipCase: Case | null } & UserErrors }>(
      AGENT,
      `mutation($a: Int!, $note: String!) { closeHardshipCase(accountId: $a, note: $note) { hardshipCase { ${CASE} } ${ERRORS} } }`,
      { a: jack.accountId, note: 'Back on full hours from next month.' },
    );
    expect(closed.closeHardshipCase.errors).toEqual([]);
    expect(await readCase(jack.login)).toMatchObject({ status: 'Closed', followUpPaused: false });
    // Staff see the arrears again, and the case no more; the next missed deposit is followed up.
    const kindsNow = await kinds(jack);
    expect(kindsNow).toContain('InArrears');
    expect(kindsNow).not.toContain('Hardship');
    const after = planned.find((d) => d.due_date > next.due_date)!;
    const later = await simulate(after.due_date);
    expect(later.day.deposits.missed.map((m) => m.depositId)).toContain(after.id);
    await server.app.services.jobs.drain(SEND_NOTICE_JOB);
    expect(await notice(after.id)).not.toBe(MemberNoticeStatus.PausedForHardship);
  });
  // ---------------------------------------------------------------------------------------------------------------
  // The bill rises again; the scheduled review proposes a new deposit, bill by bill; accepted in one tap
  // ---------------------------------------------------------------------------------------------------------------
  const REVIEW = `query($m: Int!, $a: Int!) { depositReview(memberId: $m, accountId: $a) {
    agreementId due { due reason }
    rows { billerKey name estimateOfPaid paidSoFar difference }
    proposal { currentDeposit proposedDeposit change deposits from topUpFirst summary reasons { billerKey perDeposit words } }
    open { reviewId proposedDeposit summary referred } closed { reviewId outcome } } }`;
  interface Review {
    agreementId: number;
    due: { due: boolean; reason: string | null } | null;
    rows: { billerKey: string; name: string; estimateOfPaid: string; paidSoFar: string; difference: string }[];
    proposal: {
      currentDeposit: string;
      proposedDeposit: string | null;
      change: string;
      deposits: number;
      from: string | null;
      topUpFirst: string;
      summary: string;
      reasons: { billerKey: string | null; perDeposit: string; words: string }[];
    } | null;
    open: { reviewId: number; proposedDeposit: string | null; summary: string; referred: boolean } | null;
    closed: { reviewId: number; outcome: string } | null;
  }
  const review = async () =>
    (await call<{ depositReview: Review }>(oliviaNew.login, REVIEW, { m: oliviaNew.memberId, a: oliviaNew.accountId }))
      .depositReview;

  it('the electricity bill comes in three tenths above; the scheduled review proposes a new deposit, bill by bill', async () => {
    // The next day the scheduled review runs with the bank day's jobs (01:30). (A review recorded on an earlier day
    // of the calendar's, before this bill came in, is worked out anew: the member is never offered a stale figure.)
    await payElectricity(0.3);
    const reviewDay = addDays(lastSimulated, 1);
    await simulate(reviewDay);

    const seen = await review();
    expect(seen.due).toMatchObject({ due: true });
    // The per-bill table: electricity's two bills, paid above their estimates.
    const estimate = paidElectricity.reduce((total, b) => total + b.estimate, 0);
    const paid = paidElectricity.reduce((total, b) => total + b.paid, 0);
    const electricity = seen.rows.find((row) => row.name === 'Electricity')!;
    expect([electricity.estimateOfPaid, electricity.paidSoFar, electricity.difference].map(money)).toEqual([
      estimate,
      paid,
      paid - estimate,
    ]);
    expect(seen.rows.filter((row) => row.name !== 'Electricity').map((row) => money(row.difference))).toEqual(
      seen.rows.filter((row) => row.name !== 'Electricity').map(() => 0),
    );

    // By hand: the smallest deposit such that, every deposit still to come at it, no day is short to the term's end
    // with each bill to come taking out its estimate and its contingency: for each day, what held today and the
    // deposits already due leave against the bills by then, shared over the deposits to come by then.
    const held = money((await overview(oliviaNew)).projection.balances.total);
    const deposits = await depositsOf(oliviaNew.agreementId);
    const bills = await unpaidBills(oliviaNew.agreementId);
    const coming = deposits.filter((d) => d.status === 0 && d.due_date >= reviewDay);
    const days = dayByDay(
      reviewDay,
      held,
      deposits,
      bills,
      (d) => (d.due_date >= reviewDay ? 0 : money(d.expected_amount)),
      (b) => money(b.expected_amount) + money(b.contingency),
    );
    expect(days.filter((d) => d.depositsIn === 0).every((d) => d.balance >= 0)).toBe(true); // nothing to top up first
    const proposed = Math.max(
      1,
      ...days.filter((d) => d.depositsIn > 0).map((d) => Math.ceil(-d.balance / d.depositsIn)),
    );
    const current = money(seen.proposal!.currentDeposit);
    expect(current).toBe(money((await overview(oliviaNew)).agreement.depositAmount));
    expect(seen.proposal).toMatchObject({
      proposedDeposit: toDecimalString(cents(proposed)),
      change: toDecimalString(cents(proposed - current)),
      deposits: coming.length,
      from: coming[0].due_date,
      topUpFirst: '0.00',
    });
    // Explained bill by bill: electricity's difference over the deposits to come, the rest on its own line; the lines
    // add up to the change.
    const share = Math.round((paid - estimate) / coming.length);
    const percent = Math.round(((paid - estimate) * 100) / estimate);
    const rest = proposed - current - share;
    expect(seen.proposal!.reasons).toEqual([
      {
        billerKey: electricity.billerKey,
        perDeposit: toDecimalString(cents(share)),
        words: `Electricity came in ${percent}% above its estimate: +${formatCurrency(cents(share))} a month.`,
      },
      ...(rest === 0
        ? []
        : [
            {
              billerKey: null,
              perDeposit: toDecimalString(cents(rest)),
              words: `The balance held today and when the bills fall due: ${formatCurrency(cents(rest), { signed: true })} a month.`,
            },
          ]),
    ]);
    // The review the job recorded is the one the member is offered.
    expect(seen.open).toMatchObject({ proposedDeposit: toDecimalString(cents(proposed)), referred: false });
    expect(seen.open!.summary).toBe(seen.proposal!.summary);

    // Staff see it pending in their worklist.
    const rows = (await worklist(oliviaNew)).filter((row) => row.kind === 'DepositReview');
    expect(rows.map((row) => row.key)).toEqual([`review:${seen.open!.reviewId}:pending`]);
    expect(rows[0].title).toContain(`${formatCurrency(current)} to ${formatCurrency(cents(proposed))} a deposit`);
    expectedDeposit = cents(proposed);
  });
  let expectedDeposit: Cents;

  it('the member accepts the new deposit in one tap: it takes effect, the review leaves the worklist', async () => {
    const { open } = await review();
    const accepted = await call<{
      acceptDepositReview: {
        ok: boolean;
        approved: boolean;
        waitingForManager: boolean;
        changeAgreementId: number | null;
      } & UserErrors;
    }>(
      oliviaNew.login,
      `mutation($m: Int!, $a: Int!, $r: Int!) { acceptDepositReview(memberId: $m, accountId: $a, reviewId: $r) {
        ok approved waitingForManager changeAgreementId ${ERRORS} } }`,
      { m: oliviaNew.memberId, a: oliviaNew.accountId, r: open!.reviewId },
    );
    expect(accepted.acceptDepositReview).toMatchObject({
      ok: true,
      approved: true,
      waitingForManager: false,
      errors: [],
    });
    // Her view: the review closed as accepted; staff: the row has left the worklist.
    const answered = await review();
    expect(answered.open).toBeNull();
    expect(answered.closed).toMatchObject({ reviewId: open!.reviewId, outcome: 'Accepted' });
    expect(await kinds(oliviaNew)).not.toContain('DepositReview');

    // The change job applies it: her agreement's deposit is the new one from the next deposit on.
    await server.app.services.jobs.drain(APPLY_CHANGE_JOB);
    const changed = accepted.acceptDepositReview.changeAgreementId!;
    const seen = await overview(oliviaNew);
    expect(seen.agreement).toMatchObject({ contractId: changed, status: 'Active' });
    expect(money(seen.agreement.depositAmount)).toBe(expectedDeposit);
    expect(money(seen.projection.nextDeposit!.amount)).toBe(expectedDeposit);
    const coming = (await depositsOf(changed)).filter((d) => d.status === 0 && d.due_date > lastSimulated);
    expect(coming.map((d) => money(d.expected_amount))).toEqual(coming.map(() => expectedDeposit));
    expect(seen.projection.verdict.onTrack).toBe(true);
    expect(await kinds(oliviaNew)).not.toContain('DepositReview');
  });
  // ---------------------------------------------------------------------------------------------------------------
  // Olivia's showcase agreement again: a bill above its estimate takes it short months ahead; three fixes
  // ---------------------------------------------------------------------------------------------------------------
  it('Olivia pays her electricity bill two fifths above its estimate: months ahead her agreement goes short', async () => {
    const [bill] = await sql<{ id: number; due_date: LocalDate; expected_amount: string }>(
      server,
      `select b.id, b.due_date::text as due_date, b.expected_amount::text as expected_amount from bill b
       join biller r on r.id = b.biller_id where b.agreement_id = ? and r.nickname = 'Electricity' and b.due_date > ?
       order by b.due_date limit 1`,
      [olivia.agreementId, lastSimulated],
    );
    await simulate(bill.due_date);
    expect((await overview(olivia)).projection.verdict.onTrack).toBe(true); // as the top-up left it
    clock.setAt(bill.due_date, 16);
    const paid = await call<{ payBill: { ok: boolean } & UserErrors }>(
      olivia.login,
      `mutation($input: PayBillInput!) { payBill(input: $input) { ok ${ERRORS} } }`,
      {
        input: {
          billId: bill.id,
          billAmount: toDecimalString(cents(Math.round(money(bill.expected_amount) * 1.4))),
          idempotencyKey: randomUUID(),
        },
      },
    );
    expect(paid.payBill).toMatchObject({ ok: true, errors: [] });
    const verdict = (await overview(olivia)).projection.verdict;
    expect(verdict.onTrack).toBe(false);
    shortOn = verdict.firstShortDate as LocalDate;
    // More than eight weeks ahead: not yet a row for staff.
    expect(shortOn > addDays(bill.due_date, 56)).toBe(true);
    expect(await kinds(olivia)).not.toContain('GoingShort');
  });
  let shortOn: LocalDate;

  it('seven weeks before, she sees the short day, the bill, the shortfall and three fixes; staff see it going short', async () => {
    const day = addDays(shortOn, -49);
    await simulate(day);
    const seen = await overview(olivia);
    const panel = (
      await call<{ shortfallFixes: Fixes }>(olivia.login, FIXES, { m: olivia.memberId, a: olivia.accountId })
    ).shortfallFixes;

    // By hand, as on the demo day: the balance held, the deposits to come, the bills unpaid, day by day.
    const { deposits, bills, days } = await atEstimates(olivia, seen, day);
    const firstShort = days.find((d) => d.balance < 0)!;
    expect(firstShort.date).toBe(shortOn);
    const shortBill = bills.find((b) => b.id === panel.shortBill!.billId)!;
    expect(panel).toMatchObject({
      firstShortDate: shortOn,
      shortfall: toDecimalString(cents(-firstShort.balance)),
      shortBill: { dueDate: shortBill.due_date, amount: shortBill.expected_amount },
    });
    expect(shortBill.due_date).toBe(shortOn);
    const coming = deposits.filter((d) => d.status === 0 && d.due_date >= day);
    const regular = money(coming[0].expected_amount);
    expect(coming.every((d) => money(d.expected_amount) === regular)).toBe(true);

    // Top up $X now: the deepest the balance goes.
    const topUp = -Math.min(...days.map((d) => d.balance));
    // Raise each deposit to $Y: every day short by s after k deposits to come needs k·(Y − deposit) ≥ s.
    const raise =
      regular + Math.max(...days.filter((d) => d.balance < 0).map((d) => Math.ceil(-d.balance / d.depositsIn)));
    // Spread $Z over the N deposits up to the first short day, odd cents on the earliest: the smallest Z (at least
    // the top-up) whose shares cover every day.
    const n = coming.filter((d) => d.due_date <= shortOn).length;
    const shares = (z: number) => Array.from({ length: n }, (_, i) => Math.floor(z / n) + (i < z % n ? 1 : 0));
    const covers = (z: number) =>
      days.every((d) => {
        const had = shares(z).slice(0, Math.min(d.depositsIn, n));
        return d.balance + had.reduce((t, c) => t + c, 0) >= 0;
      });
    let spread = topUp;
    while (!covers(spread)) spread += 1;
    const words = (amount: number) => formatCurrency(cents(amount));
    expect(panel.fixes.map((f) => [f.kind, f.amount, f.deposits, f.from])).toEqual([
      ['TopUp', toDecimalString(cents(topUp)), null, null],
      ['Raise', toDecimalString(cents(raise)), coming.length, coming[0].due_date],
      ['Spread', toDecimalString(cents(spread)), n, coming[0].due_date],
    ]);
    expect(panel.fixes[0].words).toBe(`Top up ${words(topUp)} now from a linked account.`);
    expect(panel.fixes[2].shares).toEqual(shares(spread).map((c) => toDecimalString(cents(c))));
    for (const fix of panel.fixes) expect(fix).toMatchObject({ canApply: true, preview: { onTrack: true } });

    // Staff: within eight weeks, "Going short" with the day.
    const rows = (await worklist(olivia)).filter((row) => row.kind === 'GoingShort');
    expect(rows.map((row) => row.key)).toEqual([`short:${olivia.agreementId}:${shortOn}`]);
    spreadFix = { amount: spread, shares: shares(spread), ids: coming.slice(0, n).map((d) => d.id) };
  });
  let spreadFix: { amount: number; shares: number[]; ids: number[] };

  it('she spreads it over her next deposits in one tap: on track again, the row goes', async () => {
    const before = new Map((await depositsOf(olivia.agreementId)).map((d) => [d.id, money(d.expected_amount)]));
    const applied = await call<{ applyShortfallFix: { ok: boolean } & UserErrors }>(
      olivia.login,
      `mutation($input: ApplyShortfallFixInput!) { applyShortfallFix(input: $input) { ok ${ERRORS} } }`,
      {
        input: {
          memberId: olivia.memberId,
          accountId: olivia.accountId,
          kind: 'Spread',
          amount: toDecimalString(cents(spreadFix.amount)),
          idempotencyKey: randomUUID(),
        },
      },
    );
    expect(applied.applyShortfallFix).toMatchObject({ ok: true, errors: [] });
    const after = new Map((await depositsOf(olivia.agreementId)).map((d) => [d.id, money(d.expected_amount)]));
    expect(spreadFix.ids.map((id) => after.get(id)! - before.get(id)!)).toEqual(spreadFix.shares);
    const seen = await overview(olivia);
    expect(seen.projection.verdict).toMatchObject({ onTrack: true, firstShortDate: null });
    expect(money(seen.projection.nextDeposit!.amount)).toBe(before.get(spreadFix.ids[0])! + spreadFix.shares[0]);
    expect(await kinds(olivia)).not.toContain('GoingShort');
  });

  // ---------------------------------------------------------------------------------------------------------------
  // A term end with a surplus (Charlotte, 100003): the choice before the renewal, applied once
  // ---------------------------------------------------------------------------------------------------------------
  const TERM_END = `query($m: Int!, $a: Int!) { termEndChoice(memberId: $m, accountId: $a) {
    agreementId endDate closingBalance choice accountNumber message options { kind } refundAccounts { accountNumber } } }`;
  interface TermEnd {
    agreementId: number;
    endDate: string;
    closingBalance: string | null;
    choice: string;
    accountNumber: string | null;
    message: string;
    options: { kind: string }[];
    refundAccounts: { accountNumber: string }[];
  }
  const termEnd = async () =>
    (
      await call<{ termEndChoice: TermEnd | null }>(charlotte.login, TERM_END, {
        m: charlotte.memberId,
        a: charlotte.accountId,
      })
    ).termEndChoice;
  let endDate: LocalDate;
  /** The closing balance the member was shown when she chose. */
  let surplusShown: Cents;
  let refundTo: { id: number; account_number: string };

  /** What a linked account holds in the ledger. */
  const linkedBalance = async (linkedId: number): Promise<Cents> => {
    const [row] = await sql<{ amount: string }>(
      server,
      `select coalesce(sum(e.amount), 0)::text as amount from ledger_entry e
       join ledger_account a on a.id = e.ledger_account_id where a.linked_account_id = ?`,
      [linkedId],
    );
    return money(row.amount);
  };
  const closures = () =>
    sql<{ id: number }>(server, 'select id from ledger_transaction where agreement_id = ? and type = ?', [
      charlotte.agreementId,
      LedgerTransactionType.Closure,
    ]);

  it('before the renewal Charlotte sees her projected closing balance and chooses a refund; staff see her choice', async () => {
    [{ end_date: endDate }] = await sql<{ end_date: LocalDate }>(
      server,
      'select end_date::text as end_date from agreement where id = ?',
      [charlotte.agreementId],
    );
    expect(await termEnd()).toBeNull(); // not due yet
    // Three weeks before the end (within the renewal notice's 30 days): the bank day catches up to it.
    const noticeDay = addDays(endDate, -21);
    await simulate(noticeDay);
    expect((await overview(charlotte)).agreement.termEndDue).toBe(true);
    const seen = (await termEnd())!;

    // By hand: what she holds, plus the deposits to come, less the bills unpaid, to the end date.
    const held = money((await overview(charlotte)).projection.balances.total);
    const days = dayByDay(
      noticeDay,
      held,
      await depositsOf(charlotte.agreementId),
      await unpaidBills(charlotte.agreementId),
      (d) => money(d.expected_amount),
      (b) => money(b.expected_amount),
    );
    const closing = days.filter((d) => d.date <= endDate).at(-1)!.balance;
    expect(money(seen.closingBalance)).toBe(closing);
    surplusShown = cents(closing);
    expect(closing).toBeGreaterThan(0); // a surplus
    expect(seen).toMatchObject({ agreementId: charlotte.agreementId, endDate, choice: 'Roll' });
    expect(seen.options.map((o) => o.kind).sort()).toEqual(['Refund', 'Roll', 'Savings']);

    // Staff: her renewal is due, and nothing chosen yet means the balance rolls into the renewal.
    const due = (await worklist(charlotte)).filter((row) => row.kind === 'RenewalDue');
    expect(due).toHaveLength(1);

    refundTo = await linkedAccountOf(charlotte);
    expect(seen.refundAccounts.map((a) => a.accountNumber)).toContain(refundTo.account_number);
    const chosen = await call<{ chooseTermEnd: { ok: boolean } & UserErrors }>(
      charlotte.login,
      `mutation($input: ChooseTermEndInput!) { chooseTermEnd(input: $input) { ok ${ERRORS} } }`,
      {
        input: {
          memberId: charlotte.memberId,
          accountId: charlotte.accountId,
          choice: 'Refund',
          accountNumber: refundTo.account_number,
        },
      },
    );
    expect(chosen.chooseTermEnd).toMatchObject({ ok: true, errors: [] });
    expect(await termEnd()).toMatchObject({ choice: 'Refund', accountNumber: refundTo.account_number });
    const told = (await worklist(charlotte)).find((row) => row.kind === 'RenewalDue')!;
    expect(`${told.title} ${told.detail}`).toContain(refundTo.account_number);
  });
  it('staff renew, she approves; on the renewal’s first morning the surplus is refunded once, as shown', async () => {
    const renewed = await call<{ renewAgreement: { outcome: { agreementId: number } | null } & UserErrors }>(
      AGENT,
      `mutation($id: Int!) { renewAgreement(agreementId: $id) { outcome { agreementId } ${ERRORS} } }`,
      { id: charlotte.agreementId },
    );
    expect(renewed.renewAgreement.errors).toEqual([]);
    const renewalId = renewed.renewAgreement.outcome!.agreementId;
    const saved = await call<{ saveAgreementDeposits: UserErrors }>(
      AGENT,
      `mutation($id: Int!, $input: DepositsInput!) { saveAgreementDeposits(agreementId: $id, input: $input) { ${ERRORS} } }`,
      {
        id: renewalId,
        input: {
          contributionFrequency: 2, // fortnightly, from the renewal's first day, from her pay
          contributionDate: addDays(endDate, 1),
          depositType: 1,
          remitterName: 'Acme Payroll',
          remitterNumber: 'E-1234',
          isTopupPerformed: true, // opening from zero (the surplus refunded), its first weeks need a top-up
          topupAccount: refundTo.id,
        },
      },
    );
    expect(saved.saveAgreementDeposits.errors).toEqual([]);
    const sent = await call<{ saveAllAgreementChanges: UserErrors }>(
      AGENT,
      `mutation($id: Int!) { saveAllAgreementChanges(agreementId: $id) { ${ERRORS} } }`,
      { id: renewalId },
    );
    expect(sent.saveAllAgreementChanges.errors).toEqual([]);
    const approved = await call<{ approveAgreement: { ok: boolean } & UserErrors }>(
      charlotte.login,
      `mutation($id: Int!) { approveAgreement(agreementId: $id) { ok ${ERRORS} } }`,
      { id: renewalId },
    );
    expect(approved.approveAgreement).toMatchObject({ ok: true, errors: [] });
    await server.app.services.jobs.drain(APPLY_CHANGE_JOB);

    // The last day: its deposits and bills as forecast; nothing is paid out yet, her choice stands.
    await simulate(endDate);
    expect(await closures()).toEqual([]);
    expect(await termEnd()).toMatchObject({ choice: 'Refund', closingBalance: toDecimalString(surplusShown) });
    const held = money((await overview(charlotte)).projection.balances.total);
    const owedBills = await unpaidBills(charlotte.agreementId);
    const owedIds = owedBills.map((b) => b.id);
    const owed = owedBills.reduce((sum, b) => sum + money(b.expected_amount), 0);
    expect(held - owed).toBe(surplusShown); // what she holds less the bills still owed: the surplus shown
    const [{ last }] = await sql<{ last: number }>(
      server,
      'select coalesce(max(id), 0) as last from ledger_transaction',
    );
    /** Every movement into or out of her linked account since the last day. */
    const movements = () =>
      sql<{ transaction_id: number; type: number; agreement_id: number; amount: string }>(
        server,
        `select t.id as transaction_id, t.type, t.agreement_id, e.amount::text as amount from ledger_entry e
         join ledger_account a on a.id = e.ledger_account_id join ledger_transaction t on t.id = e.transaction_id
         where a.linked_account_id = ? and t.id > ? order by t.id`,
        [refundTo.id, last],
      );

    // The renewal's first morning: it takes over and the surplus shown is refunded, in one movement.
    await simulate(addDays(endDate, 1));
    const [closure, ...more] = await closures();
    expect(more).toEqual([]);
    const moved = await movements();
    expect(moved.filter((m) => m.agreement_id === charlotte.agreementId)).toEqual([
      {
        transaction_id: closure.id,
        type: LedgerTransactionType.Closure,
        agreement_id: charlotte.agreementId,
        amount: toDecimalString(surplusShown),
      },
    ]);
    // What was held for the bills still owed goes into the renewal with them: nothing of it was refunded.
    const renewal = await overview(charlotte);
    expect(renewal.agreement).toMatchObject({ contractId: renewalId, status: 'Active' });
    const [carried] = await sql<{ amount: string }>(
      server,
      `select coalesce(sum(e.amount), 0)::text as amount from ledger_entry e join ledger_account a on a.id = e.ledger_account_id
       join ledger_transaction t on t.id = e.transaction_id where t.type = ? and a.agreement_id = ?`,
      [LedgerTransactionType.VersionTransfer, renewalId],
    );
    expect(money(carried.amount)).toBe(held - surplusShown);
    expect(
      (await unpaidBills(renewalId))
        .filter((b) => b.due_date <= endDate)
        .map((b) => b.id)
        .sort(),
    ).toEqual(
      (await sql<{ id: number }>(server, 'select id from bill where id = any(?::int[])', [`{${owedIds.join(',')}}`]))
        .map((b) => b.id)
        .sort(),
    );
    const balance = await linkedBalance(refundTo.id);

    // The day run again (a retried job, a second instance): nothing more moves.
    await simulateDay(server.app.services.jobs, server.app.services.bankDay, em(server), clock, addDays(endDate, 1));
    expect(await closures()).toHaveLength(1);
    expect((await movements()).map((m) => m.transaction_id)).toEqual(moved.map((m) => m.transaction_id));
    expect(await linkedBalance(refundTo.id)).toBe(balance);
  });
});
