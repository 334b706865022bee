import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../shared/errors.js';
import type { LocalDate } from '../../../shared/local-date.js';
import { cents, sum, type Cents } from '../../../shared/money.js';
import { extraPlan, reliefPlan, type ReliefTerms, type RelievableDeposit } from './deposit-relief.rules.js';

/** A fortnightly schedule of `count` deposits of `amount` cents from 2026-12-04. */
function fortnightly(count: number, amount: number, from = '2026-12-04'): RelievableDeposit[] {
  const start = new Date(`${from}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => {
    const day = new Date(start.getTime() + i * 14 * 86_400_000);
    return { id: i + 1, dueDate: day.toISOString().slice(0, 10) as LocalDate, amount: cents(amount) };
  });
}

const holiday = (from: string, until: string): ReliefTerms => ({
  kind: 'holiday',
  from: from as LocalDate,
  until: until as LocalDate,
});
const lower = (until: string, amount: number, from = '2026-11-28'): ReliefTerms => ({
  kind: 'lower',
  from: from as LocalDate,
  until: until as LocalDate,
  amount: cents(amount),
});

function refusal(run: () => unknown): { code: string; field: string | undefined; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, field: error.field, message: error.message };
    throw error;
  }
  throw new Error('not refused');
}

describe('reliefPlan (rule "deposit relief": what a hardship arrangement does to the deposits to come)', () => {
  it.each([
    // [case, deposits, relief, relieved ids → after, raised count, first raised after, last raised after]
    [
      'a holiday over two deposits, spread over 8: $100 each more',
      fortnightly(10, 50_00),
      holiday('2026-12-01', '2026-12-31'),
      [1, 2],
      8,
      62_50,
      62_50,
    ],
    [
      'a holiday over one deposit, spread over 3 with odd cents first',
      fortnightly(4, 100_00),
      holiday('2026-12-04', '2026-12-04'),
      [1],
      3,
      133_34,
      133_33,
    ],
    [
      'a holiday in the middle: only the later ones carry it',
      fortnightly(6, 30_00),
      holiday('2026-12-18', '2027-01-10'),
      [2, 3],
      3,
      50_00,
      50_00,
    ],
  ] as const)('%s', (_, deposits, relief, relievedIds, raisedCount, firstRaised, lastRaised) => {
    const plan = reliefPlan(deposits, relief);
    const relieved = plan.changes.filter((c) => c.holiday);
    expect(relieved.map((c) => c.id)).toEqual(relievedIds);
    expect(relieved.every((c) => c.after === 0)).toBe(true);
    const raised = plan.changes.filter((c) => !c.holiday);
    expect(raised).toHaveLength(raisedCount);
    expect(plan.spreadOver).toBe(raisedCount);
    expect(raised[0].after).toBe(firstRaised);
    expect(raised.at(-1)!.after).toBe(lastRaised);
    // Nothing made or lost: the term's deposits add up to what they did.
    const before = sum(deposits.map((d) => d.amount));
    const untouched = deposits.filter((d) => !plan.changes.some((c) => c.id === d.id));
    expect(sum([...plan.changes.map((c) => c.after), ...untouched.map((d) => d.amount)])).toBe(before);
    expect(plan.relieved).toBe(sum(relieved.map((c) => c.before)));
  });

  it('lowers the deposits of the period to the amount and spreads the difference after it', () => {
    const plan = reliefPlan(fortnightly(6, 80_00), lower('2026-12-20', 50_00));
    expect(plan.changes.map((c) => [c.dueDate, c.before, c.after, c.holiday])).toEqual([
      ['2026-12-04', 80_00, 50_00, false],
      ['2026-12-18', 80_00, 50_00, false],
      ['2027-01-01', 80_00, 95_00, false],
      ['2027-01-15', 80_00, 95_00, false],
      ['2027-01-29', 80_00, 95_00, false],
      ['2027-02-12', 80_00, 95_00, false],
    ]);
    expect(plan.relieved).toBe(60_00);
  });

  it('leaves a deposit already at or below the lower amount as it is', () => {
    const deposits: RelievableDeposit[] = [
      { id: 1, dueDate: '2026-12-04' as LocalDate, amount: cents(40_00) },
      { id: 2, dueDate: '2026-12-18' as LocalDate, amount: cents(80_00) },
      { id: 3, dueDate: '2027-01-01' as LocalDate, amount: cents(80_00) },
    ];
    const plan = reliefPlan(deposits, lower('2026-12-20', 50_00));
    expect(plan.changes.map((c) => [c.id, c.after])).toEqual([
      [2, 50_00],
      [3, 110_00],
    ]);
  });

  it('reads the deposits in date order whatever order they come in', () => {
    const deposits = fortnightly(3, 10_00).reverse();
    expect(reliefPlan(deposits, holiday('2026-12-04', '2026-12-04')).changes.map((c) => c.id)).toEqual([1, 2, 3]);
  });

  it.each([
    [
      'a holiday with no deposit in it',
      fortnightly(5, 50_00),
      holiday('2026-12-05', '2026-12-17'),
      'NOTHING_RELIEVED',
      'deposit holiday would change nothing',
    ],
    [
      'a lower deposit above every deposit',
      fortnightly(5, 50_00),
      lower('2026-12-20', 60_00),
      'NOTHING_RELIEVED',
      'lower deposit would change nothing',
    ],
    [
      'a holiday over the last deposits',
      fortnightly(3, 50_00),
      holiday('2026-12-10', '2027-01-08'),
      'NOTHING_TO_SPREAD_OVER',
      'No deposit is left after 08-01-2027 to spread $100.00 over',
    ],
    [
      'no deposits to come at all',
      [],
      holiday('2026-12-01', '2026-12-31'),
      'NOTHING_RELIEVED',
      'from 01-12-2026 to 31-12-2026',
    ],
  ] as const)('refuses %s, on the end date', (_, deposits, relief, code, words) => {
    const answer = refusal(() => reliefPlan(deposits, relief));
    expect(answer.code).toBe(code);
    expect(answer.field).toBe('until');
    expect(answer.message).toContain(words);
  });

  it('keeps whole cents however awkward the split', () => {
    const deposits = fortnightly(8, 33_33);
    const plan = reliefPlan(deposits, holiday('2026-12-04', '2026-12-18'));
    const raised = plan.changes.filter((c) => !c.holiday).map((c) => c.after as Cents);
    expect(raised.every((amount) => Number.isInteger(amount))).toBe(true);
    expect(Math.max(...raised) - Math.min(...raised)).toBeLessThanOrEqual(1);
    expect(sum(raised)).toBe(6 * 33_33 + 2 * 33_33);
  });
});

describe('extraPlan (rule "spread over the next deposits": the shortfall’s spread fix applied)', () => {
  it('adds each share to the next deposits, earliest first, leaving the rest', () => {
    const plan = extraPlan(
      fortnightly(5, 50_00),
      [cents(33_34), cents(33_33), cents(33_33)],
      '2026-12-04' as LocalDate,
    );
    expect(plan.changes.map((c) => [c.dueDate, c.before, c.after, c.holiday])).toEqual([
      ['2026-12-04', 50_00, 83_34, false],
      ['2026-12-18', 50_00, 83_33, false],
      ['2027-01-01', 50_00, 83_33, false],
    ]);
    expect(plan.added).toBe(100_00);
  });

  it.each([
    ['the schedule starts on another day', fortnightly(5, 50_00, '2026-12-05'), [cents(1_00)]],
    ['fewer deposits than shares', fortnightly(1, 50_00), [cents(1_00), cents(1_00)]],
    ['no shares', fortnightly(3, 50_00), []],
  ] as const)('refuses when %s (the figures changed)', (_, deposits, shares) => {
    const answer = refusal(() => extraPlan(deposits, shares, '2026-12-04' as LocalDate));
    expect([answer.code, answer.field]).toEqual(['FIX_CHANGED', 'amount']);
  });
});
