import { describe, expect, it } from 'vitest';
import { partitionRanges } from './agreement-ranges.rules.js';

describe('partitionRanges (the parts of a job: a step of the day, the deposit review)', () => {
  it.each([
    ['no work: one part, every agreement', [], 3, [{ from: null, to: null }]],
    ['less than a part: one part', [5, 9], 3, [{ from: null, to: null }]],
    ['exactly a part: one part', [5, 9, 12], 3, [{ from: null, to: null }]],
    [
      'one more than a part: two, the second from its first id',
      [5, 9, 12, 20],
      3,
      [
        { from: null, to: 20 },
        { from: 20, to: null },
      ],
    ],
    [
      'unsorted and repeated ids: by distinct id',
      [12, 5, 30, 9, 5, 20, 41, 33],
      2,
      [
        { from: null, to: 12 },
        { from: 12, to: 30 },
        { from: 30, to: 41 },
        { from: 41, to: null },
      ],
    ],
    [
      'a size below one counts as one',
      [1, 2],
      0,
      [
        { from: null, to: 2 },
        { from: 2, to: null },
      ],
    ],
  ])('%s', (_name, ids, size, ranges) => {
    expect(partitionRanges(ids, size)).toEqual(ranges);
  });
});
