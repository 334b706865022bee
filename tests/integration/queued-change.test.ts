import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityAddedTopic } from '../../server/src/modules/activity/index.js';
import { agreementBalances } from '../../server/src/modules/ledger/ledger-balances.js';
import { AGENT, MEMBER_MISSED_DEPOSIT, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { subscribe, wsClient } from '../support/live.js';
import { queueModification } from './modification.fixtures.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
const clients: Client[] = [];

beforeAll(async () => {
  server = await startTestServer(); // no background jobs: the tests run the applier and its jobs
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.dispose()));
  await server?.stop();
});

const STATUS = 'subscription($a: Int!) { queuedChangeStatus(accountId: $a) { accountId agreementId stage message } }';
const START = `mutation($m: Int!, $a: Int!) { startAgreementModification(memberId: $m, accountId: $a) {
  wizard { agreementId } errors { code message } } }`;

interface Status {
  accountId: number;
  agreementId: number | null;
  stage: string;
  message: string | null;
}

function client(token: string): Client {
  const c = wsClient(server.url, token);
  clients.push(c);
  return c;
}

async function session(login: readonly [string, string]) {
  const body = await server.signIn(...login);
  return { token: String(body.access_token), memberId: Number(body.memberId) };
}

async function activeAccount(token: string, memberId: number) {
  const { body } = await server.graphql<{ accountList: { accountId: number; agreementId: number; status: string }[] }>(
    'query($m: Int!) { accountList(memberId: $m) { accountId agreementId status } }',
    { m: memberId },
    token,
  );
  const account = body.data!.accountList.find((a) => a.status === 'Active' || a.status === 'InArrears');
  if (!account) throw new Error(`No running account: ${JSON.stringify(body)}`);
  return account;
}

const em = () => server.app.database.orm.em.fork();
const stages = (received: { result: { data?: { queuedChangeStatus: Status } | null } }[]) =>
  received.map((r) => r.result.data?.queuedChangeStatus.stage);

describe('queuedChangeStatus', () => {
  it('pushes QUEUED, APPLYING and APPLIED to a subscriber within 2 seconds of the applier running', async () => {
    const member = await session(MEMBER_TWO_ACCOUNTS);
    const staff = await server.token(...AGENT);
    const account = await activeAccount(member.token, member.memberId);
    const before = (await agreementBalances(em(), [account.agreementId])).get(account.agreementId)!;

    const live = subscribe<{ queuedChangeStatus: Status }>(client(member.token), STATUS, { a: account.accountId });
    await live.waitFor((r) => r.data?.queuedChangeStatus.stage === 'NONE');
    const activities = subscribe<{ activityAdded: { type: number; label: string; contractId: number | null } }>(
      client(member.token),
      'subscription($a: Int!) { activityAdded(accountId: $a) { activityId type label contractId } }',
      { a: account.accountId },
    );
    await server.listening(activityAddedTopic(account.accountId));

    // Staff modify it and save all, changing nothing the member agreed to: queued (2) with its job.
    const queued = await queueModification(server, account.agreementId, staff);
    const newId = queued.agreementId;
    expect(queued).toEqual({ accountId: account.accountId, agreementId: newId, stage: 'QUEUED' });
    await live.waitFor((r) => r.data?.queuedChangeStatus.stage === 'QUEUED');

    const started = performance.now();
    const applied = await server.app.services.changeApplier.applyQueued(em(), newId);
    expect(applied.stage).toBe('APPLIED');
    const received = await live.waitFor((r) => r.data?.queuedChangeStatus.stage === 'APPLIED', 2000);
    const latency = received[received.length - 1].at - started;
    console.info(`queued-change push: applier start → APPLIED received in ${latency.toFixed(1)} ms`);
    expect(latency).toBeLessThan(2000);
    expect(stages(received)).toEqual(['NONE', 'QUEUED', 'APPLYING', 'APPLIED']);
    expect(received.every((r) => r.result.data?.queuedChangeStatus.accountId === account.accountId)).toBe(true);
    live.stop();

    // The history got the change as it happened: queued (8), then applied (21).
    const added = await activities.waitFor((r) => r.data?.activityAdded.type === 21, 2000);
    expect(added.map((r) => r.result.data?.activityAdded.type)).toEqual(expect.arrayContaining([8, 21]));
    expect(added.find((r) => r.result.data?.activityAdded.type === 21)?.result.data?.activityAdded).toMatchObject({
      label: 'Agreement modification',
      contractId: newId,
    });
    activities.stop();

    // The new version is the account's agreement now, with the old one's balances.
    const after = await activeAccount(member.token, member.memberId);
    expect(after).toMatchObject({ accountId: account.accountId, agreementId: newId, status: 'Active' });
    const balances = await agreementBalances(em(), [account.agreementId, newId]);
    expect(balances.get(newId)).toEqual(before);
    expect(balances.get(account.agreementId)?.total).toBe(0);
    const rows = await em().execute<{ status: number }[]>('select status from agreement where id = ?', [
      account.agreementId,
    ]);
    expect(rows[0].status).toBe(10);
    const activity = await em().execute('select 1 from activity where agreement_id = ? and type = 21', [newId]);
    expect(activity).toHaveLength(1);

    const now = await server.graphql<{ queuedChangeStatus: Status }>(
      'query($a: Int!) { queuedChangeStatus(accountId: $a) { stage agreementId } }',
      { a: account.accountId },
      member.token,
    );
    expect(now.body.data).toEqual({ queuedChangeStatus: { stage: 'NONE', agreementId: null } });
  });

  it('applies a queued change by its job, and answers the old booleans meanwhile', async () => {
    const member = await session(MEMBER_TWO_ACCOUNTS);
    const staff = await server.token(...AGENT);
    const account = await activeAccount(member.token, member.memberId);
    await queueModification(server, account.agreementId, staff);

    const has = (path: string) =>
      fetch(`${server.url}/api/contracts/${path}/${account.accountId}`, {
        headers: { authorization: `Bearer ${member.token}` },
      }).then((r) => r.json());
    expect(await has('HasQueuedAgreement')).toBe(true);
    expect(await has('HasInProgressContract')).toBe(false);

    const again = await server.graphql<{ startAgreementModification: { errors: { code: string }[] } }>(
      START,
      { m: member.memberId, a: account.accountId },
      staff,
    );
    expect(again.body.data?.startAgreementModification.errors[0]).toMatchObject({ code: 'CHANGE_ALREADY_WAITING' });

    const live = subscribe<{ queuedChangeStatus: Status }>(client(member.token), STATUS, { a: account.accountId });
    await live.waitFor((r) => r.data?.queuedChangeStatus.stage === 'QUEUED');
    expect(await server.app.services.jobs.drain()).toBeGreaterThanOrEqual(1); // with the first test's, now a no-op
    await live.waitFor((r) => r.data?.queuedChangeStatus.stage === 'APPLIED', 2000);
    live.stop();
    expect(await has('HasQueuedAgreement')).toBe(false);
  });

  it('reports FAILED with a message when the agreement it changes is no longer current', async () => {
    const member = await session(MEMBER_TWO_ACCOUNTS);
    const staff = await server.token(...AGENT);
    const account = await activeAccount(member.token, member.memberId);
    const newId = (await queueModification(server, account.agreementId, staff)).agreementId;
    await em().execute('update agreement set status = 5 where id = ?', [account.agreementId]);
    try {
      const live = subscribe<{ queuedChangeStatus: Status }>(client(staff), STATUS, { a: account.accountId });
      await live.waitFor((r) => r.data?.queuedChangeStatus.stage === 'QUEUED');
      const result = await server.app.services.changeApplier.applyQueued(em(), newId);
      const failed = { stage: 'FAILED', agreementId: newId, message: 'The agreement it changes is no longer current.' };
      expect(result).toMatchObject(failed);
      await live.waitFor((r) => r.data?.queuedChangeStatus.stage === 'FAILED');
      live.stop();
      const now = await server.graphql<{ queuedChangeStatus: Status }>(
        'query($a: Int!) { queuedChangeStatus(accountId: $a) { stage agreementId message } }',
        { a: account.accountId },
        member.token,
      );
      expect(now.body.data?.queuedChangeStatus).toEqual(failed);
      const rows = await em().execute<{ status: number }[]>('select status from agreement where id = ?', [newId]);
      expect(rows[0].status).toBe(6);
    } finally {
      await em().execute('update agreement set status = 7 where id = ?', [account.agreementId]);
    }
  });

  it("refuses a member another member's account, over the socket as over HTTP", async () => {
    const me = await session(MEMBER_TWO_ACCOUNTS);
    const other = await session(MEMBER_MISSED_DEPOSIT);
    const otherAccount = await activeAccount(other.token, other.memberId);
    const http = await server.graphql(
      'query($a: Int!) { queuedChangeStatus(accountId: $a) { stage } }',
      { a: otherAccount.accountId },
      me.token,
    );
    const refusal = { message: 'You do not have access to this member or account.', extensions: { code: 'FORBIDDEN' } };
    expect(http.body.data).toBeNull();
    expect(http.body.errors?.[0]).toMatchObject(refusal);
    for (const query of [STATUS, 'subscription($a: Int!) { activityAdded(accountId: $a) { activityId } }']) {
      const live = subscribe(client(me.token), query, { a: otherAccount.accountId });
      await live.waitFor((r) => !!r.errors);
      expect(live.received).toHaveLength(1);
      expect(live.received[0].result.data ?? null).toBeNull();
      expect(live.received[0].result.errors?.[0]).toMatchObject(refusal);
      expect(await live.ended).toEqual({ complete: true });
    }
  });

  it('refuses a member starting a change (staff prepare it; the member approves or declines)', async () => {
    const me = await session(MEMBER_TWO_ACCOUNTS);
    const account = await activeAccount(me.token, me.memberId);
    const { body } = await server.graphql<{ startAgreementModification: { errors: { code: string }[] } }>(
      START,
      { m: me.memberId, a: account.accountId },
      me.token,
    );
    expect(body.data?.startAgreementModification.errors[0]).toMatchObject({ code: 'STAFF_ONLY' });
  });
});
