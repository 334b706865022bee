import { addDays, parseLocalDate, type LocalDate } from '../../server/src/shared/local-date.js';
import { cents } from '../../server/src/shared/money.js';
import { billOccurrences } from '../../server/src/shared/bill/bill-schedule.rules.js';
import { expectedBills } from '../../server/src/modules/bill/expected-bills.rules.js';
import { planDeposits, type DepositPlanInput } from '../../server/src/modules/deposit/deposit-plan.rules.js';
import { ContributionFrequency } from '../../server/src/modules/deposit/deposit-schedule.rules.js';
import { toBillPlan } from '../../server/src/modules/planner/bill-input.rules.js';
import type { DepositPlanBillerData, DepositPlanData } from '../../server/src/modules/planner/deposit-input.rules.js';
import { toDepositPlanView } from '../../server/src/modules/planner/deposit-plan.views.js';
import {
  calculateDepositPlan,
  previewBillSchedule,
  type BillScheduleData,
} from '../../server/src/modules/planner/planner.calculations.js';
import { measure, type BenchRow, type BenchSection } from './harness.js';

/** The pure engines, no database: what one GraphQL call of the planner costs beyond HTTP and parsing. */

const d = parseLocalDate;
const TODAY = d('2026-06-20');
const START = d('2026-07-01');
const END = d('2027-06-30');
const DEFAULTS = {
  approvedOverdraw: cents(500_000),
  upperContractLimit: cents(5_000_000),
  overdrawRuleDurationDays: 56,
};

/** A daily bill over exactly 10,000 days: the cap's largest allowed answer. */
function tenThousandDays(): BillScheduleData {
  const first = d('2000-01-01');
  return {
    frequency: 0,
    dateOfBill: first,
    amount: cents(1_234),
    amountVaries: true,
    periodStart: first,
    periodEnd: addDays(first, 9_999),
  };
}

const FREQUENCIES = [1, 1, 2, 3, 3, 3, 5, 10, 4, 7];

/** 50 billers over a year: every frequency, every third variable, every fifth direct debit, every seventh seasonal. */
export function fiftyBillers(): DepositPlanBillerData[] {
  return Array.from({ length: 50 }, (_, b): DepositPlanBillerData => {
    const frequency = FREQUENCIES[b % FREQUENCIES.length];
    const dateOfBill: LocalDate = addDays(START, (b * 3) % 28);
    const amount = cents(frequency <= 2 ? 2_500 + b * 41 : 9_000 + b * 913);
    return {
      key: `biller:${b + 1}`,
      label: `Biller ${b + 1}`,
      frequency,
      dateOfBill,
      secondDateOfBill: frequency === 10 ? addDays(dateOfBill, 14) : null,
      amount,
      amountVaries: b % 3 === 0,
      paymentMethod: b % 5 === 0 ? 4 : 0,
      ...(b % 7 === 0 ? { peakValue: cents(Math.round(amount * 1.5)), peakMonths: [6, 7, 8] } : {}),
    };
  });
}

export function yearPlan(): DepositPlanData {
  return { startDate: START, endDate: END, depositFrequency: 2, firstDepositDate: START, billers: fiftyBillers() };
}

export const enginesSection: BenchSection = {
  name: 'engines',
  title: 'Bill and deposit engines (pure, no database)',
  async run(): Promise<BenchRow[]> {
    const daily = tenThousandDays();
    const dailyPlan = toBillPlan(daily, { billerKey: 'daily', label: 'Daily' });
    const dailyPeriod = { start: daily.periodStart, end: daily.periodEnd };
    if (billOccurrences(dailyPlan, dailyPeriod).length !== 10_000) throw new Error('expected 10,000 occurrences');

    const input = yearPlan();
    const period = { start: START, end: END };
    const bills = input.billers.flatMap(
      (biller) => expectedBills(toBillPlan(biller, { billerKey: biller.key, label: biller.key }), period).bills,
    );
    const engineInput: DepositPlanInput = {
      startDate: START,
      endDate: END,
      today: TODAY,
      openingBalance: cents(0),
      schedule: { frequency: ContributionFrequency.Fortnightly, firstDepositDate: START },
      bills,
      overdrawRuleDurationDays: 56,
    };
    const size = `${bills.length} bills, 365 days, 27 deposits; target well under 50 ms`;

    return [
      await measure('billOccurrences: 10,000 daily dates', () => billOccurrences(dailyPlan, dailyPeriod), {
        runs: 200,
      }),
      await measure('expectedBills: 10,000 variable bills', () => expectedBills(dailyPlan, dailyPeriod), {
        runs: 200,
      }),
      await measure('billSchedule preview: 10,000 (checks, statuses)', () => previewBillSchedule(daily, TODAY), {
        runs: 200,
      }),
      await measure('planDeposits: 50 billers x 12 months', () => planDeposits(engineInput), { runs: 300, note: size }),
      await measure('depositPlan: checks + bills + plan', () => calculateDepositPlan(input, TODAY, DEFAULTS), {
        runs: 300,
        note: 'what the resolver computes; target well under 50 ms',
      }),
      await measure(
        'depositPlan + GraphQL view + daily series',
        () => toDepositPlanView(calculateDepositPlan(input, TODAY, DEFAULTS)).forecast.series(1),
        { runs: 300 },
      ),
    ];
  },
};
