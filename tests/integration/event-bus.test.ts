import type { Client } from 'graphql-ws';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { realDatabaseUrl } from '../support/database.js';
import { subscribe, wsClient, type LiveSubscription } from '../support/live.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { queueModification } from './modification.fixtures.js';

/**
 * Two server instances on one PostgreSQL database (as behind a load balancer): an event committed through
 * either reaches the subscribers of both, through LISTEN/NOTIFY. Only meaningful on a real server: the
 * embedded database cannot LISTEN and keeps its events in memory.
 */
describe.skipIf(!realDatabaseUrl)('the event bus across two server instances', () => {
  let first: TestServer;
  let second: TestServer;
  const clients: Client[] = [];

  beforeAll(async () => {
    first = await startTestServer();
    second = await startTestServer({ reset: false }); // same database, not emptied in between
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.dispose()));
    await second?.stop();
    await first?.stop();
  });

  const STATUS = 'subscription($a: Int!) { queuedChangeStatus(accountId: $a) { agreementId stage } }';
  type Live = LiveSubscription<{ queuedChangeStatus: { agreementId: number | null; stage: string } }>;
  const stageIs = (stage: string) => (r: { data?: { queuedChangeStatus: { stage: string } } | null }) =>
    r.data?.queuedChangeStatus.stage === stage;

  async function watchOn(server: TestServer, token: string, accountId: number): Promise<Live> {
    const client = wsClient(server.url, token);
    clients.push(client);
    const live: Live = subscribe(client, STATUS, { a: accountId });
    await live.waitFor(stageIs('NONE'));
    return live;
  }

  async function memberAccount() {
    const body = await first.signIn(...MEMBER_TWO_ACCOUNTS);
    const token = String(body.access_token);
    const list = await first.graphql<{ accountList: { accountId: number; agreementId: number; status: string }[] }>(
      'query($m: Int!) { accountList(memberId: $m) { accountId agreementId status } }',
      { m: Number(body.memberId) },
      token,
    );
    const account = list.body.data!.accountList.find((a) => a.status === 'Active')!;
    return { token, ...account };
  }

  async function queueThrough(server: TestServer, agreementId: number): Promise<number> {
    return (await queueModification(server, agreementId)).agreementId;
  }

  it('delivers a change committed through either instance to the subscribers of both', async () => {
    const account = await memberAccount();
    const onFirst = await watchOn(first, account.token, account.accountId);
    const onSecond = await watchOn(second, account.token, account.accountId);

    const newId = await queueThrough(second, account.agreementId); // committed through the second
    // Each instance sends its own NOTIFYs: the order between two instances is the order they reach PostgreSQL.
    // The queued stage is heard on both before the first instance applies the change.
    for (const live of [onFirst, onSecond]) await live.waitFor(stageIs('QUEUED'), 2000);
    await first.app.services.changeApplier.applyQueued(first.app.database.orm.em.fork(), newId); // applied by the first
    for (const live of [onFirst, onSecond]) {
      const received = await live.waitFor(stageIs('APPLIED'), 2000);
      expect(received.map((r) => r.result.data?.queuedChangeStatus)).toEqual([
        { agreementId: null, stage: 'NONE' },
        { agreementId: newId, stage: 'QUEUED' },
        { agreementId: newId, stage: 'APPLYING' },
        { agreementId: newId, stage: 'APPLIED' },
      ]);
      live.stop();
    }
  });

  it('listens again after its connection is cut, and delivers what is published afterwards', async () => {
    const admin = new pg.Client({ connectionString: realDatabaseUrl });
    await admin.connect();
    const listenerPids = async () =>
      (
        await admin.query<{ pid: number }>(
          "select pid from pg_stat_activity where application_name = 'portal-event-bus' and datname = current_database()",
        )
      ).rows.map((row) => row.pid);
    /** Waits (bounded) until both buses listen on connections other than `gone`, and answers their pids. */
    const waitForListeners = async (gone: readonly number[] = []) => {
      const deadline = Date.now() + 10_000;
      let pids = await listenerPids();
      const fresh = () => pids.filter((pid) => !gone.includes(pid));
      while (fresh().length < 2 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        pids = await listenerPids();
      }
      return fresh();
    };
    try {
      // Both buses listen (a bus may be between connections when the test starts: wait, do not assume).
      const before = await waitForListeners();
      expect(before).toHaveLength(2);
      await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [before]);
      // A terminated backend may still show in pg_stat_activity for a moment: count only new connections.
      expect(await waitForListeners(before)).toHaveLength(2);
    } finally {
      await admin.end();
    }

    const account = await memberAccount();
    const onFirst = await watchOn(first, account.token, account.accountId);
    const onSecond = await watchOn(second, account.token, account.accountId);
    const newId = await queueThrough(first, account.agreementId);
    await second.app.services.changeApplier.applyQueued(second.app.database.orm.em.fork(), newId);
    for (const live of [onFirst, onSecond]) {
      await live.waitFor(stageIs('APPLIED'), 2000);
      live.stop();
    }
  });
});
