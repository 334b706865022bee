import { describe, expect, it } from 'vitest';
import { DayMemo } from './day-memo.js';

describe('DayMemo', () => {
  it('answers again only for the same day, slot and input', () => {
    const memo = new DayMemo<number>();
    let calls = 0;
    const compute = (value: number) => () => {
      calls += 1;
      return value;
    };
    const cases: [day: string, slot: string, input: string, value: number, expected: number, callsAfter: number][] = [
      ['2026-11-24', 'a', '{"x":1}', 1, 1, 1], // first time: computed
      ['2026-11-24', 'a', '{"x":1}', 99, 1, 1], // same input: remembered
      ['2026-11-24', 'a', '{"x":2}', 2, 2, 2], // the input changed (a payment, a biller): computed again
      ['2026-11-24', 'b', '{"x":2}', 3, 3, 3], // another slot
      ['2026-11-24', 'a', '{"x":2}', 99, 2, 3],
      ['2026-11-25', 'a', '{"x":2}', 4, 4, 4], // a new day: everything afresh
      ['2026-11-25', 'b', '{"x":2}', 5, 5, 5],
    ];
    for (const [day, slot, input, value, expected, callsAfter] of cases) {
      expect(memo.answer(day, slot, input, compute(value))).toBe(expected);
      expect(calls).toBe(callsAfter);
    }
  });

  it('starts afresh rather than grow past its capacity', () => {
    const memo = new DayMemo<string>(2);
    memo.answer('d', 'a', 'i', () => 'A');
    memo.answer('d', 'b', 'i', () => 'B');
    expect(memo.size).toBe(2);
    memo.answer('d', 'b', 'j', () => 'B2'); // replacing a slot does not count
    expect(memo.size).toBe(2);
    memo.answer('d', 'c', 'i', () => 'C');
    expect(memo.size).toBe(1);
    expect(memo.answer('d', 'a', 'i', () => 'again')).toBe('again');
  });

  it('does not remember a calculation that threw', () => {
    const memo = new DayMemo<number>();
    expect(() =>
      memo.answer('d', 'a', 'i', () => {
        throw new Error('bad data');
      }),
    ).toThrow('bad data');
    expect(memo.answer('d', 'a', 'i', () => 7)).toBe(7);
  });
});
