import { describe, expect, it } from 'vitest';
import { cents } from '../../../shared/money.js';
import type { ReviewDue, ReviewProposal } from './review-proposal.rules.js';
import { reviewRecordAction, sameOffer, storedOfferOf, type OpenReview } from './review-record.rules.js';
import { d } from './review.fixtures.js';

const due: ReviewDue = { due: true, reason: 'deficit', nextScheduled: d('2026-10-01') };
const notDue: ReviewDue = { due: false, reason: null, nextScheduled: d('2026-10-01') };
const proposal = (proposed: number | null, current = 10_000, topUpFirst = 0): ReviewProposal => ({
  agreementId: 7,
  currentDeposit: cents(current),
  topUpFirst: cents(topUpFirst),
  proposedDeposit: proposed === null ? null : cents(proposed),
  change: proposed === null ? cents(0) : cents(proposed - current),
  deposits: 13,
  from: d('2026-07-08'),
  endOfTermBalance: cents(0),
  lowestBalance: cents(0),
  reasons: proposed === null ? [] : [{ billerKey: 'b1', perDeposit: cents(proposed - current), words: 'Power' }],
  summary: `Raise to ${proposed}${topUpFirst > 0 ? ` after a top-up of ${topUpFirst}` : ''}`,
});
/** An open review as recorded from `proposal(proposed, current, topUpFirst)`, or with `changed` of it. */
const open = (id: number, proposed: number, topUpFirst = 0, changed: Partial<OpenReview> = {}): OpenReview => ({
  id,
  ...storedOfferOf(proposal(proposed, 10_000, topUpFirst)),
  reason: 'schedule',
  ...changed,
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
    [
      'a top-up first was made: the same deposit, its words rewritten in place',
      notDue,
      proposal(11_600),
      open(3, 11_600, 2_500),
      { action: 'rewrite', openId: 3 },
    ],
    [
      'due, the same deposit with other words: rewritten',
      due,
      proposal(11_600),
      open(3, 11_600, 2_500),
      { action: 'rewrite', openId: 3 },
    ],
    [
      'a bill’s line moved, the deposit did not: rewritten',
      notDue,
      proposal(11_600),
      open(3, 11_600, 0, { reasons: [{ billerKey: 'b1', perDeposit: cents(1_500), words: 'Power' }] }),
      { action: 'rewrite', openId: 3 },
    ],
    [
      'nothing left to offer (no deposit to come): the open one closed',
      notDue,
      null,
      open(3, 11_600),
      { action: 'close', openId: 3 },
    ],
    ['nothing left to offer, due or not: closed', due, null, open(3, 11_600), { action: 'close', openId: 3 }],
  ])('%s', (_case, dueNow, proposed, openNow, expected) => {
    expect(reviewRecordAction(dueNow, proposed, openNow)).toEqual(expected);
  });
});

describe('sameOffer (what a recorded review says against what is worked out now)', () => {
  const now = proposal(11_600, 10_000, 2_500);
  it.each([
    ['as recorded', {}, true],
    ['another deposit', { proposedDeposit: cents(11_700) }, false],
    ['another current deposit', { currentDeposit: cents(9_900) }, false],
    ['another top-up first', { topUpFirst: cents(0) }, false],
    ['other words', { summary: 'Raise to 11600' }, false],
    ['a line fewer', { reasons: [] }, false],
    ['a line’s share moved', { reasons: [{ billerKey: 'b1', perDeposit: cents(1_601), words: 'Power' }] }, false],
    ['a line’s words moved', { reasons: [{ billerKey: 'b1', perDeposit: cents(1_600), words: 'Water' }] }, false],
  ])('%s', (_case, changed, expected) => {
    expect(sameOffer({ ...storedOfferOf(now), ...changed }, now)).toBe(expected);
  });

  it('compares the summary as its column keeps it (500 characters)', () => {
    const long = { ...now, summary: 'x'.repeat(600) };
    expect(sameOffer(storedOfferOf(long), long)).toBe(true);
    expect(storedOfferOf(long).summary).toHaveLength(500);
  });
});
