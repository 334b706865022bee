import { describe, expect, it } from 'vitest';
import { serverSettingsOf } from '../../settings/index.js';

describe('the deposit review’s calendar (server setting depositReviewEveryMonths)', () => {
  it.each([
    ['absent: every 3 months', {}, 3],
    ['one month', { depositReviewEveryMonths: 1 }, 1],
    ['six months', { depositReviewEveryMonths: 6 }, 6],
    ['zero: the default', { depositReviewEveryMonths: 0 }, 3],
    ['more than a year: the default', { depositReviewEveryMonths: 13 }, 3],
    ['not a whole number: the default', { depositReviewEveryMonths: 2.5 }, 3],
    ['text: the default', { depositReviewEveryMonths: '6' }, 3],
  ])('%s', (_case, stored, months) => {
    expect(serverSettingsOf(stored).depositReviewEveryMonths).toBe(months);
  });
});
