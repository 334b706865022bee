import { describe, expect, it } from 'vitest';
import type PgBoss from 'pg-boss';
import { defineJob, queueWrites, scheduleWrites } from './job-queue.js';

const nightly = defineJob({
  name: 'bank-nightly',
  retryLimit: 3,
  retryDelaySeconds: 60,
  retryBackoff: true,
  expireInSeconds: 900,
  cron: '0 2 * * *',
}).definition;
const once = defineJob({
  name: 'mail-send',
  policy: 'short',
  retryLimit: 5,
  retryDelaySeconds: 30,
  retryBackoff: false,
  expireInSeconds: 60,
}).definition;
/** The rows pg-boss's getQueues answers for the two definitions as they are (plus a setting the app leaves alone). */
const rows: Record<string, Omit<PgBoss.Queue, 'name'>> = {
  'bank-nightly': { policy: 'standard', retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 900 },
  'mail-send': { policy: 'short', retryLimit: 5, retryDelay: 30, retryBackoff: false, expireInSeconds: 60 },
};
const stored = (name: string, changes: Partial<PgBoss.Queue> = {}): PgBoss.Queue => ({
  name,
  ...(rows[name] ?? { policy: 'standard' }),
  retentionMinutes: 20_160,
  ...changes,
});

describe('queueWrites: a start writes only the queues that are missing or differ', () => {
  it.each([
    { case: 'empty database: every queue created', rows: [], create: ['bank-nightly', 'mail-send'], update: [] },
    { case: 'restart: nothing written', rows: [stored('bank-nightly'), stored('mail-send')], create: [], update: [] },
    {
      case: 'a retry limit changed: that queue updated',
      rows: [stored('bank-nightly', { retryLimit: 2 }), stored('mail-send')],
      create: [],
      update: ['bank-nightly'],
    },
    {
      case: 'a policy changed',
      rows: [stored('bank-nightly'), stored('mail-send', { policy: 'standard' })],
      create: [],
      update: ['mail-send'],
    },
    {
      case: 'expiry and backoff changed, one queue new',
      rows: [stored('bank-nightly', { expireInSeconds: 60, retryBackoff: false })],
      create: ['mail-send'],
      update: ['bank-nightly'],
    },
    {
      case: 'a queue stored that no job defines is left alone',
      rows: [stored('bank-nightly'), stored('mail-send'), stored('old-queue')],
      create: [],
      update: [],
    },
  ])('$case', ({ rows, create, update }) => {
    const writes = queueWrites([nightly, once], rows);
    expect({
      create: writes.create.map((queue) => queue.name),
      update: writes.update.map((queue) => queue.name),
    }).toEqual({ create, update });
  });

  it('writes the definition’s settings under pg-boss’s names', () => {
    expect(queueWrites([once], []).create).toEqual([
      { name: 'mail-send', policy: 'short', retryLimit: 5, retryDelay: 30, retryBackoff: false, expireInSeconds: 60 },
    ]);
  });
});

describe('scheduleWrites: a start writes only the schedules that are missing or differ', () => {
  const zone = 'Australia/Sydney';
  it.each([
    { case: 'none stored', rows: [], writes: ['bank-nightly'] },
    {
      case: 'the same cron and zone: none',
      rows: [{ name: 'bank-nightly', cron: '0 2 * * *', timezone: zone }],
      writes: [],
    },
    {
      case: 'another cron',
      rows: [{ name: 'bank-nightly', cron: '0 3 * * *', timezone: zone }],
      writes: ['bank-nightly'],
    },
    {
      case: 'another zone',
      rows: [{ name: 'bank-nightly', cron: '0 2 * * *', timezone: 'UTC' }],
      writes: ['bank-nightly'],
    },
    {
      case: 'no zone stored',
      rows: [{ name: 'bank-nightly', cron: '0 2 * * *', timezone: null }],
      writes: ['bank-nightly'],
    },
  ])('$case', ({ rows, writes }) => {
    expect(scheduleWrites([nightly, once], zone, rows).map((schedule) => schedule.name)).toEqual(writes);
  });
});
