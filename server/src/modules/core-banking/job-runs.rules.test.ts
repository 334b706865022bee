import { describe, expect, it } from 'vitest';
import { nextDailyRun, readJobOutput } from './job-runs.rules.js';

const TZ = 'Australia/Sydney';

describe('the next run of a daily schedule', () => {
  it.each([
    ['5 0 * * *', '2026-11-23T23:00:00Z', '2026-11-24T13:05:00.000Z'], // 10:00 on the 24th → 00:05 on the 25th
    ['5 0 * * *', '2026-11-23T13:04:59Z', '2026-11-23T13:05:00.000Z'], // a second before 00:05 on the 24th
    ['5 0 * * *', '2026-11-23T13:05:00Z', '2026-11-24T13:05:00.000Z'], // at the tick: the next day's
    ['0 9,15 * * *', '2026-11-23T23:00:00Z', '2026-11-24T04:00:00.000Z'], // 10:00 → 15:00 the same day
    ['0 9,15 * * *', '2026-11-24T04:00:00Z', '2026-11-24T22:00:00.000Z'], // 15:00 → 9:00 the next day
    ['0 15,9 * * *', '2026-11-23T21:59:00Z', '2026-11-23T22:00:00.000Z'], // order of the list does not matter
  ])('%s after %s is %s', (cron, now, next) => {
    expect(nextDailyRun(cron, new Date(now), TZ)?.toISOString()).toBe(next);
  });

  it.each(['*/5 * * * *', '0 9 1 * *', '60 1 * * *', '0 24 * * *', 'nonsense', ''])(
    '%s: not a daily schedule',
    (cron) => {
      expect(nextDailyRun(cron, new Date('2026-11-23T23:00:00Z'), TZ)).toBeNull();
    },
  );
});

describe('a job output read for the staff page', () => {
  it.each([
    [
      'completed',
      { itemsDone: 12, itemsFailed: 1, date: '2026-11-24' },
      { itemsDone: 12, itemsFailed: 1, error: null },
    ],
    ['completed', { depositsReceived: 3 }, { itemsDone: null, itemsFailed: null, error: null }],
    ['completed', null, { itemsDone: null, itemsFailed: null, error: null }],
    [
      'completed with a reconciliation problem',
      { itemsDone: 5, itemsFailed: 1, problem: 'Reconciliation: 1 deposit differs' },
      { itemsDone: 5, itemsFailed: 1, error: 'Reconciliation: 1 deposit differs' },
    ],
    ['active', null, { itemsDone: null, itemsFailed: null, error: null }],
    ['failed', { message: 'deadlock detected' }, { itemsDone: null, itemsFailed: null, error: 'deadlock detected' }],
    ['retry', { message: 'timeout' }, { itemsDone: null, itemsFailed: null, error: 'timeout' }],
    ['failed', null, { itemsDone: null, itemsFailed: null, error: 'The run failed without a message.' }],
  ] as const)('%s %j', (state, output, read) => {
    expect(readJobOutput(state, output as Record<string, unknown> | null)).toEqual(read);
  });
});
