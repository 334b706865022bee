import { describe, expect, it } from 'vitest';
import {
  countAttempt,
  decideAttempt,
  delayAfter,
  EMPTY_COUNTER,
  throttlePolicy,
  tooManyAttemptsMessage,
  type CounterState,
} from './throttle.js';

const policy = throttlePolicy({
  windowSeconds: 900,
  perAccountAddress: 5,
  perAccount: 10,
  perAddress: 30,
  accountMaxDelaySeconds: 60,
});
const NOW = 1_000_000_000_000;
const S = 1000;
const counter = (failures: number, agoMs: number, succeededAgoMs?: number): CounterState => ({
  failures,
  lastAttemptAt: NOW - agoMs,
  succeededAt: succeededAgoMs === undefined ? null : NOW - succeededAgoMs,
});

describe('the delay ladder', () => {
  it.each([
    // failures, free, cap (ms), delay (ms)
    [0, 5, 900 * S, 0],
    [4, 5, 900 * S, 0],
    [5, 5, 900 * S, 1 * S],
    [6, 5, 900 * S, 2 * S],
    [9, 5, 900 * S, 16 * S],
    [14, 5, 900 * S, 512 * S],
    [15, 5, 900 * S, 900 * S],
    [500, 5, 900 * S, 900 * S],
    [10, 10, 60 * S, 1 * S],
    [15, 10, 60 * S, 32 * S],
    [16, 10, 60 * S, 60 * S],
    [100_000, 10, 60 * S, 60 * S],
    [0, 0, 60 * S, 1 * S],
  ])('after %i attempts with %i free and a cap of %i ms waits %i ms', (failures, free, maxDelayMs, expected) => {
    expect(delayAfter(failures, { free, maxDelayMs }, S)).toBe(expected);
  });
});

describe('deciding an attempt', () => {
  it.each<[string, Parameters<typeof decideAttempt>[0], number, string[]]>([
    [
      'fresh counters: counted on all three',
      { pair: EMPTY_COUNTER, account: EMPTY_COUNTER, address: EMPTY_COUNTER },
      0,
      ['pair', 'account', 'address'],
    ],
    [
      '4 failures from here: still free',
      { pair: counter(4, 0), account: counter(4, 0), address: counter(4, 0) },
      0,
      ['pair', 'account', 'address'],
    ],
    [
      '5 failures from here just now: wait 1 s',
      { pair: counter(5, 0), account: counter(5, 0), address: counter(5, 0) },
      1 * S,
      [],
    ],
    [
      '5 failures from here, 1 s ago: counted',
      { pair: counter(5, S), account: counter(5, S), address: counter(5, S) },
      0,
      ['pair', 'account', 'address'],
    ],
    [
      '8 failures from here 3 s ago: 5 s more',
      { pair: counter(8, 3 * S), account: counter(8, 3 * S), address: counter(8, 3 * S) },
      5 * S,
      [],
    ],
    [
      'quiet for a whole window: starts again',
      { pair: counter(50, 900 * S), account: counter(50, 900 * S), address: counter(50, 900 * S) },
      0,
      ['pair', 'account', 'address'],
    ],
    [
      'a flood from elsewhere slows a new address by at most a minute',
      { pair: EMPTY_COUNTER, account: counter(400, 0), address: EMPTY_COUNTER },
      60 * S,
      [],
    ],
    [
      'a flood from elsewhere spares a known address (right password here 3 days ago)',
      { pair: counter(0, 3 * 86_400 * S, 3 * 86_400 * S), account: counter(400, 0), address: EMPTY_COUNTER },
      0,
      ['pair', 'address'],
    ],
    [
      'an address known 31 days ago is new again',
      { pair: counter(0, 31 * 86_400 * S, 31 * 86_400 * S), account: counter(400, 0), address: EMPTY_COUNTER },
      60 * S,
      [],
    ],
    [
      'a known address still meets its own tight counter',
      { pair: counter(6, 0, 86_400 * S), account: EMPTY_COUNTER, address: counter(6, 0) },
      2 * S,
      [],
    ],
    [
      'one address spraying many accounts: its own counter',
      { pair: EMPTY_COUNTER, account: EMPTY_COUNTER, address: counter(30, 0) },
      1 * S,
      [],
    ],
    ['single sign-on: the address counter alone', { address: counter(29, 0) }, 0, ['address']],
  ])('%s', (_name, states, waitMs, counted) => {
    expect(decideAttempt(states, policy, NOW)).toEqual({ waitMs, counted });
  });
});

describe('counting an attempt', () => {
  it.each([
    ['adds one', counter(3, 10 * S), 4],
    ['starts again after a quiet window', counter(12, 900 * S), 1],
    ['starts a new counter at one', EMPTY_COUNTER, 1],
  ])('%s', (_name, state, failures) => {
    expect(countAttempt(state, policy, NOW)).toEqual({ ...state, failures, lastAttemptAt: NOW });
  });

  it('lets a burst through only up to the free attempts: the next one at the same instant waits', () => {
    let pair = EMPTY_COUNTER;
    let allowed = 0;
    for (let i = 0; i < 20; i += 1) {
      const decision = decideAttempt({ pair }, policy, NOW);
      if (decision.waitMs === 0) {
        allowed += 1;
        pair = countAttempt(pair, policy, NOW);
      }
    }
    expect(allowed).toBe(5);
  });
});

describe('the throttled answer', () => {
  it.each([
    [1, 'Too many failed sign-in attempts. Please wait 1 second and try again.'],
    [45, 'Too many failed sign-in attempts. Please wait 45 seconds and try again.'],
    [119, 'Too many failed sign-in attempts. Please wait 119 seconds and try again.'],
    [121, 'Too many failed sign-in attempts. Please wait 3 minutes and try again.'],
    [900, 'Too many failed sign-in attempts. Please wait 15 minutes and try again.'],
  ])('%i s: %s', (seconds, message) => {
    expect(tooManyAttemptsMessage(seconds)).toBe(message);
  });
});
