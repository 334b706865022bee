import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  findHaproxy,
  startCluster,
  type Cluster,
  type RunningInstance,
} from '../../server/src/scripts/cluster/cluster-runner.js';
import { runScript } from '../support/script.js';
import { SelectAccountPage } from './pages.js';
import { MEMBER, OverviewPage, countOperations, signIn, staffToken } from './portal-pages.js';

/*
 * Beyond one machine (issue 23 item 7): three instances on one PostgreSQL behind HAProxy (`npm run cluster`), one
 * member's browser session through the balancer while the instance holding its subscription is killed (SIGKILL):
 * the session goes on, the subscription reconnects to another instance and misses nothing (a change made while it
 * was down shows without a reload); then the instance running the bank's day is killed half-way: the day, run again
 * on the last instance, finishes, and no job's work is done twice.
 * Not on the file servers of the other journeys (fixtures.ts: the embedded database, one process): its own cluster on
 * a fresh database `<DATABASE_URL's>_cluster`, from the sources, with the built client. It needs DATABASE_URL and
 * HAProxy (`.ci/run` installs it), and skips saying so otherwise.
 */

const givenUrl = process.env.DATABASE_URL || undefined;
const haproxy = findHaproxy();
test.skip(!givenUrl, 'The cluster needs a PostgreSQL server: set DATABASE_URL (as .ci/run does).');
test.skip(!haproxy, 'HAProxy is not installed: apt-get install haproxy (.ci/run does).');
test.describe.configure({ mode: 'serial' });

/** Member 100001's linked everyday account (demo data), the top-ups' source. */
const EVERYDAY = '30000001';

let cluster: Cluster | null = null;
let databaseUrl = '';
const logs: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(180_000); // a fresh database migrated and seeded, two instances compiled on a shared machine
  databaseUrl = await freshDatabase(givenUrl!, `${new URL(givenUrl!).pathname.slice(1)}_cluster`);
  const [balancerPort, ...instancePorts] = await freePorts(4);
  try {
    cluster = await startCluster({
      instances: 3,
      port: balancerPort,
      firstInstancePort: instancePorts[0],
      instancePorts,
      host: '127.0.0.1',
      source: true,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        NODE_ENV: 'test',
        LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
        CLIENT_DIR: path.resolve('dist/client'),
        JOB_POLLING_SECONDS: '2',
      },
      log: (line) => logs.push(line),
    });
  } catch (error) {
    console.log(logs.slice(-60).join('\n'));
    throw error;
  }
});

// eslint-disable-next-line no-empty-pattern -- Playwright reads a hook's fixtures from this pattern
test.afterEach(({}, testInfo) => {
  // What the instances and HAProxy said (warnings and above), when the journey failed.
  if (testInfo.status !== testInfo.expectedStatus) console.log(logs.slice(-60).join('\n'));
});

test.afterAll(async () => {
  await cluster?.stop();
  if (databaseUrl) await dropDatabase(givenUrl!, new URL(databaseUrl).pathname.slice(1));
});

test('a member’s session lives through the death of the instance holding its subscription, and the bank day finishes', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { url, instances } = cluster!;
  const api = await playwrightRequest.newContext({ baseURL: url });
  const context = await browser.newContext({ baseURL: url });
  const page = await context.newPage();
  // Which instance answered each of the page's GraphQL requests and its subscription sockets' handshakes
  // (X-Served-By), in order.
  const answers: { by: string; status: number }[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/graphql')) {
      answers.push({ by: response.headers()['x-served-by'] ?? '?', status: response.status() });
    }
  });
  const sockets: string[] = [];
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.webSocketHandshakeResponseReceived', ({ response }) => {
    const header = Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'x-served-by');
    sockets.push(header ? String(header[1]) : '?');
  });

  // The member on the overview, through the balancer.
  await signIn(page, MEMBER);
  await new SelectAccountPage(page).open(0);
  const overview = new OverviewPage(page);
  await expect(overview.section('Agreement').getByTestId('agreement-status')).toBeVisible({ timeout: 30_000 });
  await overview.expectLoaded();
  const [, memberId, accountId] = /\/member\/(\d+)\/account\/(\d+)\//.exec(page.url()) ?? [];
  await expect.poll(() => sockets.length, { timeout: 15_000 }).toBeGreaterThan(0);
  const holder = instanceNamed(instances, sockets.at(-1)!);
  const other = instances.find((instance) => instance !== holder)!;
  const before = await totalCents(page);

  // Staff top the agreement up on ANOTHER instance: the event crosses to the holder (LISTEN/NOTIFY) and the page.
  const token = await staffToken(api);
  const agreementId = await agreementOf(api, token, Number(memberId), Number(accountId));
  await topUp(api, `${other.url}/graphql`, token, agreementId, '1.00');
  await expect.poll(() => totalCents(page), { timeout: 15_000 }).toBe(before + 100);

  // The holder hangs (SIGSTOP): a top-up on another instance now is an event the page's socket never delivers,
  // since its instance is then killed (SIGKILL). The client reconnects through the balancer to an instance still
  // alive and, as after any reconnection, asks again: the page shows the top-up all the same.
  const socketsBefore = sockets.length;
  const answersBefore = answers.length;
  holder.process.kill('SIGSTOP');
  await topUp(api, `${other.url}/graphql`, token, agreementId, '2.00');
  holder.process.kill('SIGKILL');
  expect(await holder.exited).toBe('signal SIGKILL');
  const alive = instances.filter((instance) => instance !== holder).map((instance) => instance.name);
  await expect
    .poll(() => sockets.slice(socketsBefore).filter((by) => alive.includes(by)), { timeout: 20_000 })
    .not.toEqual([]);
  await expect.poll(() => totalCents(page), { timeout: 20_000 }).toBe(before + 300);

  // The session goes on on the instances left (its token and session rows are the database's): the page's requests
  // since the kill were answered there, signed in, and a change now is pushed live on the new socket.
  await topUp(api, '/graphql', token, agreementId, '4.00');
  await expect.poll(() => totalCents(page), { timeout: 15_000 }).toBe(before + 700);
  await expect(page).toHaveURL(/\/overview/);
  const since = answers.slice(answersBefore);
  expect(since.length).toBeGreaterThan(0);
  expect(since.filter((answer) => !alive.includes(answer.by) || answer.status !== 200)).toEqual([]);

  // The bank's next day, started on the instance left that does not hold the page's socket, is cut by its death
  // (SIGKILL while it runs a step: that step's transaction rolls back, its job stays active on the dead instance).
  // Run again through the balancer, on the last instance, the same day finishes; the open overview asks again.
  const socketHolder = instanceNamed(instances, sockets.at(-1)!);
  const runner = instances.find((instance) => instance !== holder && instance !== socketHolder)!;
  const cut = api
    .post(`${runner.url}/graphql`, {
      headers: { authorization: `Bearer ${token}`, 'apollo-require-preflight': 'true' },
      data: { query: 'mutation { runNextDemoDay { date } }' },
    })
    .then(
      () => false, // answered: the day was not cut
      () => true,
    );
  const running = await dayRunning(api, runner, token);
  runner.process.kill('SIGSTOP'); // at once: the day goes no further
  runner.process.kill('SIGKILL');
  expect(await runner.exited).toBe('signal SIGKILL');
  expect(await cut).toBe(true);
  const overviews = countOperations(page, 'OverviewPage');
  const { runNextDemoDay } = await graphql<{ runNextDemoDay: { date: string } }>(
    api,
    '/graphql',
    token,
    'mutation { runNextDemoDay { date } }',
  );
  expect(runNextDemoDay.date).toBe(running.date);
  await expect.poll(overviews, { timeout: 20_000 }).toBeGreaterThan(0);

  // No job's work was done twice: every step of the day completed once, none was retried or failed; the job the dead
  // instance was running is still active (pg-boss retries it after its expiry, and its keys then find the work done);
  // no deposit was posted twice that day; the ledger balances (npm run check:ledger).
  await expectEveryJobOnce(runNextDemoDay.date);
  const ledger = await runScript('server/src/scripts/check-ledger.ts', [], {
    ...process.env,
    DATABASE_URL: databaseUrl,
  });
  expect(ledger.code, ledger.stdout + ledger.stderr).toBe(0);

  await context.close();
  await api.dispose();
});

/** Polls an instance's demo clock until its "run the next day" is under way; answers the day and step it runs. */
async function dayRunning(
  api: APIRequestContext,
  instance: RunningInstance,
  token: string,
): Promise<{ date: string; step: string }> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { demoClock } = await graphql<{ demoClock: { running: { date: string; step: string } | null } }>(
      api,
      `${instance.url}/graphql`,
      token,
      '{ demoClock { running { date step } } }',
    );
    if (demoClock.running) return demoClock.running;
    if (Date.now() > deadline) throw new Error(`${instance.name} never showed its day running`);
  }
}

function instanceNamed(instances: readonly RunningInstance[], name: string): RunningInstance {
  const instance = instances.find((each) => each.name === name);
  if (!instance) throw new Error(`No instance ${name} (the socket's X-Served-By)`);
  return instance;
}

/** The agreement's Total as the overview's Agreement section shows it, in cents. */
async function totalCents(page: Page): Promise<number> {
  const box = new OverviewPage(page).section('Agreement').getByText('Total', { exact: true }).locator('..');
  const text = ((await box.textContent()) ?? '').replace(/\s/g, '');
  const match = /Total(-?)\$([\d,]+\.\d\d)/.exec(text);
  if (!match) throw new Error(`No total in "${text}"`);
  return Math.round(Number(match[2].replace(/,/g, '')) * 100) * (match[1] ? -1 : 1);
}

async function graphql<T>(
  api: APIRequestContext,
  at: string,
  token: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const response = await api.post(at, {
    headers: { authorization: `Bearer ${token}`, 'apollo-require-preflight': 'true' },
    data: { query, variables },
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  expect(body.errors ?? []).toEqual([]);
  return body.data as T;
}

async function agreementOf(
  api: APIRequestContext,
  token: string,
  memberId: number,
  accountId: number,
): Promise<number> {
  const { agreementWizardEntries } = await graphql<{ agreementWizardEntries: { modify: { agreementId: number } } }>(
    api,
    '/graphql',
    token,
    'query($a: Int!, $m: Int!) { agreementWizardEntries(accountId: $a, memberId: $m) { modify { agreementId } } }',
    { a: accountId, m: memberId },
  );
  return agreementWizardEntries.modify.agreementId;
}

async function topUp(api: APIRequestContext, at: string, token: string, agreementId: number, amount: string) {
  const { topUpRainyDay } = await graphql<{ topUpRainyDay: { ok: boolean; errors: unknown[] } }>(
    api,
    at,
    token,
    'mutation($input: RainyDayTopUpInput!) { topUpRainyDay(input: $input) { ok errors { message } } }',
    {
      input: { contractId: agreementId, accountNumber: EVERYDAY, topupAmount: amount, idempotencyKey: randomUUID() },
    },
  );
  expect(topUpRainyDay.errors).toEqual([]);
}

/**
 * The day's step jobs: under each key one completed, the others (the dead instance's) still active, none failed or
 * retried; no other job of the database failed, was retried or completed twice under one key; no deposit posted twice
 * on that day.
 */
async function expectEveryJobOnce(day: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; key: string | null; state: string; retries: number }>(
      'select name, singleton_key as key, state, retry_count as retries from pgboss.job order by created_on',
    );
    const steps = rows.filter((row) => row.name.startsWith('core-banking-') && row.key?.includes(day));
    expect(steps.map((row) => row.name)).toContain('core-banking-day');
    const stepKeys = new Set(steps.map((row) => `${row.name} ${row.key}`));
    for (const key of stepKeys) {
      const states = steps.filter((row) => `${row.name} ${row.key}` === key).map((row) => row.state);
      expect(
        states.filter((state) => state === 'completed'),
        key,
      ).toHaveLength(1);
      expect(
        states.filter((state) => state !== 'completed' && state !== 'active'),
        key,
      ).toEqual([]);
    }
    expect(rows.filter((row) => row.state === 'failed' || row.retries > 0)).toEqual([]);
    const completedKeys = rows
      .filter((row) => row.key !== null && row.state === 'completed')
      .map((r) => `${r.name} ${r.key}`);
    expect(completedKeys.length).toBe(new Set(completedKeys).size);
    const { rows: twice } = await client.query(
      `select deposit_id, type, count(*)::int as postings from ledger_transaction
       where effective_date = $1 and deposit_id is not null group by deposit_id, type having count(*) > 1`,
      [day],
    );
    expect(twice).toEqual([]);
  } finally {
    await client.end();
  }
}

/** Drops and creates `name` beside the given database (the cluster migrates and seeds it). */
async function freshDatabase(given: string, name: string): Promise<string> {
  await dropDatabase(given, name);
  await onServer(given, (client) => client.query(`create database ${quoted(name)}`));
  const url = new URL(given);
  url.pathname = `/${encodeURIComponent(name)}`;
  return url.toString();
}

async function dropDatabase(given: string, name: string): Promise<void> {
  await onServer(given, (client) => client.query(`drop database if exists ${quoted(name)} with (force)`));
}

/** On the server's `postgres` database (a database is neither made nor dropped from inside itself). */
async function onServer(given: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const admin = new URL(given);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** `count` ports free now (held together while asked, so they differ). */
async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<import('node:net').Server>((resolve, reject) => {
          const server = createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as import('node:net').AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}
