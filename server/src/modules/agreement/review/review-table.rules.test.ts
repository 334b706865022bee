import { describe, expect, it } from 'vitest';
import { cents } from '../../../shared/money.js';
import { BillStatus } from '../../bill/index.js';
import { reviewTableOf } from './review-table.rules.js';
import { comingBill, d, ELECTRICITY, fortnightly, paidBill, projectionInput, RATES, TODAY } from './review.fixtures.js';

describe('reviewTableOf (rule "per-bill table")', () => {
  const coming = [comingBill(ELECTRICITY, '2026-09-15', 30_000), comingBill(ELECTRICITY, '2026-12-15', 30_000)];
  const rates = comingBill(RATES, '2026-08-31', 45_000);
  const paid = [
    // Came in 18% above its estimate of $300: $354, $30 of it from its own contingency ...
    paidBill(ELECTRICITY, '2026-03-15', 30_000, 35_400, { contingencyUsed: cents(3_000) }),
    // ... and one short-paid: $320 came to it, $10 of it left to the member.
    paidBill(ELECTRICITY, '2026-06-15', 30_000, 31_000, {
      status: BillStatus.ShortPaid,
      amountOwing: cents(1_000),
      contingencyUsed: cents(1_000),
    }),
    paidBill(RATES, '2026-02-28', 45_000, 45_000),
  ];
  const input = projectionInput(
    20_000,
    fortnightly(10_000),
    [...coming, rates].map((bill) => bill.projected),
  );
  const table = reviewTableOf(input, [ELECTRICITY, RATES], [...paid, ...coming.map((bill) => bill.row), rates.row]);

  it('adds up, for each biller, the estimate over the term: the bills paid and the bills to come', () => {
    const [electricity, councilRates] = table.rows;
    expect(electricity.estimate).toBe(120_000);
    expect(councilRates.estimate).toBe(90_000);
  });

  it('counts what the paid bills came to, a short pay’s amount owing included', () => {
    const [electricity] = table.rows;
    expect(electricity.paidSoFar).toBe(35_400 + 32_000);
    expect(electricity.estimateOfPaid).toBe(60_000);
    expect(electricity.billsPaid).toBe(2);
  });

  it('expects by term end what was paid plus the projection’s bills still to come at their own amounts', () => {
    const [electricity, councilRates] = table.rows;
    expect(electricity.stillToCome).toBe(60_000);
    expect(electricity.billsToCome).toBe(2);
    expect(electricity.expectedByTermEnd).toBe(67_400 + 60_000);
    expect(electricity.difference).toBe(7_400);
    expect(councilRates.difference).toBe(0);
  });

  it('says where the contingency went: spent on the bill, poured into rainy day, still held for bills to come', () => {
    const [electricity, councilRates] = table.rows;
    expect(electricity.contingency).toEqual({
      setAside: 6_000,
      used: 4_000,
      toRainyDay: 2_000,
      heldForBillsToCome: 6_000,
    });
    expect(councilRates.contingency).toEqual({ setAside: 0, used: 0, toRainyDay: 0, heldForBillsToCome: 0 });
  });

  it('totals every column', () => {
    expect(table.totals.estimate).toBe(210_000);
    expect(table.totals.expectedByTermEnd).toBe(217_400);
    expect(table.totals.difference).toBe(7_400);
    expect(table.totals.contingency.used).toBe(4_000);
    expect(table.asOf).toBe(TODAY);
  });

  it.each([
    ['a bill the projection no longer holds (an unpaid bill of an earlier version)', { status: BillStatus.Overdue }],
    ['a bill of a biller that is not the version’s', { billerKey: 'biller:99' }],
  ])('leaves out %s', (_case, more) => {
    const extra = paidBill(ELECTRICITY, '2026-04-15', 30_000, 0, more);
    const again = reviewTableOf(input, [ELECTRICITY, RATES], [...paid, ...coming.map((b) => b.row), rates.row, extra]);
    expect(again.totals).toEqual(table.totals);
  });

  it('counts no bill to come after the end date', () => {
    const late = comingBill(ELECTRICITY, '2027-01-15', 30_000);
    const again = reviewTableOf(
      { ...input, bills: [...input.bills, late.projected] },
      [ELECTRICITY, RATES],
      [...paid, ...coming.map((b) => b.row), rates.row, late.row],
    );
    expect(again.rows[0].stillToCome).toBe(60_000);
  });

  it('shows a biller with no bill yet as a row of zeros, in the billers’ order', () => {
    const empty = reviewTableOf(projectionInput(0, [], []), [RATES, ELECTRICITY], []);
    expect(empty.rows.map((row) => row.name)).toEqual(['Council rates', 'Electricity']);
    expect(empty.rows[0].expectedByTermEnd).toBe(0);
    expect(empty.asOf).toBe(d('2026-07-01'));
  });
});
