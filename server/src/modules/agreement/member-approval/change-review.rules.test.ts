import { describe, expect, it } from 'vitest';
import type { LocalDate } from '../../../shared/local-date.js';
import type { Cents } from '../../../shared/money.js';
import { ModificationState } from '../../../shared/biller/biller-codes.js';
import {
  changeDetails,
  reviewChange,
  waitingMessage,
  type ReviewItem,
  type ReviewPlan,
} from './change-review.rules.js';

const item = (over: Partial<ReviewItem> = {}): ReviewItem => ({
  key: 'biller:2',
  previousKey: 'biller:1',
  isSubCategory: false,
  modificationState: ModificationState.None,
  removed: false,
  nickname: 'Water',
  expectedBillValue: 10000 as Cents,
  billingFrequency: 3,
  dateOfBill: '2026-12-01' as LocalDate,
  secondDateOfBill: null,
  paidByHand: false,
  amountVaries: false,
  isSeasonBill: false,
  peakValue: null,
  offPeakValue: null,
  finalBillDate: null,
  paymentDetails: { BSB: '062000', 'Account number': '12345678' },
  ...over,
});

const plan: ReviewPlan = {
  startDate: '2026-01-01' as LocalDate,
  endDate: '2026-12-31' as LocalDate,
  depositAmount: 5000 as Cents,
  contributionFrequency: 2,
  contributionDate: '2026-01-01' as LocalDate,
  biMonthlyFirstDate: null,
  biMonthlySecondDate: null,
};

const review = (after: ReviewItem[], before: ReviewItem[], newPlan: ReviewPlan = plan, isRenewal = false) =>
  reviewChange({
    isRenewal,
    items: after,
    previousItems: new Map(before.map((b) => [b.key, b])),
    plan: newPlan,
    previousPlan: plan,
  });

const was = item({ key: 'biller:1', previousKey: null });

describe('reviewChange: does the member approve the change, and what does it change', () => {
  it.each([
    ['nothing changed: staff may apply it alone', [item()], plan, false],
    ['a nickname only (how the bill is named)', [item({ nickname: 'Water (home)' })], plan, false],
    [
      'payment details only (how the bill is paid)',
      [item({ paymentDetails: { BSB: '063000', 'Account number': '1' } })],
      plan,
      false,
    ],
    ['the bill amount', [item({ expectedBillValue: 12000 as Cents })], plan, true],
    ['the frequency', [item({ billingFrequency: 5 })], plan, true],
    ['the date of bill', [item({ dateOfBill: '2026-12-05' as LocalDate })], plan, true],
    ['automatic becomes paid by hand', [item({ paidByHand: true })], plan, true],
    ['a variable amount', [item({ amountVaries: true })], plan, true],
    ['a biller added', [item(), item({ key: 'biller:3', previousKey: null, nickname: 'Gas' })], plan, true],
    ['a biller removed', [item({ removed: true })], plan, true],
    ['the deposit amount', [item()], { ...plan, depositAmount: 6000 as Cents }, true],
    ['the end date', [item()], { ...plan, endDate: '2027-01-31' as LocalDate }, true],
  ] as const)('%s → needs the member: %s', (_name, after, newPlan, needed) => {
    expect(review([...after], [was], newPlan).needsMemberApproval).toBe(needed);
  });

  it('a renewal always needs the member', () => {
    expect(review([item()], [was], plan, true).needsMemberApproval).toBe(true);
  });

  it('says what changed, before → after, and lists the bills paid by hand', () => {
    const result = review(
      [
        item({ expectedBillValue: 12000 as Cents }),
        item({
          key: 'biller:3',
          previousKey: null,
          nickname: 'Gas',
          paidByHand: true,
          modificationState: ModificationState.New,
        }),
      ],
      [was],
      { ...plan, depositAmount: 6000 as Cents },
    );
    expect(result.added).toEqual([{ name: 'Gas', amount: 10000, frequency: 'per month', paidByHand: true }]);
    expect(result.changed).toEqual([
      { name: 'Water', changes: [{ field: 'Bill amount', before: '$100.00', after: '$120.00' }] },
    ]);
    expect(result.deposit).toEqual([{ field: 'Deposit amount', before: '$50.00', after: '$60.00' }]);
    expect(result.paidByHand.map((l) => l.name)).toEqual(['Gas']);
    expect(changeDetails(result)).toEqual({
      billersAdded: ['Gas ($100.00 per month)'],
      Water: { 'Bill amount': { before: '$100.00', after: '$120.00' } },
      'Deposit amount': { before: '$50.00', after: '$60.00' },
    });
  });
});

describe('reviewChange: a modification that needs no more deposits (0.00 in the term’s last weeks)', () => {
  it('says no more deposits are needed instead of $0.00, with no date to collect on', () => {
    const result = review([was], [was], {
      ...plan,
      depositAmount: 0 as Cents,
      contributionDate: '2026-12-20' as LocalDate,
    });
    expect(result.needsMemberApproval).toBe(true);
    expect(result.deposit).toEqual([
      { field: 'Deposit amount', before: '$50.00', after: 'None: no more deposits are needed to the end date' },
      { field: 'Deposit date', before: '01-01-2026', after: null },
    ]);
  });
});

describe('waitingMessage: what the overview says of a version on its way', () => {
  it.each([
    ['new', false, true, 'A new agreement is being prepared by staff; not sent to the member yet.'],
    ['new', true, true, 'The new agreement waits for the member’s approval.'],
    ['new', true, false, 'Your new agreement waits for your approval. Please review it, then approve it.'],
    ['change', false, true, 'Changes are being prepared by staff; not sent to the member yet.'],
    ['change', true, true, 'The changes wait for the member’s approval.'],
    [
      'change',
      true,
      false,
      'Changes to your agreement wait for your approval. Please review them, then approve or decline.',
    ],
    ['renewal', false, true, 'A renewal is being prepared by staff; not sent to the member yet.'],
    ['renewal', true, true, 'The renewal waits for the member’s approval.'],
    [
      'renewal',
      true,
      false,
      'The renewal of your agreement waits for your approval. Please review it, then approve or decline.',
    ],
  ] as const)('%s, sent %s, to staff %s: %s', (kind, sent, staff, message) => {
    expect(waitingMessage(kind, sent, staff)).toBe(message);
  });
});
