import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Issue 21 item 1, on the embedded database (one connection) whatever DATABASE_URL says, as `npm start` runs: a
 * member's profile save with bill reminders off froze the whole server for 60 s, because the access check inside the
 * save's transaction asked the pool for the only connection, which that transaction held. And the guard that now
 * makes any such query fail at once (server/src/database/transaction-guard.ts) without refusing honest waits.
 */

/** QueryOutsideTransactionError's message (the ORM wraps the driver's errors in its own exception class). */
const OUTSIDE = /asked the pool for a connection while its own transaction held one/;

let server: TestServer;
let member: string;
let memberId: number;
let account: { accountId: number; agreementId: number };

const fork = (): EntityManager => server.app.database.orm.em.fork();

async function billerFlags(agreementId: number): Promise<boolean[]> {
  const rows = await fork().execute<{ is_notification_enabled: boolean }[]>(
    'select is_notification_enabled from biller where agreement_id = ? and status <> 3 order by id',
    [agreementId],
  );
  return rows.map((row) => row.is_notification_enabled);
}

async function healthy(): Promise<boolean> {
  const response = await fetch(`${server.url}/healthz`);
  return response.ok;
}

beforeAll(async () => {
  server = await startTestServer({ embedded: true });
  const signedIn = await server.signIn(...MEMBER_TWO_ACCOUNTS);
  member = String(signedIn.access_token);
  memberId = Number(signedIn.memberId);
  const { body } = await server.graphql<{ accountList: { accountId: number; agreementId: number; status: string }[] }>(
    'query($m: Int!) { accountList(memberId: $m) { accountId agreementId status } }',
    { m: memberId },
    member,
  );
  account = body.data!.accountList.find((a) => a.status === 'Active')!;
});
afterAll(async () => {
  await server?.stop();
});

describe('a member saves their profile on the embedded database', () => {
  it('runs on the embedded database', () => {
    expect(server.app.database.embedded).toBe(true);
  });

  it('turns bill reminders off over GraphQL, and the server keeps answering', async () => {
    expect((await billerFlags(account.agreementId)).length).toBeGreaterThan(0);
    const { status, body } = await server.graphql<{ r: { message: string | null; errors: unknown[] } }>(
      `mutation($input: ProfilePreferencesInput!) {
        r: saveProfilePreferences(input: $input) { message errors { code field message } } }`,
      {
        input: {
          memberId,
          accountId: account.accountId,
          notificationPreference: 'Email',
          billReminders: false,
          depositReminders: false,
        },
      },
      member,
    );
    expect(status).toBe(200);
    expect(body).toEqual({ data: { r: { message: 'You have successfully updated your profile.', errors: [] } } });
    expect(new Set(await billerFlags(account.agreementId))).toEqual(new Set([false]));
    expect(await healthy()).toBe(true);
  });

  it('turns one biller’s reminder back on over REST (PUT /api/billerpreferences?isProfile=true)', async () => {
    const [{ id }] = await fork().execute<{ id: number }[]>(
      'select id from biller where agreement_id = ? and status <> 3 order by id limit 1',
      [account.agreementId],
    );
    const response = await fetch(
      `${server.url}/api/billerpreferences?contractId=${account.agreementId}&isProfile=true`,
      {
        method: 'PUT',
        headers: { authorization: `Bearer ${member}`, 'content-type': 'application/json' },
        body: JSON.stringify({ billerId: Number(id), isNotificationEnabled: true }),
      },
    );
    expect(response.status, await response.clone().text()).toBe(200);
    const billers = (await response.json()) as { billerId: number; isNotificationEnabled: boolean }[];
    expect(billers.find((b) => b.billerId === Number(id))?.isNotificationEnabled).toBe(true);
    expect((await billerFlags(account.agreementId))[0]).toBe(true);
    expect(await healthy()).toBe(true);
  });
});

describe('the transaction guard', () => {
  it('refuses, at once, a query on the outer entity manager inside its transaction', async () => {
    const em = fork();
    const outcome = em.transactional(async () => em.execute('select 1'));
    await expect(outcome).rejects.toThrow(OUTSIDE);
    await expect(outcome).rejects.toThrow(/The transaction began:\n\s+at .*embedded-transactions\.test\.ts/);
    expect(await healthy()).toBe(true); // nothing left holding the connection
  });

  it('refuses a new transaction on a fresh fork inside a transaction, and a query awaited by it', async () => {
    const nested = fork().transactional(async () => fork().transactional(async (inner) => inner.execute('select 1')));
    await expect(nested).rejects.toThrow(OUTSIDE);
    const awaited = fork().transactional(async (tx) => {
      await tx.execute('select 1');
      await fork().execute('select 2');
    });
    await expect(awaited).rejects.toThrow(OUTSIDE);
  });

  it('lets the transaction, its savepoints and, after it, the outer entity manager run', async () => {
    const em = fork();
    const inside = await em.transactional(async (tx) => {
      const [a] = await tx.execute<{ n: number }[]>('select 1 as n');
      const [b] = await tx.transactional((savepoint) => savepoint.execute<{ n: number }[]>('select 2 as n'));
      return [a.n, b.n];
    });
    expect(inside.map(Number)).toEqual([1, 2]);
    expect(await em.execute('select 1 as n')).toEqual([{ n: 1 }]);
  });

  it('lets another request wait for the connection while a transaction holds it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const holding = new Promise<void>((resolve) => (started = resolve));
    const first = fork().transactional(async (tx) => {
      await tx.execute('select 1');
      started();
      await held;
    });
    await holding;
    const second = fork().execute<{ n: number }[]>('select 2 as n'); // waits for the commit: not this scope's
    const health = healthy();
    release();
    await first;
    expect(await second).toEqual([{ n: 2 }]);
    expect(await health).toBe(true);
  });
});
