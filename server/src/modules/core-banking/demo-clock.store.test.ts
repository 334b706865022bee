import { describe, expect, it } from 'vitest';
import { demoDayOf } from './demo-clock.store.js';

describe('the stored demo day', () => {
  it.each([
    [{ date: '2031-03-05' }, '2031-03-05'],
    [{ date: '2031-02-30' }, null],
    [{ date: '5 March' }, null],
    [{ day: '2031-03-05' }, null],
    [{}, null],
    ['2031-03-05', null],
    [null, null],
    [undefined, null],
  ])('reads %j as %j', (value, expected) => {
    expect(demoDayOf(value)).toBe(expected);
  });
});
