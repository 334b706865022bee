import { describe, expect, it } from 'vitest';
import { inAgreementRange, partitionRanges } from './agreement-ranges.rules.js';

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

describe('inAgreementRange (a part kept to its agreements in SQL)', () => {
  it.each([
    ['every column bounded, values in order', ['g.id', 'b.agreement_id'], { from: 5, to: 9 }, [5, 5, 9, 9, 5, 5, 9, 9]],
    ['open bounds are given as nulls', ['g.id'], { from: null, to: 20 }, [null, null, 20, 20]],
    ['every agreement: all nulls', ['d.agreement_id'], { from: null, to: null }, [null, null, null, null]],
  ])('%s', (_name, columns, range, values) => {
    const { sql, values: given } = inAgreementRange(columns, range);
    expect(given).toEqual(values);
    expect(sql.split('?').length - 1).toBe(values.length);
    for (const column of columns) {
      expect(sql).toContain(`${column} >= ?::int`);
      expect(sql).toContain(`${column} < ?::int`);
    }
  });
});
