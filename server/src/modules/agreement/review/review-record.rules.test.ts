import { describe, expect, it } from 'vitest';
import { cents } from '../../../shared/money.js';
import type { ReviewDue, ReviewProposal } from './review-proposal.rules.js';
import { reviewRecordAction, type OpenReview } from './review-record.rules.js';
import { d } from './review.fixtures.js';

const due: ReviewDue = { due: true, reason: 'deficit', nextScheduled: d('2026-10-01') };
const notDue: ReviewDue = { due: false, reason: null, nextScheduled: d('2026-10-01') };
const proposal = (proposed: number | null, current = 10_000): ReviewProposal => ({
  agreementId: 7,
  currentDeposit: cents(current),
  topUpFirst: cents(0),
  proposedDeposit: proposed === null ? null : cents(proposed),
  change: proposed === null ? cents(0) : cents(proposed - current),
  deposits: 13,
  from: d('2026-07-08'),
  endOfTermBalance: cents(0),
  lowestBalance: cents(0),
  reasons: [],
  summary: '',
});
const open = (id: number, proposed: number): OpenReview => ({
  id,
  proposedDeposit: cents(proposed),
  reason: 'schedule',
});

describe('reviewRecordAction (rule "record a review")', () => {
  it.each([
    ['not due: nothing', notDue, proposal(11_600), null, { action: 'none' }],
    ['no proposal (ended, no deposit to come): nothing', due, null, null, { action: 'none' }],
    ['due with a new deposit: proposed', due, proposal(11_600), null, { action: 'propose', supersede: null }],
    ['the same proposal open: kept', due, proposal(11_600), open(3, 11_600), { action: 'keep', openId: 3 }],
    ['another proposal open: superseded', due, proposal(11_600), open(3, 11_000), { action: 'propose', supersede: 3 }],
    ['the deposit still fits: unchanged', due, proposal(10_000), null, { action: 'unchanged', supersede: null }],
    [
      'it fits now: the open one superseded',
      due,
      proposal(10_000),
      open(3, 11_000),
      { action: 'unchanged', supersede: 3 },
    ],
    ['no deposit can help: unchanged', due, proposal(null), null, { action: 'unchanged', supersede: null }],
    ['not due, the open one still right: kept as it is', notDue, proposal(11_600), open(3, 11_600), { action: 'none' }],
    [
      'not due, but a bill came in since the open one: proposed anew in its place',
      notDue,
      proposal(11_900),
      open(3, 11_600),
      { action: 'propose', supersede: 3 },
    ],
    [
      'not due, and the deposit fits now: the open one superseded',
      notDue,
      proposal(10_000),
      open(3, 11_600),
      { action: 'unchanged', supersede: 3 },
    ],
  ])('%s', (_case, dueNow, proposed, openNow, expected) => {
    expect(reviewRecordAction(dueNow, proposed, openNow)).toEqual(expected);
  });
});
