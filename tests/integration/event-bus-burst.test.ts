import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { postgresEventBus } from '../../server/src/graphql/event-bus.js';
import { realDatabaseUrl } from '../support/database.js';

/**
 * A burst of events (a job writing a thousand activities, a seed) goes out in a few NOTIFY statements, not one
 * round trip each, and every event still arrives once, in the order published.
 */
describe.skipIf(!realDatabaseUrl)('the PostgreSQL event bus under a burst', () => {
  it('delivers 500 events published at once, in order, in far fewer statements than events', async () => {
    const channel = `burst_${process.pid}`;
    const bus = await postgresEventBus({
      connectionString: realDatabaseUrl!,
      logger: pino({ level: 'silent' }),
      channel,
    });
    const received: number[] = [];
    const done = (async () => {
      for await (const payload of bus.subscribe('burst')) {
        received.push((payload as { n: number }).n);
        if (received.length === 500) return;
      }
    })();
    // The bus's one client: count the statements it sends.
    let statements = 0;
    const pg = (await import('pg')).default;
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
      if (String(args[0]).includes('pg_notify')) statements += 1;
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    try {
      for (let n = 0; n < 500; n += 1) bus.publish('burst', { n });
      await Promise.race([done, new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), 10_000))]);
    } finally {
      pg.Client.prototype.query = query;
      await bus.close();
    }
    expect(received).toEqual(Array.from({ length: 500 }, (_, n) => n));
    expect(statements).toBeGreaterThanOrEqual(1);
    expect(statements).toBeLessThanOrEqual(5);
  });
});
