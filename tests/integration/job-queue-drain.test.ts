import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { defineJob, JobQueue } from '../../server/src/jobs/job-queue.js';
import { startTestServer, type TestServer } from '../support/server.js';

/** Polling far longer than the jobs take: a worker that waited for its poll between them would show it. */
const POLLING_SECONDS = 10;
const drained = defineJob<{ n: number }>({
  name: 'test-drained-back-to-back',
  retryLimit: 0,
  retryDelaySeconds: 1,
  retryBackoff: false,
  expireInSeconds: 60,
  batchSize: 1,
});

let server: TestServer;
let queue: JobQueue;
const ran: { n: number; start: number; end: number }[] = [];

beforeAll(async () => {
  server = await startTestServer();
  // A second job queue on the test server's database, with a real worker (the test server's own only sends).
  queue = new JobQueue({ pollingSeconds: POLLING_SECONDS, timeZone: 'Australia/Sydney' }, pino({ level: 'silent' }));
  queue.handle(drained, async ({ n }) => {
    const start = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 50));
    ran.push({ n, start, end: Date.now() });
  });
  await queue.start(server.app.database.orm);
}, 120_000);
afterAll(async () => {
  await queue?.stop();
  await server?.stop();
});

describe('a worker with jobs waiting takes them back to back (jobs README, "Settings")', () => {
  it('runs three jobs of batches of one without waiting for its poll between them', async () => {
    await queue.sendMany(server.app.database.orm.em.fork(), drained, [
      { data: { n: 1 } },
      { data: { n: 2 } },
      { data: { n: 3 } },
    ]);
    queue.notify(drained);
    const deadline = Date.now() + 3 * POLLING_SECONDS * 1000;
    while (ran.length < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ran.map((run) => run.n).sort()).toEqual([1, 2, 3]);
    // Each job began well before the worker's next poll would have come (10 s after the one before).
    const order = [...ran].sort((a, b) => a.start - b.start);
    for (let i = 1; i < order.length; i += 1) {
      expect(order[i].start - order[i - 1].end).toBeLessThan((POLLING_SECONDS * 1000) / 2);
    }
  }, 60_000);
});
