import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, type LocalDate } from '../../server/src/shared/local-date.js';
import { parseMoney } from '../../server/src/shared/money.js';
import { AGENT, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { agreementInForce, sql, storedPlanLines } from './biller-wizard.fixtures.js';
import { startModification } from './modification.fixtures.js';

/**
 * The plan stored when a modification is applied after today's deposits step ran is planned on the deposits the
 * applier schedules (one writer per fact: what is stored is what the agreement does). The applier writes them on the
 * bank's days (a deposit of today is tomorrow's once the step ran) and without the dates whose deposit stayed with the
 * version in force (modification-schedule.rules.ts#depositChanges). Before, the stored plan (`agreement_plan`) still
 * started today and its calculation counted a deposit of today: one the new version never collects when the version
 * in force's deposit of today was taken (that money is in the opening balance carried over), so each deposit's lines
 * and split were those of one deposit too many. Member 100001, weekly deposits from today, $7.00 more.
 */

let server: TestServer;
let staff: string;
let today: LocalDate;

interface Line {
  kind: string;
  label: string;
  amount: string;
  periodTotal: string;
  billCount: number;
}

interface StepPlan {
  depositAmount: string;
  depositCount: number;
  depositDates: LocalDate[];
  required: { amount: string; openingBalance: string };
  breakdown: { lines: Line[] } | null;
}

const DRAFT = `contributionFrequency contributionAmount contributionDate depositType remitterName remitterNumber
  periodicalPaymentAccount`;
const STEP = `query($id: Int!, $draft: DepositsInput) { agreementDeposits(agreementId: $id, draft: $draft) { step {
    deposits { ${DRAFT} }
    plan { depositAmount depositCount depositDates required { amount openingBalance }
      breakdown { lines { kind label amount periodTotal billCount } } }
    planError { code message } }
  errors { code message } } }`;

type Draft = Record<string, unknown>;

async function depositsStep(versionId: number, draft: Draft | null) {
  const { body } = await server.graphql<{
    agreementDeposits: { step: { deposits: Draft; plan: StepPlan | null; planError: unknown }; errors: unknown[] };
  }>(STEP, { id: versionId, draft }, staff);
  expect(body.errors).toBeUndefined();
  expect(body.data!.agreementDeposits.errors).toEqual([]);
  return body.data!.agreementDeposits.step;
}

/**
 * What the modification's deposits step computes for weekly deposits from `first` at the version's deposit (the
 * member's, unchanged): its dates, lines and required deposit.
 */
async function stepFrom(versionId: number, first: LocalDate): Promise<StepPlan> {
  const stored = (await depositsStep(versionId, null)).deposits;
  const step = await depositsStep(versionId, { ...stored, contributionFrequency: 1, contributionDate: first });
  expect(step.planError).toBeNull();
  return step.plan!;
}

/** Staff modify the member's running agreement: weekly deposits from today, $7.00 more (saved before the step). */
async function modification(): Promise<number> {
  const { agreementId: inForceId } = await agreementInForce(server, MEMBER_TWO_ACCOUNTS[0]);
  const versionId = await startModification(server, inForceId, staff);
  await sql(
    server,
    `update agreement set deposit_amount = deposit_amount + 7.00, contribution_frequency = 1,
       contribution_date = ?::date, total_overdraw_amount = 0, total_contract_value = 1000 where id = ?`,
    [today, versionId],
  );
  return versionId;
}

async function apply(versionId: number): Promise<void> {
  await sql(server, 'update agreement set status = 2 where id = ?', [versionId]);
  const applied = await server.app.services.changeApplier.applyQueued(server.app.database.orm.em.fork(), versionId);
  expect(applied.stage).toBe('APPLIED');
}

/** What the applier stored: the scheduled deposits from today, the plan row and its lines. */
async function applied(versionId: number) {
  const deposits = await sql<{ due_date: LocalDate; expected_amount: string }>(
    server,
    `select due_date::text as due_date, expected_amount::text as expected_amount from scheduled_deposit
     where agreement_id = ? and due_date >= ?::date order by due_date`,
    [versionId, today],
  );
  const [plan] = await sql<{
    first_deposit_date: LocalDate;
    deposit_dates: LocalDate[];
    deposit_amount: string;
    opening_balance: string;
    allocation_share: string;
    contingency_share: string;
    rainy_day_share: string;
  }>(
    server,
    `select first_deposit_date::text as first_deposit_date, deposit_dates::text[] as deposit_dates,
       deposit_amount::text as deposit_amount, opening_balance::text as opening_balance,
       allocation_share::text as allocation_share, contingency_share::text as contingency_share,
       rainy_day_share::text as rainy_day_share
     from agreement_plan where agreement_id = ?`,
    [versionId],
  );
  return { deposits, plan, lines: await storedPlanLines(server, versionId) };
}

const withoutKind = (lines: readonly Line[]) =>
  lines.map(({ label, amount, periodTotal, billCount }) => ({ label, amount, periodTotal, billCount }));

beforeAll(async () => {
  server = await startTestServer();
  staff = await server.token(...AGENT);
  today = server.app.services.clock.today();
  // The version in force gets a deposit today (weekly from today), then today's deposits step runs and asks for it.
  await apply(await modification());
  await server.app.services.bankDay.runStep(server.app.database.orm.em.fork(), 'deposits', today);
  expect(await server.app.services.bankDay.depositsTakenOn(server.app.database.orm.em.fork(), today)).toBe(true);
});
afterAll(async () => {
  await server?.stop();
});

describe('a modification applied after today’s deposits step: its stored plan is planned on the deposits scheduled', () => {
  it('the version in force’s deposit of today taken: the plan starts a week on and counts no deposit today', async () => {
    const versionId = await modification();
    const next = addDays(today, 7);
    const step = await stepFrom(versionId, next);
    await apply(versionId);
    const { deposits, plan, lines } = await applied(versionId);
    const dates = deposits.map((d) => d.due_date);
    expect(dates[0]).toBe(next);
    expect(plan.first_deposit_date).toBe(dates[0]);
    expect(plan.deposit_dates).toEqual(dates);
    // What the deposits step computes for that schedule: the same deposits, lines and split.
    expect(step.depositDates).toEqual(dates);
    expect(parseMoney(plan.deposit_amount)).toBe(parseMoney(step.depositAmount));
    expect(parseMoney(plan.opening_balance)).toBe(parseMoney(step.required.openingBalance));
    expect(lines).toEqual(withoutKind(step.breakdown!.lines));
    // Each deposit's split (rule "deposit split"): its contingency line to contingency, its surplus line to rainy day.
    const share = (kind: string) =>
      step.breakdown!.lines.filter((line) => line.kind === kind).reduce((total, l) => total + parseMoney(l.amount), 0);
    expect(parseMoney(plan.contingency_share)).toBe(share('CONTINGENCY'));
    expect(parseMoney(plan.rainy_day_share)).toBe(share('SURPLUS'));
    expect(parseMoney(plan.allocation_share)).toBe(
      parseMoney(step.depositAmount) - share('CONTINGENCY') - share('SURPLUS'),
    );
  });

  it('the version in force having no deposit today: the plan’s first deposit is tomorrow, the rest as agreed', async () => {
    const versionId = await modification();
    const tomorrow = addDays(today, 1);
    const step = await stepFrom(versionId, tomorrow);
    await apply(versionId);
    const { deposits, plan, lines } = await applied(versionId);
    const dates = deposits.map((d) => d.due_date);
    expect(dates.slice(0, 2)).toEqual([tomorrow, addDays(today, 7)]);
    expect(plan.first_deposit_date).toBe(tomorrow);
    expect(plan.deposit_dates).toEqual(dates);
    // The deposits step cannot say "tomorrow, then on today's weekday" (weekly from tomorrow is its nearest): as many
    // deposits, so the same lines and split.
    expect(step.depositCount).toBe(dates.length);
    expect(parseMoney(plan.opening_balance)).toBe(parseMoney(step.required.openingBalance));
    expect(lines).toEqual(withoutKind(step.breakdown!.lines));
  });
});
