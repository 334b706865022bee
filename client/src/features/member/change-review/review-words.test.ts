import { describe, expect, it } from 'vitest';
import { reviewWords } from './review-words';

describe('reviewWords', () => {
  it.each([
    [false, 'changes', 'them', 'will be applied shortly', 'stays as it was'],
    [true, 'renewal', 'it', 'takes over when the current one ends', 'runs on to its end date'],
  ])('a renewal %s reads as the %s', (isRenewal, what, pronoun, approved, declined) => {
    const words = reviewWords(isRenewal);
    expect(words.what).toBe(what);
    expect(words.decide).toBe(`When you have read the ${what}, approve or decline ${pronoun}.`);
    expect(words.approved).toContain(approved);
    expect(words.declined).toContain(declined);
    for (const sentence of [words.approved, words.declined, words.notApproved, words.notDeclined]) {
      expect(sentence).toContain(`The ${what}`);
    }
  });

  it('never tells a member a renewal is applied shortly', () => {
    expect(reviewWords(true).approved).not.toMatch(/shortly/);
  });
});
