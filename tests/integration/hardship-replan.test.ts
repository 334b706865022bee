import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToDeposits } from '../../server/src/modules/agreement/plan/deposit-relief.js';
import { SimulationClock } from '../../server/src/modules/core-banking/simulation.js';
import { todayIn, zonedInstant, type LocalDate } from '../../server/src/shared/local-date.js';
import { add, parseMoney, split, sum, toDecimalString, type Cents } from '../../server/src/shared/money.js';
import { AGENT, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { agreementInForce } from './biller-wizard.fixtures.js';
import { startModification } from './modification.fixtures.js';
import { gql, memberIdOf, session, sql, type Session } from './portal-support.js';

/**
 * A hardship arrangement meets the other writers of the deposits (issue 24 item 4):
 * - a spread (the shortfall's fix, `addToDeposits`) on deposits an arrangement raised survives the arrangement being
 *   changed or taken back: taking a relief back subtracts only its own delta;
 * - a modification that re-plans the deposits keeps an open case's arrangement: the holiday's dates stay status 5,
 *   the later deposits carry the new plan's amount plus their share of what the holiday's deposits would have
 *   carried at the new amount (rule "deposit relief" again), and an earlier spread is superseded, never added twice.
 */
const TZ = 'Australia/Sydney';
const TODAY = todayIn(TZ);
const clock = new SimulationClock(zonedInstant(TODAY, TZ, 10), TZ);

const ARRANGE = `mutation($input: ArrangeHardshipCaseInput!) { arrangeHardshipCase(input: $input) {
  hardshipCase { caseId status } errors { code field message } } }`;
const OPEN = `mutation($input: OpenHardshipCaseInput!) { openHardshipCase(input: $input) {
  hardshipCase { caseId } errors { code } } }`;

interface DepositRow {
  id: number;
  due_date: LocalDate;
  expected_amount: string;
  status: number;
}

let server: TestServer;
let agent: Session;
let accountId: number;
let agreementId: number;
let original: DepositRow[];

const scheduleOf = (id: number) =>
  sql<DepositRow>(
    server,
    `select id, due_date::text as due_date, expected_amount::text as expected_amount, status from scheduled_deposit
     where agreement_id = ? and due_date >= ?::date and received_amount = 0 order by due_date, id`,
    [id, TODAY],
  );
const total = (rows: DepositRow[]) => sum(rows.map((row) => parseMoney(row.expected_amount)));

async function arrange(input: Record<string, unknown>) {
  const body = await gql<{ arrangeHardshipCase: { errors: unknown[] } }>(server, agent, ARRANGE, {
    input: { accountId, from: null, until: null, amount: null, note: 'Agreed on the phone.', ...input },
  });
  expect(body.data?.arrangeHardshipCase.errors).toEqual([]);
}

async function spread(shares: Cents[], from: LocalDate, key: string) {
  await server.app.database.orm.em
    .fork()
    .transactional((tx) =>
      addToDeposits(tx, { agreementId, accountId, key, shares, from, today: TODAY, now: clock.now() }),
    );
}

beforeAll(async () => {
  server = await startTestServer({ clock });
  agent = await session(server, AGENT);
  const member = await session(server, MEMBER_TWO_ACCOUNTS);
  const memberId = await memberIdOf(server, MEMBER_TWO_ACCOUNTS[0]);
  ({ accountId, agreementId } = await agreementInForce(server, MEMBER_TWO_ACCOUNTS[0]));
  original = await scheduleOf(agreementId);
  const body = await gql<{ openHardshipCase: { errors: unknown[] } }>(server, member, OPEN, {
    input: { memberId, accountId, situation: 'Hours cut.', kind: 'None', from: null, until: null, amount: null },
  });
  expect(body.data!.openHardshipCase.errors).toEqual([]);
}, 120_000);
afterAll(() => server?.stop());

describe('an arrangement taken back leaves a later spread on the same deposits', () => {
  it('a holiday, a spread on the raised deposits, then "no change": the spread’s cents stay', async () => {
    expect(original.length).toBeGreaterThan(4);
    const from = original[0].due_date;
    await arrange({ kind: 'DepositHoliday', from, until: from });
    const relieved = await scheduleOf(agreementId);
    expect(relieved[0].status).toBe(5);
    // The spread lands on the first two deposits after the holiday, which the arrangement raised.
    await spread([1001 as Cents, 1000 as Cents], relieved[1].due_date, 'shortfall-spread:test:1');
    await arrange({ kind: 'None' });
    const now = await scheduleOf(agreementId);
    expect(now.map((row) => row.status)).toEqual(original.map(() => 0));
    expect(now.map((row) => row.expected_amount)).toEqual(
      original.map((row, i) =>
        toDecimalString(add(parseMoney(row.expected_amount), (i === 1 ? 1001 : i === 2 ? 1000 : 0) as Cents)),
      ),
    );
    expect(total(now)).toBe(total(original) + 2001);
  });

  it('changing the arrangement again keeps the spread too', async () => {
    const before = await scheduleOf(agreementId);
    await arrange({ kind: 'LowerDeposit', until: original[1].due_date, amount: '5.00' });
    await arrange({ kind: 'None' });
    expect(await scheduleOf(agreementId)).toEqual(before);
  });
});

describe('a modification that re-plans the deposits keeps the open case’s arrangement', () => {
  it('the holiday stays, the new amounts are spread by the same rule, the spread is superseded once', async () => {
    const from = original[0].due_date;
    const until = original[1].due_date;
    await arrange({ kind: 'DepositHoliday', from, until });
    const versionId = await startModification(server, agreementId);
    await sql(server, 'update agreement set deposit_amount = 123.45, status = 2 where id = ?', [versionId]);
    const result = await server.app.services.changeApplier.applyQueued(server.app.database.orm.em.fork(), versionId);
    expect(result.stage).toBe('APPLIED');

    const now = await scheduleOf(versionId);
    expect(now.map((row) => row.due_date)).toEqual(original.map((row) => row.due_date));
    const holiday = now.filter((row) => row.due_date <= until);
    const later = now.filter((row) => row.due_date > until);
    expect(holiday.map((row) => [row.status, row.expected_amount])).toEqual(holiday.map(() => [5, '0.00']));
    // By hand: the holiday's deposits at the new amount, split over the later ones, odd cents first.
    const shares = split((12345 * holiday.length) as Cents, later.length);
    expect(later.map((row) => [row.status, row.expected_amount])).toEqual(
      later.map((_, i) => [0, toDecimalString((12345 + shares[i]) as Cents)]),
    );
    // The term's deposits add up to the new plan's: no spread counted twice, none lost to a stale relief.
    expect(total(now)).toBe(12345 * now.length);
    const inForce = await sql<{ relief_key: string; n: number }>(
      server,
      `select r.relief_key, count(*)::int as n from deposit_relief r
       join scheduled_deposit d on d.id = r.scheduled_deposit_id where d.agreement_id = ? and r.undone_at is null
       group by r.relief_key`,
      [versionId],
    );
    expect(inForce.map((row) => row.relief_key)).toEqual([expect.stringMatching(/^hardship_case:\d+$/)]);
    const [applied] = await sql<{ data: { reliefsReapplied?: string[]; reliefsSuperseded?: string[] } }>(
      server,
      `select data from activity where agreement_id = ? and details = 'Agreement modification applied'`,
      [versionId],
    );
    expect(applied.data.reliefsReapplied).toEqual([inForce[0].relief_key]);
    expect(applied.data.reliefsSuperseded).toEqual(['shortfall-spread:test:1']);
  });
});
