import { describe, expect, it } from 'vitest';
import { DemoClock, runningClock, startOfRunOn } from './clock.js';
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

describe('the demo clock', () => {
  it('is the base clock until moved, holds a pinned hour, then runs on the later day; never goes back', () => {
    let wall = 5_000_000;
    const base = runningClock(startOfRunOn(parseLocalDate('2027-11-23')), 'Australia/Sydney', wall, () => wall);
    const clock = new DemoClock(base, 'Australia/Sydney');
    expect(clock.today()).toBe('2027-11-23');
    expect(clock.now().toISOString()).toBe(base.now().toISOString());
    clock.setAt(parseLocalDate('2027-11-24'), 9);
    expect(clock.now().toISOString()).toBe('2027-11-23T22:00:00.000Z'); // 9:00 in Sydney on the 24th
    expect(clock.today()).toBe('2027-11-24');
    wall += 60_000; // a pinned clock stands still
    expect(clock.now().toISOString()).toBe('2027-11-23T22:00:00.000Z');
    clock.advanceTo(parseLocalDate('2027-11-24'));
    expect(clock.daysAhead).toBe(1);
    expect(clock.today()).toBe('2027-11-24');
    expect(clock.now().getTime() - base.now().getTime()).toBe(24 * 3_600_000);
    clock.advanceTo(parseLocalDate('2027-11-20'));
    expect(clock.daysAhead).toBe(1);
    expect(base.today()).toBe('2027-11-23'); // the base (sessions) never moves
  });

  it('reaches a later day without leaving a pinned hour (another instance ran it); never back, never before today', () => {
    const base = runningClock(
      startOfRunOn(parseLocalDate('2027-11-23')),
      'Australia/Sydney',
      5_000_000,
      () => 5_000_000,
    );
    const clock = new DemoClock(base, 'Australia/Sydney');
    clock.reach(parseLocalDate('2027-11-20')); // a stored day the real date has passed
    expect(clock.daysAhead).toBe(0);
    clock.setAt(parseLocalDate('2027-11-24'), 9);
    clock.reach(parseLocalDate('2027-11-26'));
    expect(clock.now().toISOString()).toBe('2027-11-23T22:00:00.000Z'); // still pinned for this instance's run
    clock.advanceTo(parseLocalDate('2027-11-24'));
    expect(clock.today()).toBe('2027-11-26');
    expect(clock.daysAhead).toBe(3);
  });
});
