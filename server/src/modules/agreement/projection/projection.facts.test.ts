import { describe, expect, it } from 'vitest';
import type { LocalDate } from '../../../shared/local-date.js';
import { cents } from '../../../shared/money.js';
import { PaymentMethod } from '../../../shared/bill/payment-method.js';
import { BillerStatus } from '../../../shared/biller/biller-codes.js';
import { BillStatus } from '../../bill/index.js';
import type { BillerFacts } from '../agreement-billers.js';
import { AgreementStatus } from '../agreement-status.js';
import { ZERO_BALANCES } from '../../ledger/index.js';
import { agreementFacts, billerFacts, billFacts, d } from '../test-facts.js';
import { inputWithBiller, plannedBillsOf, projectionInputOf, type ProjectionFacts } from './projection.facts.js';
import { forecastOf, type ProjectedBillFacts, type ProjectionInput } from './projection.rules.js';

const TODAY = d('2026-06-15');
const PERIOD = { start: d('2026-01-01'), end: d('2026-12-31') };

/** The bills without their ids (not stored yet: negative, in no particular order), by biller and date. */
const plain = (input: ProjectionInput) =>
  input.bills
    .map(({ billId: _id, ...bill }) => bill)
    .sort((a, b) => a.billerKey.localeCompare(b.billerKey) || a.dueDate.localeCompare(b.dueDate));
/** The forecast, its bill ids left out (the planned bills' are not stored). */
const forecast = (input: ProjectionInput) =>
  JSON.parse(JSON.stringify(forecastOf(input), (key, value: unknown) => (key === 'billId' ? undefined : value)));
const bill = (input: ProjectionInput, key: string) =>
  input.bills
    .filter((one) => one.billerKey === key)
    .map((one) => [one.dueDate, one.amount, one.status] as const)
    .sort((a, b) => a[0].localeCompare(b[0]));

/** The shapes a biller form can save (bill-details.rules.ts): each as the stored biller 2 becomes. */
const SHAPES: [string, Partial<BillerFacts>][] = [
  ['fixed monthly', { frequency: 3, expectedBillValue: cents(43_117), dateOfBill: d('2026-06-15') }],
  ['varying quarterly (10% contingency)', { frequency: 5, expectedBillValue: cents(125_035), amountVaries: true }],
  ['direct debit fortnightly', { frequency: 2, paymentMethod: PaymentMethod.DirectDebit, dateOfBill: d('2026-06-20') }],
  ['weekly with a final bill', { frequency: 1, dateOfBill: d('2026-06-16'), finalBillDate: d('2026-08-04') }],
  ['twice a month', { frequency: 10, dateOfBill: d('2026-06-05'), secondDateOfBill: d('2026-06-20') }],
  [
    'seasonal monthly (peak in winter)',
    { frequency: 3, peakMonths: [6, 7, 8], peakValue: cents(30_000), offPeakValue: cents(9_000) },
  ],
  ['annual', { frequency: 7, dateOfBill: d('2026-09-30') }],
];

describe('inputWithBiller (a biller form’s preview: the projection’s bills of the biller once saved)', () => {
  describe('a version not applied yet: the bills the projection plans for the saved version', () => {
    const agreement = agreementFacts({ status: AgreementStatus.PendingApproval, startDate: TODAY });
    const facts = (billers: BillerFacts[]): ProjectionFacts => ({
      agreement,
      balances: ZERO_BALANCES,
      billers,
      bills: [],
      deposits: [],
    });
    const stored = [billerFacts(1), billerFacts(2, { nickname: 'Water' })];

    it.each(SHAPES)('%s: as projectionInputOf reads the version with it saved', (_name, change) => {
      const saved = billerFacts(2, { nickname: 'Water', ...change });
      const input = projectionInputOf(facts(stored), TODAY, cents(500_000));
      const expected = projectionInputOf(facts([stored[0], saved]), TODAY, cents(500_000));
      const previewed = inputWithBiller(input, saved, 'biller:2', { applied: false });
      expect(plain(previewed)).toEqual(plain(expected));
      expect(forecast(previewed)).toEqual(forecast(expected));
    });

    it('adds a new biller’s bills to the others', () => {
      const added = billerFacts(0, { key: 'edited', frequency: 5 });
      const input = projectionInputOf(facts(stored), TODAY, cents(500_000));
      const previewed = inputWithBiller(input, added, null, { applied: false });
      expect(plain(previewed)).toEqual(plain(projectionInputOf(facts([...stored, added]), TODAY, cents(500_000))));
      expect(new Set(previewed.bills.map((one) => one.billId)).size).toBe(previewed.bills.length);
    });
  });

  describe('an applied version (a modification through the applier’s preview): the modification’s rule', () => {
    const agreement = agreementFacts({ startDate: PERIOD.start, endDate: PERIOD.end });
    const stored = billerFacts(2, { nickname: 'Water', dateOfBill: d('2026-01-10') }); // monthly $100 on the 10th
    const rows = [
      billFacts(11, 'biller:2', '2026-05-10', { status: BillStatus.Overdue }),
      billFacts(12, 'biller:2', '2026-06-10', { status: BillStatus.OverdueNotified }),
      billFacts(13, 'biller:2', '2026-07-10', { status: BillStatus.Upcoming }),
      billFacts(14, 'biller:2', '2026-08-10', { status: BillStatus.Failed }), // owed again: kept, not billed twice
      billFacts(15, 'biller:2', '2026-09-10'),
      billFacts(16, 'biller:2', '2026-10-10'),
      billFacts(17, 'biller:2', '2026-11-10'),
      billFacts(18, 'biller:2', '2026-12-10'),
      billFacts(21, 'biller:1', '2026-07-10'),
    ];
    const input = projectionInputOf(
      { agreement, balances: ZERO_BALANCES, billers: [billerFacts(1), stored], bills: rows, deposits: [] },
      TODAY,
      cents(500_000),
    );
    const $ = cents;
    const S = BillStatus.Scheduled;

    it.each<[string, Partial<BillerFacts>, LocalDate[], (readonly [string, number, BillStatus])[]]>([
      [
        'a new amount: the bills still to come at it, the overdue and failed ones as they are',
        { expectedBillValue: $(25_000) },
        [],
        [
          ['2026-05-10', $(10_000), BillStatus.Overdue],
          ['2026-06-10', $(10_000), BillStatus.OverdueNotified],
          ['2026-07-10', $(25_000), BillStatus.Upcoming],
          ['2026-08-10', $(10_000), BillStatus.Failed],
          ['2026-09-10', $(25_000), S],
          ['2026-10-10', $(25_000), S],
          ['2026-11-10', $(25_000), S],
          ['2026-12-10', $(25_000), S],
        ],
      ],
      [
        'a date held by the version in force (paid early) is not billed again',
        { expectedBillValue: $(25_000) },
        [d('2026-09-10')],
        [
          ['2026-05-10', $(10_000), BillStatus.Overdue],
          ['2026-06-10', $(10_000), BillStatus.OverdueNotified],
          ['2026-07-10', $(25_000), BillStatus.Upcoming],
          ['2026-08-10', $(10_000), BillStatus.Failed],
          ['2026-10-10', $(25_000), S],
          ['2026-11-10', $(25_000), S],
          ['2026-12-10', $(25_000), S],
        ],
      ],
      [
        'quarterly and varying from the forecast’s first day: its expected amount, the contingency not spent',
        { frequency: 5, dateOfBill: TODAY, expectedBillValue: $(30_000), amountVaries: true },
        [],
        [
          ['2026-05-10', $(10_000), BillStatus.Overdue],
          ['2026-06-10', $(10_000), BillStatus.OverdueNotified],
          ['2026-06-15', $(30_000), S],
          ['2026-08-10', $(10_000), BillStatus.Failed],
          ['2026-09-15', $(30_000), S],
          ['2026-12-15', $(30_000), S],
        ],
      ],
      [
        'seasonal, ending with a final bill',
        {
          dateOfBill: d('2026-06-20'),
          peakMonths: [7, 8],
          peakValue: $(40_000),
          offPeakValue: $(5_000),
          finalBillDate: d('2026-09-20'),
        },
        [],
        [
          ['2026-05-10', $(10_000), BillStatus.Overdue],
          ['2026-06-10', $(10_000), BillStatus.OverdueNotified],
          ['2026-06-20', $(5_000), S],
          ['2026-07-20', $(40_000), S],
          ['2026-08-10', $(10_000), BillStatus.Failed],
          ['2026-08-20', $(40_000), S],
          ['2026-09-20', $(5_000), S],
        ],
      ],
    ])('%s', (_name, change, held, expected) => {
      const saved = { ...stored, ...change };
      const previewed = inputWithBiller(input, saved, 'biller:2', { applied: true, held, overdueOption: null });
      expect(bill(previewed, 'biller:2')).toEqual(expected);
      expect(bill(previewed, 'biller:1')).toEqual([['2026-07-10', $(10_000), S]]); // the others as they are
    });

    it.each<[string, number | null, number]>([
      ['all unpaid overdue, current and future bills: the overdue ones take the new amount', 1, 25_000],
      ['current and future bills only: the overdue ones stay as they are', 2, 10_000],
      ['no overdue option chosen: the overdue ones stay as they are', null, 10_000],
    ])('the overdue option (the applier’s overdueBillChanges), %s', (_name, overdueOption, overdueAmount) => {
      const saved = { ...stored, expectedBillValue: $(25_000) };
      const previewed = inputWithBiller(input, saved, 'biller:2', { applied: true, held: [], overdueOption });
      expect(bill(previewed, 'biller:2').slice(0, 4)).toEqual([
        ['2026-05-10', $(overdueAmount), BillStatus.Overdue],
        ['2026-06-10', $(overdueAmount), BillStatus.OverdueNotified],
        ['2026-07-10', $(25_000), BillStatus.Upcoming],
        ['2026-08-10', $(10_000), BillStatus.Failed], // a failed bill is not overdue: owed again as it was
      ]);
    });

    it('puts every bill of the biller under its saved name and flags', () => {
      const saved = { ...stored, nickname: 'Town water', status: BillerStatus.OnHold, isAutoPayment: true };
      const previewed = inputWithBiller(input, saved, 'biller:2', { applied: true, held: [], overdueOption: null });
      const own = previewed.bills.filter((one) => one.billerKey === 'biller:2');
      expect(new Set(own.map((one) => `${one.billerName} ${one.onHold} ${one.isAutoPayment}`))).toEqual(
        new Set(['Town water true true']),
      );
    });

    it('adds a new biller from today on, with ids no other bill has', () => {
      const added = billerFacts(0, { key: 'edited', dateOfBill: d('2026-03-01'), expectedBillValue: $(5_000) });
      const previewed = inputWithBiller(input, added, null, { applied: true, held: [], overdueOption: null });
      expect(bill(previewed, 'edited').map(([date]) => date)).toEqual([
        '2026-07-01',
        '2026-08-01',
        '2026-09-01',
        '2026-10-01',
        '2026-11-01',
        '2026-12-01',
      ]);
      expect(bill(previewed, 'biller:2')).toEqual(bill(input, 'biller:2'));
      expect(new Set(previewed.bills.map((one) => one.billId)).size).toBe(previewed.bills.length);
    });
  });
});

describe('plannedBillsOf (one biller’s bills in a version not applied yet)', () => {
  it('is the bill engine’s occurrences over the period at their expected amount, none on hold', () => {
    const biller = billerFacts(4, { frequency: 5, amountVaries: true, status: BillerStatus.OnHold });
    const bills: ProjectedBillFacts[] = plannedBillsOf(biller, PERIOD);
    expect(bills.map((one) => [one.dueDate, one.amount, one.onHold])).toEqual([
      ['2026-01-10', 10_000, false],
      ['2026-04-10', 10_000, false],
      ['2026-07-10', 10_000, false],
      ['2026-10-10', 10_000, false],
    ]);
  });

  it('is none for details the engine cannot use', () => {
    expect(plannedBillsOf(billerFacts(4, { frequency: 9 }), PERIOD)).toEqual([]);
  });
});
