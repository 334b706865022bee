import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  daysInMonth,
  fromEpochDay,
  localDate,
  toEpochDay,
  toYmd,
  type LocalDate,
} from '../../shared/local-date.js';
import { cents } from '../../shared/money.js';
import { contingencyFor } from '../../shared/bill/bill-amount.rules.js';
import { BillScheduleError } from '../../shared/bill/bill.errors.js';
import {
  billOccurrences,
  NO_LIMIT,
  OCCURRENCE_CAP,
  type AgreementPeriod,
  type BillSchedule,
} from '../../shared/bill/bill-schedule.rules.js';
import { ALL_BILLING_FREQUENCIES, BillingFrequency, frequencyStep } from '../../shared/bill/billing-frequency.js';
import { PaymentMethod } from '../../shared/bill/payment-method.js';

const EARLIEST = toEpochDay(localDate(1990, 1, 1));
const LATEST = toEpochDay(localDate(2090, 12, 31));

const dateArb = (from = EARLIEST, to = LATEST): fc.Arbitrary<LocalDate> =>
  fc.integer({ min: from, max: to }).map(fromEpochDay);

/** Periods up to ~6 years: a daily bill stays under the cap. */
const periodArb: fc.Arbitrary<AgreementPeriod> = fc
  .tuple(fc.integer({ min: EARLIEST, max: LATEST }), fc.integer({ min: 0, max: 2_200 }))
  .map(([start, length]) => ({ start: fromEpochDay(start), end: fromEpochDay(start + length) }));

/** Month-end days are over-represented: they are where clamping goes wrong. */
const anchorArb: fc.Arbitrary<LocalDate> = fc.oneof(
  dateArb(),
  fc
    .tuple(fc.integer({ min: 1990, max: 2090 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 3 }))
    .map(([year, month, back]) => localDate(year, month, daysInMonth(year, month) - back)),
);

const scheduleArb: fc.Arbitrary<BillSchedule> = fc
  .record({
    frequency: fc.constantFrom(...ALL_BILLING_FREQUENCIES),
    dateOfBill: anchorArb,
    secondDateOfBill: fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }),
    finalBillDate: fc.option(dateArb(), { nil: null }),
  })
  .map((schedule) => ({
    ...schedule,
    // Bi-monthly needs a second date within a month of the first (2 §5); others ignore it.
    secondDateOfBill:
      schedule.frequency === BillingFrequency.BiMonthly
        ? fromEpochDay(toEpochDay(schedule.dateOfBill) + (schedule.secondDateOfBill ?? 14))
        : undefined,
  }));

/** The reference: walk k = 0, 1, 2 … from the anchor, each date computed straight from it. */
function referenceDates(schedule: BillSchedule, period: AgreementPeriod): LocalDate[] {
  const step = frequencyStep(schedule.frequency);
  const anchors =
    step.kind === 'twiceAMonth' && schedule.secondDateOfBill
      ? [schedule.dateOfBill, schedule.secondDateOfBill]
      : [schedule.dateOfBill];
  const last = schedule.finalBillDate && schedule.finalBillDate < period.end ? schedule.finalBillDate : period.end;
  const dates: LocalDate[] = [];
  for (const anchor of anchors) {
    for (let k = 0; ; k++) {
      const date =
        step.kind === 'days'
          ? fromEpochDay(toEpochDay(anchor) + k * step.days)
          : step.kind === 'once'
            ? k === 0
              ? anchor
              : null
            : addMonths(anchor, k * (step.kind === 'months' ? step.months : 1));
      if (date === null || date > last) break;
      if (date >= period.start) dates.push(date);
    }
  }
  const finalBill = schedule.finalBillDate;
  if (finalBill && finalBill >= period.start && finalBill <= period.end && !dates.includes(finalBill))
    dates.push(finalBill);
  return dates.sort();
}

describe('bill schedule properties', () => {
  it('occurrences are sorted, within the period and never after the final bill date', () => {
    fc.assert(
      fc.property(scheduleArb, periodArb, (schedule, period) => {
        const dates = billOccurrences(schedule, period).map((o) => o.date);
        for (let i = 1; i < dates.length; i++) expect(dates[i - 1] <= dates[i]).toBe(true);
        for (const date of dates) {
          expect(date >= period.start && date <= period.end).toBe(true);
          if (schedule.finalBillDate) expect(date <= schedule.finalBillDate).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('matches a walk from the date of bill (skipping ahead to the period loses or adds nothing)', () => {
    fc.assert(
      fc.property(scheduleArb, periodArb, (schedule, period) => {
        expect(billOccurrences(schedule, period).map((o) => o.date)).toEqual(referenceDates(schedule, period));
      }),
      { numRuns: 500 },
    );
  });

  it('next occurrences after a date are the tail of the whole list, cut at the limit', () => {
    fc.assert(
      fc.property(
        scheduleArb,
        periodArb,
        dateArb(),
        fc.integer({ min: NO_LIMIT, max: 20 }),
        (schedule, period, after, limit) => {
          const all = billOccurrences(schedule, period).filter((o) => o.date > after);
          const next = billOccurrences(schedule, period, { after, limit });
          expect(next).toEqual(limit === NO_LIMIT ? all : all.slice(0, limit));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never returns more than 10,000 occurrences: longer lists fail with the spec message', () => {
    const longPeriodArb = fc
      .tuple(fc.integer({ min: EARLIEST, max: LATEST }), fc.integer({ min: 0, max: 40_000 }))
      .map(([start, length]): AgreementPeriod => ({ start: fromEpochDay(start), end: fromEpochDay(start + length) }));
    fc.assert(
      fc.property(scheduleArb, longPeriodArb, (schedule, period) => {
        try {
          expect(billOccurrences(schedule, period).length).toBeLessThanOrEqual(OCCURRENCE_CAP);
        } catch (error) {
          expect(error).toBeInstanceOf(BillScheduleError);
          expect((error as BillScheduleError).message).toBe('Error when getting the billers.');
          expect(referenceDates(schedule, period).length).toBeGreaterThan(OCCURRENCE_CAP);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('monthly-type bills keep the anchor day whenever the month has it, else the month’s last day', () => {
    const monthly = [
      BillingFrequency.Monthly,
      BillingFrequency.EverySecondMonth,
      BillingFrequency.Quarterly,
      BillingFrequency.SemiAnnually,
      BillingFrequency.Annually,
    ];
    fc.assert(
      fc.property(fc.constantFrom(...monthly), anchorArb, periodArb, (frequency, dateOfBill, period) => {
        const anchorDay = toYmd(dateOfBill).day;
        for (const { date } of billOccurrences({ frequency, dateOfBill }, period)) {
          const { year, month, day } = toYmd(date);
          expect(day).toBe(Math.min(anchorDay, daysInMonth(year, month)));
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('contingency properties', () => {
  const amountArb = fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }).map(cents);
  const methodArb = fc.constantFrom(
    PaymentMethod.Bpay,
    PaymentMethod.Eft,
    PaymentMethod.Cheque,
    PaymentMethod.Reimbursement,
    PaymentMethod.InternalTransfer,
    PaymentMethod.RainyDay,
    PaymentMethod.Unknown,
  );
  /** 10% to the cent, half away from zero, in integers only. */
  const tenPercent = (amount: number): number => Math.sign(amount) * Math.floor((Math.abs(amount) + 5) / 10) + 0; // + 0: no -0

  it('is exactly 10% rounded half away from zero for variable and direct-debit bills', () => {
    fc.assert(
      fc.property(amountArb, methodArb, (amount, paymentMethod) => {
        expect(contingencyFor(amount, { amountVaries: true, paymentMethod })).toBe(tenPercent(amount));
        expect(contingencyFor(amount, { amountVaries: false, paymentMethod: PaymentMethod.DirectDebit })).toBe(
          tenPercent(amount),
        );
      }),
    );
  });

  it('is 0 for fixed bills', () => {
    fc.assert(
      fc.property(amountArb, methodArb, (amount, paymentMethod) => {
        expect(contingencyFor(amount, { amountVaries: false, paymentMethod })).toBe(0);
      }),
    );
  });
});
