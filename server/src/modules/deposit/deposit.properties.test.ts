import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents, sum, type Cents } from '../../shared/money.js';
import { addDays, daysBetween, fromEpochDay, toEpochDay, type LocalDate } from '../../shared/local-date.js';
import {
  buildCashFlowProfile,
  simulateCashFlow,
  type DateWindow,
  type ExpectedBill,
} from '../../shared/deposit/cash-flow.rules.js';
import { explainDeposit } from './deposit-breakdown.rules.js';
import {
  checkDepositCoversExpenses,
  keepsBalanceAtOrAbove,
  minimumDeposit,
  requiredDeposit,
} from './deposit-calculator.rules.js';
import { ContributionFrequency, depositDates, type DepositScheduleInput } from './deposit-schedule.rules.js';

const FIRST_DAY = toEpochDay('2024-01-01' as LocalDate);
const LAST_DAY = toEpochDay('2030-12-31' as LocalDate);

const dateArb = fc.integer({ min: FIRST_DAY, max: LAST_DAY }).map(fromEpochDay);
const centsArb = (min: number, max: number) => fc.integer({ min, max }).map(cents);

const windowArb: fc.Arbitrary<DateWindow> = fc
  .record({ from: dateArb, length: fc.integer({ min: 1, max: 400 }) })
  .map(({ from, length }) => ({ from, to: addDays(from, length - 1) }));

const frequencyArb = fc.constantFrom(
  ContributionFrequency.Weekly,
  ContributionFrequency.Fortnightly,
  ContributionFrequency.Monthly,
  ContributionFrequency.Quarterly,
  ContributionFrequency.Annually,
  ContributionFrequency.BiMonthly,
);

/** A schedule starting in the window; the second bi-monthly date 1-27 days after the first, so the days differ. */
const scheduleArb = (window: DateWindow): fc.Arbitrary<DepositScheduleInput> =>
  fc
    .record({
      frequency: frequencyArb,
      startOffset: fc.integer({ min: 0, max: 60 }),
      secondOffset: fc.integer({ min: 1, max: 27 }),
      pickSecond: fc.boolean(),
    })
    .map(({ frequency, startOffset, secondOffset, pickSecond }) => {
      const first = addDays(window.from, startOffset);
      const second = addDays(first, secondOffset);
      return {
        frequency,
        firstDepositDate: pickSecond && frequency === ContributionFrequency.BiMonthly ? second : first,
        endDate: window.to,
        biMonthlyDates: { first, second },
      };
    });

/** Bills around the window: some overdue before it, some after its end. */
const billsArb = (window: DateWindow): fc.Arbitrary<ExpectedBill[]> => {
  const length = daysBetween(window.from, window.to) + 1;
  return fc
    .array(
      fc.record({
        billerKey: fc.constantFrom('power', 'water', 'rates', 'phone', 'insurance'),
        offset: fc.integer({ min: -30, max: length + 30 }),
        amount: centsArb(0, 500_000),
        contingency: centsArb(0, 50_000),
      }),
      { maxLength: 40 },
    )
    .map((bills) =>
      bills.map(({ billerKey, offset, amount, contingency }) => ({
        billerKey,
        label: billerKey,
        date: addDays(window.from, offset),
        amount,
        contingency,
      })),
    );
};

const scenarioArb = windowArb.chain((window) =>
  fc.record({
    window: fc.constant(window),
    schedule: scheduleArb(window),
    bills: billsArb(window),
    openingBalance: centsArb(-100_000, 1_000_000),
    depositAmount: centsArb(0, 300_000),
  }),
);

interface Scenario {
  window: DateWindow;
  schedule: DepositScheduleInput;
  bills: ExpectedBill[];
  openingBalance: Cents;
  depositAmount: Cents;
}

const profileOf = (scenario: Scenario) =>
  buildCashFlowProfile({
    window: scenario.window,
    openingBalance: scenario.openingBalance,
    depositDates: depositDates(scenario.schedule),
    bills: scenario.bills,
  });

describe('deposit calculator properties', () => {
  it('deposit dates are sorted and fall between the first deposit date and the end date', () => {
    fc.assert(
      fc.property(scenarioArb, ({ schedule }) => {
        const dates = depositDates(schedule);
        const strictlyIncreasing = schedule.frequency !== ContributionFrequency.BiMonthly;
        dates.forEach((date, i) => {
          expect(date >= schedule.firstDepositDate && date <= schedule.endDate).toBe(true);
          if (i > 0) expect(strictlyIncreasing ? date > dates[i - 1] : date >= dates[i - 1]).toBe(true);
        });
        if (schedule.firstDepositDate <= schedule.endDate) expect(dates[0]).toBe(schedule.firstDepositDate);
      }),
    );
  });

  it("the simulation's final balance is opening + deposits - bills, and every day matches a naive recount", () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const { window, openingBalance, depositAmount, bills } = scenario;
        const deposits = depositDates(scenario.schedule).filter((date) => date >= window.from && date <= window.to);
        const counted = bills.filter((bill) => bill.date <= window.to);
        const flow = simulateCashFlow(profileOf(scenario), depositAmount);

        const billTotal = sum(counted.map((bill) => cents(bill.amount + bill.contingency)));
        expect(flow.closingBalance).toBe(openingBalance + depositAmount * deposits.length - billTotal);
        for (const day of flow.days) {
          const depositsSoFar = deposits.filter((date) => date <= day.date).length;
          const due = counted.filter((bill) => bill.date <= day.date);
          expect(day.balance).toBe(
            openingBalance +
              depositAmount * depositsSoFar -
              sum(due.map((bill) => cents(bill.amount + bill.contingency))),
          );
        }
      }),
      { numRuns: 50 },
    );
  });

  it('the breakdown always adds up exactly to the deposit, each line within a cent of its share', () => {
    fc.assert(
      fc.property(scenarioArb, fc.integer({ min: 1, max: 60 }), (scenario, depositCount) => {
        const breakdown = explainDeposit({
          depositAmount: scenario.depositAmount,
          depositCount,
          openingBalance: scenario.openingBalance,
          bills: scenario.bills,
        });
        expect(sum(breakdown.lines.map((line) => line.amount))).toBe(scenario.depositAmount);
        for (const line of breakdown.lines) {
          expect(Math.abs(line.amount * depositCount - line.periodTotal)).toBeLessThan(depositCount);
        }
      }),
    );
  });

  it('the minimum deposit never goes short and one cent less does', () => {
    fc.assert(
      fc.property(scenarioArb, centsArb(0, 200_000), (scenario, overdrawAllowed) => {
        const profile = profileOf(scenario);
        const floor = cents(-overdrawAllowed);
        const minimum = minimumDeposit(profile, overdrawAllowed);
        if (minimum.reachable) {
          expect(keepsBalanceAtOrAbove(profile, minimum.amount, floor)).toBe(true);
          if (minimum.amount > 0) expect(keepsBalanceAtOrAbove(profile, cents(minimum.amount - 1), floor)).toBe(false);
        } else {
          // Only a top-up helps: exactly the one reported makes the minimum reachable, a cent less does not.
          const toppedUp = (topUp: number) =>
            minimumDeposit({ ...profile, openingBalance: cents(profile.openingBalance + topUp) }, overdrawAllowed);
          expect(toppedUp(minimum.topUpNeeded).reachable).toBe(true);
          expect(toppedUp(minimum.topUpNeeded - 1).reachable).toBe(false);
        }
      }),
    );
  });

  it('the required deposit covers the expenses and one cent less does not', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const required = requiredDeposit(profileOf(scenario));
        fc.pre(required.depositCount > 0);
        expect(checkDepositCoversExpenses(required, required.amount).ok).toBe(true);
        if (required.amount > 0)
          expect(checkDepositCoversExpenses(required, cents(required.amount - 1)).ok).toBe(false);
      }),
    );
  });
});
