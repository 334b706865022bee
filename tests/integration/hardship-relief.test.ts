import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAgreementFacts } from '../../server/src/modules/agreement/agreement-facts.js';
import { SimulationClock, simulateDay } from '../../server/src/modules/core-banking/simulation.js';
import { agreementsAskingDeposits } from '../../server/src/modules/core-banking/deposit-arrivals.js';
import { addDays, todayIn, zonedInstant, type LocalDate } from '../../server/src/shared/local-date.js';
import { latestHolidayEnd } from '../../server/src/shared/hardship/hardship.rules.js';
import { formatCurrency, parseMoney, split, sum, toDecimalString, type Cents } from '../../server/src/shared/money.js';
import { AGENT, MEMBER_TWO_ACCOUNTS, REPORTER } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { agreementInForce } from './biller-wizard.fixtures.js';
import { em, gql, memberIdOf, session, sql, type Session } from './portal-support.js';

/**
 * A hardship arrangement changes the deposits (issue 24 item 4, rule "deposit relief"): staff record a deposit
 * holiday for a member in good standing (100001); the holiday's deposits are no longer expected (status 5), what they
 * carried is spread over the later deposits to the cent, the projection's next deposit and forecast follow, the bank
 * day neither asks for nor misses a holiday deposit; an arrangement changed takes the first back before it applies,
 * and "no change" puts every deposit back. A relief that would change nothing is refused and writes nothing.
 */
const TZ = 'Australia/Sydney';
const TODAY = todayIn(TZ);
const clock = new SimulationClock(zonedInstant(TODAY, TZ, 10), TZ);

const CASE = `caseId status arrangement { kind words } deposits { dueDate before after holiday }`;
const OPEN = `mutation($input: OpenHardshipCaseInput!) { openHardshipCase(input: $input) {
  hardshipCase { ${CASE} } errors { code field message } } }`;
const ARRANGE = `mutation($input: ArrangeHardshipCaseInput!) { arrangeHardshipCase(input: $input) {
  hardshipCase { ${CASE} } errors { code field message } } }`;

const PREVIEW = `query($input: HardshipArrangementPreviewInput!) { hardshipArrangementPreview(input: $input) {
  preview { words deposits { dueDate before after holiday } relieved spreadOver restored } errors { code field message } } }`;
interface PreviewResult {
  preview: { words: string; deposits: Changed[]; relieved: string; spreadOver: number; restored: number } | null;
  errors: { code: string }[];
}

interface DepositRow {
  id: number;
  due_date: LocalDate;
  expected_amount: string;
  status: number;
}
interface Changed {
  dueDate: string;
  before: string;
  after: string;
  holiday: boolean;
}
type Result = {
  hardshipCase: { caseId: number; status: string; deposits: Changed[] } | null;
  errors: { code: string; field: string | null; message: string }[];
};

let server: TestServer;
let member: Session;
let agent: Session;
let memberId: number;
let accountId: number;
let agreementId: number;
/** The schedule still to come before any arrangement. */
let original: DepositRow[];
/** The forecast's closing balance on the last day, before any arrangement. */
let forecastEnd: Cents;

async function schedule(): Promise<DepositRow[]> {
  return sql<DepositRow>(
    server,
    `select id, due_date::text as due_date, expected_amount::text as expected_amount, status from scheduled_deposit
     where agreement_id = ? and due_date >= ?::date and received_amount = 0 order by due_date, id`,
    [agreementId, TODAY],
  );
}

const total = (rows: DepositRow[]) => sum(rows.map((row) => parseMoney(row.expected_amount)));

async function arrange(input: Record<string, unknown>): Promise<Result> {
  const body = await gql<{ arrangeHardshipCase: Result }>(server, agent, ARRANGE, {
    input: { accountId, from: null, until: null, amount: null, note: 'Agreed on the phone.', ...input },
  });
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data.arrangeHardshipCase;
}

async function projection() {
  const facts = await loadAgreementFacts(em(server), agreementId);
  return server.app.services.projections.forAgreement(em(server), facts!);
}

beforeAll(async () => {
  server = await startTestServer({ clock });
  member = await session(server, MEMBER_TWO_ACCOUNTS);
  agent = await session(server, AGENT);
  memberId = await memberIdOf(server, MEMBER_TWO_ACCOUNTS[0]);
  ({ accountId, agreementId } = await agreementInForce(server, MEMBER_TWO_ACCOUNTS[0]));
  original = await schedule();
  forecastEnd = (await projection()).forecast!.points.at(-1)!.balance;
  const body = await gql<{ openHardshipCase: Result }>(server, member, OPEN, {
    input: { memberId, accountId, situation: 'Lost a job.', kind: 'None', from: null, until: null, amount: null },
  });
  expect(body.data!.openHardshipCase.errors).toEqual([]);
}, 120_000);
afterAll(() => server?.stop());

async function previewOf(who: Session, input: Record<string, unknown>) {
  const body = await gql<{ hardshipArrangementPreview: PreviewResult }>(server, who, PREVIEW, {
    input: { accountId, from: null, until: null, amount: null, ...input },
  });
  if (!body.data) return { preview: null, errors: body.errors!.map((e) => ({ code: String(e.extensions?.code) })) };
  return body.data.hardshipArrangementPreview;
}

describe('a hardship arrangement changes the deposits to come (rule "deposit relief")', () => {
  it('shows staff only, not the member or the reporter, a preview; a bad one is refused as recording it is', async () => {
    const from = original[0].due_date;
    expect((await previewOf(member, { kind: 'DepositHoliday', from, until: from })).errors).toEqual([
      { code: 'FORBIDDEN' },
    ]);
    const reporter = await session(server, REPORTER);
    expect((await previewOf(reporter, { kind: 'DepositHoliday', from, until: from })).errors).toEqual([
      { code: 'FORBIDDEN' },
    ]);
    const gap = await previewOf(agent, {
      kind: 'DepositHoliday',
      from: addDays(original[0].due_date, 1),
      until: addDays(original[1].due_date, -1),
    });
    expect(gap.errors.map((e) => e.code)).toEqual(['NOTHING_RELIEVED']);
    expect(await schedule()).toEqual(original);
    const [{ n }] = await sql<{ n: number }>(server, 'select count(*)::int as n from deposit_relief');
    expect(n).toBe(0);
  });

  it('has a schedule to relieve', () => {
    expect(original.length).toBeGreaterThan(3);
    expect(original.every((row) => row.status === 0)).toBe(true);
  });

  it('refuses a holiday with no deposit in it, changing nothing', async () => {
    const [first, second] = original;
    const gapFrom = addDays(first.due_date, 1);
    const gapUntil = addDays(second.due_date, -1);
    expect(gapUntil >= gapFrom).toBe(true);
    const answer = await arrange({ kind: 'DepositHoliday', from: gapFrom, until: gapUntil });
    expect(answer.errors.map((e) => [e.code, e.field])).toEqual([['NOTHING_RELIEVED', 'until']]);
    expect(answer.errors[0].message).toContain('deposit holiday would change nothing');
    expect(await schedule()).toEqual(original);
    const [{ n }] = await sql<{ n: number }>(server, 'select count(*)::int as n from deposit_relief');
    expect(n).toBe(0);
  });

  it('takes the holiday’s deposits out and spreads them over the later ones to the cent', async () => {
    const from = original[0].due_date;
    const until = latestHolidayEnd(from);
    const inHoliday = original.filter((row) => row.due_date <= until);
    const later = original.filter((row) => row.due_date > until);
    // Staff see first what it would do: the same deposits as recording it gives, and nothing is written.
    const preview = await previewOf(agent, { kind: 'DepositHoliday', from, until });
    expect(preview.errors).toEqual([]);
    expect(await schedule()).toEqual(original);
    const answer = await arrange({ kind: 'DepositHoliday', from, until });
    expect(answer.errors).toEqual([]);
    expect(answer.hardshipCase!.status).toBe('Arranged');
    expect(preview.preview).toEqual({
      words: expect.stringMatching(/^a deposit holiday from /),
      deposits: answer.hardshipCase!.deposits,
      relieved: toDecimalString(total(inHoliday)),
      spreadOver: later.length,
      restored: 0,
    });

    // By hand: what the holiday's deposits carried, split over the later ones, odd cents first.
    const relieved = total(inHoliday);
    const shares = split(relieved, later.length);
    const expected = [
      ...inHoliday.map((row) => ({ dueDate: row.due_date, before: row.expected_amount, after: '0.00', holiday: true })),
      ...later.map((row, i) => ({
        dueDate: row.due_date,
        before: row.expected_amount,
        after: (parseMoney(row.expected_amount) + shares[i]) / 100,
        holiday: false,
      })),
    ].map((c) => ({ ...c, after: typeof c.after === 'number' ? c.after.toFixed(2) : c.after }));
    expect(answer.hardshipCase!.deposits).toEqual(expected);

    const now = await schedule();
    expect(now.filter((row) => row.status === 5).map((row) => row.due_date)).toEqual(inHoliday.map((r) => r.due_date));
    expect(total(now)).toBe(total(original));
    const [activity] = await sql<{ details: string }>(
      server,
      'select details from activity where account_id = ? and type = 41 order by id desc limit 1',
      [accountId],
    );
    expect(activity.details).toContain(
      `${inHoliday.length} deposit${inHoliday.length === 1 ? '' : 's'} relieved of ${formatCurrency(relieved)}, spread over the next ${later.length} deposits.`,
    );

    // The member is told their deposits changed (the agreement-changed notice, by their preferences).
    const told = await sql<{ change: string }>(
      server,
      `select facts->>'change' as change from member_notice where kind = 'agreementChanged' and agreement_id = ?
       and notice_key like 'hardship:%' and notice_key !~ ':(opened|closed)$'`,
      [agreementId],
    );
    expect(told.map((row) => row.change)).toEqual([
      expect.stringMatching(/^the deposits, as arranged with you: a deposit holiday from /),
    ]);

    // The projection reads the living schedule: the next deposit is the first after the holiday, at its new amount.
    const seen = await projection();
    expect(seen.nextDeposit).toMatchObject({
      date: later[0].due_date,
      amount: parseMoney(expected[inHoliday.length].after),
    });
    // The forecast counts no holiday deposit and ends where it did (the same money over the term).
    const input = await server.app.services.projections.inputFor(
      em(server),
      (await loadAgreementFacts(em(server), agreementId))!,
    );
    const holidayDays = new Set(inHoliday.map((row) => row.due_date));
    expect(input.deposits.filter((deposit) => holidayDays.has(deposit.dueDate))).toEqual([]);
    expect(seen.forecast!.points.at(-1)!.balance).toBe(forecastEnd);
  });

  it('changing the arrangement takes the holiday back first; "no change" puts every deposit back', async () => {
    const until = addDays(original[1].due_date, 1);
    const lowered = await arrange({ kind: 'LowerDeposit', amount: '10.00', until });
    expect(lowered.errors).toEqual([]);
    const now = await schedule();
    expect(now.some((row) => row.status === 5)).toBe(false);
    const inPeriod = now.filter((row) => row.due_date <= until);
    expect(inPeriod.map((row) => row.expected_amount)).toEqual(inPeriod.map(() => '10.00'));
    expect(total(now)).toBe(total(original));
    const [{ undone }] = await sql<{ undone: number }>(
      server,
      'select count(*)::int as undone from deposit_relief where undone_at is not null',
    );
    expect(undone).toBeGreaterThan(0);

    const none = await arrange({ kind: 'None' });
    expect(none.errors).toEqual([]);
    expect(none.hardshipCase!.deposits).toEqual([]);
    expect(await schedule()).toEqual(original);
  });

  it('on the bank day, a holiday deposit is neither asked for nor missed', async () => {
    const from = original[0].due_date;
    const answer = await arrange({ kind: 'DepositHoliday', from, until: from });
    expect(answer.errors).toEqual([]);
    expect(await agreementsAskingDeposits(em(server), from, agreementId)).toEqual([]);
    await simulateDay(server.app.services.jobs, server.app.services.bankDay, em(server), clock, from);
    const [row] = await sql<{ status: number; received_amount: string }>(
      server,
      'select status, received_amount::text as received_amount from scheduled_deposit where id = ?',
      [original[0].id],
    );
    expect(row).toEqual({ status: 5, received_amount: '0.00' });
    const [{ missed }] = await sql<{ missed: number }>(
      server,
      'select count(*)::int as missed from activity where agreement_id = ? and type = 14 and occurred_at >= ?',
      [agreementId, zonedInstant(from, TZ, 0)],
    );
    expect(missed).toBe(0);
    const [agreement] = await sql<{ status: number }>(server, 'select status from agreement where id = ?', [
      agreementId,
    ]);
    expect(agreement.status).toBe(7);
    expect(((await projection()).nextDeposit?.date ?? '') > from).toBe(true);
  });
});
