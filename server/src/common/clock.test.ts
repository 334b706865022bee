import { describe, expect, it } from 'vitest';
import { runningClock, startOfRunOn } from './clock.js';
import { parseLocalDate } from './local-date.js';

describe('a running clock', () => {
  it('starts at the chosen instant and runs with the wall clock', () => {
    let wall = 1_000_000;
    const start = startOfRunOn(parseLocalDate('2027-11-23'));
    expect(start.toISOString()).toBe('2027-11-22T23:00:00.000Z'); // 10:00 in Sydney (AEDT)
    const clock = runningClock(start, 'Australia/Sydney', wall, () => wall);
    expect(clock.now().toISOString()).toBe(start.toISOString());
    expect(clock.today()).toBe('2027-11-23');
    wall += 90_000;
    expect(clock.now().getTime() - start.getTime()).toBe(90_000);
    wall += 14 * 3_600_000; // past midnight in Sydney
    expect(clock.today()).toBe('2027-11-24');
  });
});
