import { describe, expect, it } from 'vitest';
import { cents } from '../../../shared/money.js';
import { ContributionFrequency } from '../../deposit/index.js';
import { AgreementStatus } from '../agreement-status.js';
import { forecastOf } from '../projection/projection.rules.js';
import { withFix } from '../shortfall/shortfall-fix.rules.js';
import {
  reviewDue,
  reviewProposal,
  withContingencyKept,
  withDeposit,
  type ReviewDueFacts,
} from './review-proposal.rules.js';
import { reviewTableOf } from './review-table.rules.js';
import { comingBill, d, ELECTRICITY, fortnightly, paidBill, projectionInput, RATES } from './review.fixtures.js';

const coming = [
  comingBill(ELECTRICITY, '2026-09-15', 30_000),
  comingBill(ELECTRICITY, '2026-12-15', 30_000),
  comingBill(RATES, '2026-08-31', 45_000),
];
const paid = [paidBill(ELECTRICITY, '2026-03-15', 30_000, 35_400), paidBill(RATES, '2026-02-28', 45_000, 45_000)];
const termBills = [...paid, ...coming.map((bill) => bill.row)];

function caseOf(total: number, deposits = fortnightly(10_000)) {
  const input = projectionInput(
    total,
    deposits,
    coming.map((bill) => bill.projected),
  );
  const table = reviewTableOf(input, [ELECTRICITY, RATES], termBills);
  return { input, table, proposal: reviewProposal(input, table, termBills, ContributionFrequency.Fortnightly) };
}

const neverShort = (input: Parameters<typeof forecastOf>[0]) => forecastOf(input)?.firstShortDate === null;

describe('reviewProposal (rule "the deposit that reviews itself")', () => {
  it('proposes the smallest deposit that leaves no short day by term end with each bill’s contingency kept', () => {
    // $200 held; 13 fortnightly deposits from 08-07-2026; the bills to come with their contingency: $330 on 15-09
    // (after 5 deposits, with $450 of rates on 31-08 before it) needs 200 + 5 × D ≥ 450 + 330: D ≥ $116.00.
    const { input, proposal } = caseOf(20_000);
    expect(proposal?.proposedDeposit).toBe(11_600);
    expect(proposal?.change).toBe(1_600);
    const kept = withContingencyKept(input, termBills);
    expect(neverShort(withDeposit(kept, cents(11_600)))).toBe(true);
    expect(neverShort(withDeposit(kept, cents(11_599)))).toBe(false);
  });

  it('explains the change bill by bill, in words like the issue’s, adding up to the cent', () => {
    const { proposal } = caseOf(20_000);
    expect(proposal?.reasons.map((reason) => reason.words)).toEqual([
      // $54 above over 13 deposits: $4.15 a deposit.
      'Electricity came in 18% above its estimate: +$4.15 a fortnight.',
      'The balance held today and when the bills fall due: +$11.85 a fortnight.',
    ]);
    expect(proposal?.reasons.reduce((total, reason) => total + reason.perDeposit, 0)).toBe(proposal?.change);
    expect(proposal?.summary).toBe(
      'Raise your deposit from $100.00 to $116.00 a fortnight, each bill’s contingency kept aside.',
    );
    expect(proposal?.deposits).toBe(13);
    expect(proposal?.from).toBe('2026-07-08');
  });

  it('lowers the deposit when the balance held covers more than the bills to come need', () => {
    const { input, proposal } = caseOf(100_000);
    // $1,000 held covers $450 + $330; the last $330 on 15-12 needs 1,000 + 12 × D ≥ 1,110: D ≥ $9.17.
    expect(proposal?.proposedDeposit).toBe(917);
    expect(proposal?.summary).toBe(
      'Lower your deposit from $100.00 to $9.17 a fortnight, each bill’s contingency kept aside.',
    );
    const kept = withContingencyKept(input, termBills);
    expect(neverShort(withDeposit(kept, cents(916)))).toBe(false);
    expect(proposal?.reasons.reduce((total, reason) => total + reason.perDeposit, 0)).toBe(-9_083);
  });

  it('keeps the deposit when it is already the smallest that holds, with no words for bills on their estimate', () => {
    const onEstimate = [paidBill(RATES, '2026-02-28', 45_000, 45_000), ...coming.map((bill) => bill.row)];
    const input = projectionInput(
      20_000,
      fortnightly(11_600),
      coming.map((bill) => bill.projected),
      11_600,
    );
    const table = reviewTableOf(input, [ELECTRICITY, RATES], onEstimate);
    const proposal = reviewProposal(input, table, onEstimate, ContributionFrequency.Monthly);
    expect(proposal?.change).toBe(0);
    expect(proposal?.reasons).toEqual([]);
    expect(proposal?.summary).toBe(
      'Your deposit of $116.00 a month still covers your bills, each bill’s contingency kept aside.',
    );
  });

  it('asks first for a top-up of what the days before the next deposit lack, then the deposit for the rest', () => {
    // -$500 held; the rates ($450) and electricity ($330) fall before the first deposit on 20-09: $1,280 short, which
    // no deposit can reach. After it the last $330 on 15-12 needs 7 deposits × D ≥ $330: D ≥ $47.15.
    const { input, proposal } = caseOf(-50_000, fortnightly(10_000, '2026-09-20'));
    expect(proposal?.topUpFirst).toBe(128_000);
    expect(proposal?.proposedDeposit).toBe(4_715);
    expect(proposal?.summary).toBe(
      'Top up $1,280.00 now for the days before the next deposit (see the shortfall fixes), then lower your deposit from $100.00 to $47.15 a fortnight, each bill’s contingency kept aside.',
    );
    const kept = withFix(withContingencyKept(input, termBills), { kind: 'topUp', amount: cents(128_000) });
    expect(neverShort(withDeposit(kept, cents(4_714)))).toBe(false);
    expect(caseOf(20_000).proposal?.topUpFirst).toBe(0);
  });

  it.each([
    ['no deposit still to come', () => caseOf(20_000, []).proposal],
    [
      'an agreement that has ended',
      () => {
        const { input, table } = caseOf(20_000);
        return reviewProposal({ ...input, status: AgreementStatus.Expired }, table, termBills, 2);
      },
    ],
  ])('proposes nothing for %s', (_case, proposalOf) => {
    expect(proposalOf()).toBeNull();
  });
});

describe('reviewDue (rule "review due")', () => {
  const base: ReviewDueFacts = {
    today: d('2026-07-01'),
    lastReviewedOn: null,
    since: d('2026-04-15'),
    everyMonths: 3,
    deposit: cents(10_000),
    endOfTermBalance: cents(0),
    lowestBalance: cents(0),
  };
  it.each([
    ['not yet: three months from when the version took effect', {}, false, null, '2026-07-15'],
    [
      'by the calendar: three months from when it took effect',
      { today: d('2026-07-15') },
      true,
      'schedule',
      '2026-07-15',
    ],
    [
      'by the calendar, from the last review',
      { lastReviewedOn: d('2026-06-01'), today: d('2026-09-01') },
      true,
      'schedule',
      '2026-09-01',
    ],
    ['by a setting of one month', { everyMonths: 1, since: d('2026-06-01') }, true, 'schedule', '2026-07-01'],
    ['a deficit of more than one deposit', { lowestBalance: cents(-10_001) }, true, 'deficit', '2026-07-15'],
    ['a deficit of exactly one deposit: not yet', { lowestBalance: cents(-10_000) }, false, null, '2026-07-15'],
    [
      'a surplus at term end of more than one deposit',
      { endOfTermBalance: cents(10_001) },
      true,
      'surplus',
      '2026-07-15',
    ],
    ['a surplus of one deposit: not yet', { endOfTermBalance: cents(10_000) }, false, null, '2026-07-15'],
  ] as const)('%s', (_case, change, due, reason, next) => {
    expect(reviewDue({ ...base, ...change })).toEqual({ due, reason, nextScheduled: next });
  });
});
