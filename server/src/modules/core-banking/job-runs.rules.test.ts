import { describe, expect, it } from 'vitest';
import { combineStepOutputs, nextDailyRun, readJobOutput } from './job-runs.rules.js';

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

describe("a step's summary from its parts'", () => {
  const notPaid = (billId: number) => ({ billId, agreementId: billId * 10, message: 'No' });
  it.each([
    ['one part: as it is', [{ itemsDone: 2, problem: 'P' }], { itemsDone: 2, problem: 'P' }],
    [
      'figures added, lists joined in part order',
      [
        { itemsDone: 3, itemsFailed: 1, billsPaid: 3, billsNotPaid: 1, notPaid: [notPaid(1)] },
        { itemsDone: 0, itemsFailed: 0, billsPaid: 0, billsNotPaid: 0, notPaid: [] },
        { itemsDone: 5, itemsFailed: 2, billsPaid: 5, billsNotPaid: 2, notPaid: [notPaid(7), notPaid(9)] },
      ],
      { itemsDone: 8, itemsFailed: 3, billsPaid: 8, billsNotPaid: 3, notPaid: [notPaid(1), notPaid(7), notPaid(9)] },
    ],
    [
      'a problem in one part of two',
      [{ itemsDone: 1 }, { itemsDone: 1, problem: 'P' }],
      { itemsDone: 2, problem: 'P' },
    ],
    ['a problem in both', [{ problem: 'P.' }, { problem: 'Q.' }], { problem: 'P. Q.' }],
  ])('%s', (_name, outputs, combined) => {
    expect(combineStepOutputs(outputs)).toEqual(combined);
  });
});
