import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { subscribe, wsClient } from '../support/live.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { queueModification } from './modification.fixtures.js';

/**
 * The fresh-machine path, whatever DATABASE_URL says: the embedded database (one connection) with job workers
 * polling on it beside the app's requests, the job sent inside the request's transaction.
 */
describe('queued changes on the job queue of the embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'billsmoothing-jobs-'));
  let server: TestServer;
  let client: Client | undefined;

  beforeAll(async () => {
    server = await startTestServer({
      env: { DATABASE_URL: '', DATA_DIR: dataDir, JOB_POLLING_SECONDS: '0.5' },
      reset: false, // a new data directory: nothing to empty
    });
  });
  afterAll(async () => {
    await client?.dispose();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('applies a queued change in the background and pushes its stages', async () => {
    expect(server.app.database.embedded).toBe(true);
    const member = await server.signIn(...MEMBER_TWO_ACCOUNTS);
    const token = String(member.access_token);
    const { body } = await server.graphql<{
      accountList: { accountId: number; agreementId: number; status: string }[];
    }>(
      'query($m: Int!) { accountList(memberId: $m) { accountId agreementId status } }',
      { m: Number(member.memberId) },
      token,
    );
    const account = body.data!.accountList.find((a) => a.status === 'Active')!;
    client = wsClient(server.url, token);
    const live = subscribe<{ queuedChangeStatus: { agreementId: number | null; stage: string } }>(
      client,
      'subscription($a: Int!) { queuedChangeStatus(accountId: $a) { agreementId stage } }',
      { a: account.accountId },
    );
    await live.waitFor((r) => r.data?.queuedChangeStatus.stage === 'NONE');

    const staff = await server.token(...AGENT);
    const newId = (await queueModification(server, account.agreementId, staff)).agreementId;
    const received = await live.waitFor((r) => r.data?.queuedChangeStatus.stage === 'APPLIED', 30_000);
    expect(received.map((r) => r.result.data?.queuedChangeStatus)).toEqual([
      { agreementId: null, stage: 'NONE' },
      { agreementId: newId, stage: 'QUEUED' },
      { agreementId: newId, stage: 'APPLYING' },
      { agreementId: newId, stage: 'APPLIED' },
    ]);
    live.stop();
    const activities = await server.app.database.orm.em
      .fork()
      .execute('select 1 from activity where agreement_id = ? and type = 21', [newId]);
    expect(activities).toHaveLength(1);
  });
});
