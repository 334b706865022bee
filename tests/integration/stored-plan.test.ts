import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, zonedInstant, type LocalDate } from '../../server/src/shared/local-date.js';
import { cents, parseMoney, percentOf, type Cents } from '../../server/src/shared/money.js';
import { loadBillers } from '../../server/src/modules/agreement/agreement-billers.js';
import { loadAgreementFacts } from '../../server/src/modules/agreement/agreement-facts.js';
import { loadStoredPlans } from '../../server/src/modules/agreement/plan/plan-reader.js';
import { storeMissingPlans } from '../../server/src/modules/agreement/plan/plan-store.js';
import { storedDepositPlanData } from '../../server/src/modules/agreement/stored-plan.js';
import { splitDeposit } from '../../server/src/modules/agreement/plan/deposit-split.rules.js';
import type { DepositDayResult } from '../../server/src/modules/core-banking/deposit-arrivals.js';
import { SimulationClock, simulateDay } from '../../server/src/modules/core-banking/simulation.js';
import { plannerDefaultsOf } from '../../server/src/modules/planner/planner-settings.js';
import { calculateDepositPlan } from '../../server/src/modules/planner/planner.calculations.js';
import { DEFAULT_SERVER_SETTINGS } from '../../server/src/modules/settings/settings.defaults.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { createBankAgreement, type AgreementSpec } from './core-banking-world.js';
import { createMember } from './payment-world.js';

/**
 * Issue 25 item 2: the agreed plan is stored when a version takes effect and read, never recomputed. A planner
 * constant (the 10% contingency) is changed while agreements run: no stored split or deposit of any running
 * agreement (the demo data's included) changes, and the bank day splits a real deposit by the stored split, while
 * the planner's what-ifs follow the new constant.
 */

/** The contingency rate, as a knob: the bill engine's `contingencyFor` reads it instead of its constant. */
const knob = vi.hoisted(() => ({ percent: 10 }));
vi.mock('../../server/src/shared/bill/bill-amount.rules.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../server/src/shared/bill/bill-amount.rules.js')>();
  return {
    ...original,
    contingencyFor: (amount: Cents, basis: Parameters<typeof original.contingencyFor>[1]) =>
      original.contingencyFor(amount, basis) === 0
        ? original.contingencyFor(amount, basis)
        : percentOf(amount, knob.percent),
  };
});

const TZ = 'Australia/Sydney';
const START = '2026-01-01' as LocalDate;

/** Power varies (a contingency); water is fixed. Fortnightly deposits from the start. */
const SPEC: AgreementSpec = {
  start: START,
  end: '2026-12-31' as LocalDate,
  frequency: 2,
  billers: [
    { nickname: 'Water', paymentMethod: 0, value: '120.00', frequency: 5, dateOfBill: '2026-02-16' as LocalDate },
    {
      nickname: 'Power',
      paymentMethod: 4,
      value: '150.00',
      frequency: 3,
      dateOfBill: '2026-01-20' as LocalDate,
      varies: true,
    },
  ],
};

describe('the agreed plan, stored', () => {
  let server: TestServer;
  let clock: SimulationClock;
  const em = () => server.app.database.orm.em.fork();

  /** Every stored plan with its lines, and every scheduled deposit's date, amount and plan. */
  const snapshot = async () => ({
    plans: await em().execute(
      `select p.agreement_id, p.effective_date::text, p.first_deposit_date::text, p.deposit_amount, p.deposit_dates::text,
         p.opening_balance, p.allocation_share, p.contingency_share, p.rainy_day_share,
         (select json_agg(json_build_object('kind', l.kind, 'biller', l.biller_id, 'sub', l.billing_sub_category_id,
                   'amount', l.amount, 'total', l.period_total) order by l.position)
            from agreement_plan_line l where l.plan_id = p.id) as lines
       from agreement_plan p order by p.agreement_id`,
    ),
    deposits: await em().execute(
      `select d.id, d.agreement_id, d.due_date::text, d.expected_amount, d.plan_id from scheduled_deposit d
       join agreement g on g.id = d.agreement_id where g.status in (1, 4, 7, 8) order by d.id`,
    ),
  });

  beforeAll(async () => {
    knob.percent = 10;
    clock = new SimulationClock(zonedInstant(START, TZ, 0, 1), TZ);
    server = await startTestServer({ clock });
  }, 180_000);
  afterAll(async () => {
    knob.percent = 10;
    await server?.stop();
  });

  it('stores the plan of every running agreement of the demo data, each open deposit naming it', async () => {
    const [counts] = await em().execute<{ running: number; planned: number; unplanned_deposits: number }[]>(
      `select (select count(*) from agreement where status in (4, 7, 8))::int as running,
              (select count(*) from agreement g where status in (4, 7, 8)
                 and exists (select 1 from agreement_plan p where p.agreement_id = g.id))::int as planned,
              (select count(*) from scheduled_deposit d join agreement g on g.id = d.agreement_id
                 where g.status in (4, 7, 8) and d.status in (0, 2, 3) and d.plan_id is null)::int as unplanned_deposits`,
    );
    expect(counts.running).toBeGreaterThan(0);
    expect(counts).toEqual({ running: counts.running, planned: counts.running, unplanned_deposits: 0 });
  });

  it('changes no running agreement’s stored split or deposits when a planner constant changes', async () => {
    const fixture = await createMember(em(), 'planknob');
    const agreement = await createBankAgreement(em(), fixture, SPEC);
    const before = await snapshot();
    const stored = (await loadStoredPlans(em(), [agreement.agreementId])).get(agreement.agreementId)!;
    expect(stored.shares.contingency).toBeGreaterThan(0);

    knob.percent = 30;
    // The what-if (the planner on the same stored version) now splits the deposit otherwise...
    const facts = (await loadAgreementFacts(em(), agreement.agreementId))!;
    const billers = await loadBillers(em(), [agreement.agreementId]);
    const whatIf = calculateDepositPlan(
      storedDepositPlanData(facts, billers, cents(0)),
      START,
      plannerDefaultsOf(DEFAULT_SERVER_SETTINGS),
    ).plan.breakdown!;
    const whatIfContingency = whatIf.lines.find((line) => line.kind === 'contingency')!.amount;
    expect(whatIfContingency).not.toBe(stored.shares.contingency);

    // ...but storing again stores nothing, and the bank day splits the real deposits by the stored plans.
    expect(await storeMissingPlans(em())).toBe(0);
    // Two weeks of bank days: every running agreement's deposit arrives once, the demo data's with ours (the locked
    // and the resigned member's move no money: shared/money-movement.rules.ts).
    const received: DepositDayResult['received'] = [];
    for (let date = START; date < addDays(START, 14); date = addDays(date, 1)) {
      const { day } = await simulateDay(server.app.services.jobs, server.app.services.bankDay, em(), clock, date);
      received.push(...day.deposits.received);
    }
    const ours = received.filter((d) => d.agreementId === agreement.agreementId);
    expect(ours).toHaveLength(1);
    expect(new Set(received.map((d) => d.agreementId)).size).toBeGreaterThan(1);

    const plans = await loadStoredPlans(
      em(),
      received.map((d) => d.agreementId),
    );
    for (const deposit of received) {
      const [activity] = await em().execute<{ data: Record<string, string> }[]>(
        `select a.data from activity a join ledger_transaction t on t.id = a.ledger_transaction_id
         where t.deposit_id = ? order by a.id desc limit 1`,
        [deposit.depositId],
      );
      const plan = plans.get(deposit.agreementId)!;
      const expected = splitDeposit(deposit.amount, {
        depositAmount: plan.depositAmount,
        contingency: plan.shares.contingency,
        rainyDay: plan.shares.rainyDay,
      });
      expect({
        agreementId: deposit.agreementId,
        allocation: parseMoney(activity.data.allocation.replace(/[$,]/g, '')),
        contingency: parseMoney(activity.data.contingency.replace(/[$,]/g, '')),
        rainyDay: parseMoney(activity.data.rainyDay.replace(/[$,]/g, '')),
      }).toEqual({ agreementId: deposit.agreementId, ...expected });
    }
    const [entry] = await em().execute<{ amount: string }[]>(
      `select e.amount from ledger_entry e join ledger_account a on a.id = e.ledger_account_id
       join ledger_transaction t on t.id = e.transaction_id
       where t.deposit_id = ? and a.kind = 2`,
      [ours[0].depositId],
    );
    expect(parseMoney(String(entry.amount))).toBe(stored.shares.contingency);

    const after = await snapshot();
    expect(after).toEqual(before);
  }, 300_000);
});
