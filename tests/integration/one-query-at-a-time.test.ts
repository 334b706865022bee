import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { failOnOverlappingQueries, watchOverlappingQueries } from '../support/one-query-at-a-time.js';
import { startTestServer, type TestServer } from '../support/server.js';

/** The integration projects' check (tests/support/one-query-at-a-time.ts, a setup file), on the real driver. */
let server: TestServer;
const found = watchOverlappingQueries();

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

const fork = (): EntityManager => server.app.database.orm.em.fork();

/** What the check found during `work`, taken from it (so that this test's own afterEach finds nothing). */
async function overlapsDuring(work: () => Promise<unknown>): Promise<string[]> {
  failOnOverlappingQueries(found, 'before'); // nothing left over
  await work();
  try {
    failOnOverlappingQueries(found, 'here');
    return [];
  } catch (error) {
    return [(error as Error).message];
  }
}

describe('one query at a time on a pg connection', () => {
  it('finds two queries run at once in one transaction, naming the second and where it was issued', async () => {
    const [message] = await overlapsDuring(() =>
      fork().transactional((tx) => Promise.all([tx.execute('select 1 as first'), tx.execute('select 2 as second')])),
    );
    expect(message).toMatch(/^1 query was issued on a pg connection still running another/);
    expect(message).toContain('- select 2 as second');
    expect(message).toContain('one-query-at-a-time.test.ts');
  });

  it('finds nothing in queries awaited one after another in a transaction', async () => {
    const overlaps = await overlapsDuring(() =>
      fork().transactional(async (tx) => {
        await tx.execute('select 1');
        await tx.execute('select 2');
      }),
    );
    expect(overlaps).toEqual([]);
  });

  it('finds nothing in queries at once outside a transaction: each has a connection of the pool', async () => {
    const em = fork();
    const overlaps = await overlapsDuring(() => Promise.all([em.execute('select 1'), em.execute('select 2')]));
    expect(overlaps).toEqual([]);
  });
});
