import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../support/clock.js';
import { MEMBER_MISSED_DEPOSIT, MEMBER_NO_ACCOUNT, MEMBER_TWO_ACCOUNTS, MEMBER_RESIGNED } from '../support/demo.js';
import { realDatabaseUrl } from '../support/database.js';
import { subscribe, wsClient } from '../support/live.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Sign-in throttling under concurrency, shared by two instances on one PostgreSQL (as behind a load balancer),
 * with the default policy (modules/auth/README.md): 5 free attempts per account+address, 10 per account from
 * addresses not known to it (delays up to 60 s), then doubling delays. The clock stands still, so a delay never
 * runs out unless a test moves it. Neither instance is given TOKEN_SECRET, and each has its own DATA_DIR.
 */
describe.skipIf(!realDatabaseUrl)('sign-in throttling across two instances', () => {
  const clock = new ManualClock();
  const dataDirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'throttle-instance-')));
  let first: TestServer;
  let second: TestServer;
  const clients: Client[] = [];

  beforeAll(async () => {
    // The tests stand in for clients at many addresses behind a proxy on this machine (trusted-proxy.test.ts).
    const env = (dir: string) => ({ TOKEN_SECRET: '', DATA_DIR: dir, TRUST_PROXY: 'loopback' });
    first = await startTestServer({ clock, env: env(dataDirs[0]) });
    second = await startTestServer({ clock, env: env(dataDirs[1]), reset: false });
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.dispose()));
    await second?.stop();
    await first?.stop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  interface Answer {
    status: number;
    retryAfter: string | null;
    body: Record<string, unknown>;
  }

  async function postToken(server: TestServer, username: string, password: string, address: string): Promise<Answer> {
    const response = await fetch(`${server.url}/Token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
      body: new URLSearchParams({ grant_type: 'password', username, password }),
    });
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: (await response.json()) as Record<string, unknown>,
    };
  }

  const statuses = (answers: Answer[]) => answers.map((a) => a.status).sort();
  const burst = (count: number, attempt: (i: number) => Promise<Answer>) =>
    Promise.all(Array.from({ length: count }, (_, i) => attempt(i)));

  it('checks at most 5 of 20 concurrent wrong passwords, the same for an unknown user, and answers 429', async () => {
    const known = await burst(20, () => postToken(first, MEMBER_NO_ACCOUNT[0], 'wrong-pass', '10.1.0.1'));
    const unknown = await burst(20, () => postToken(first, '987654', 'wrong-pass', '10.1.0.2'));
    for (const answers of [known, unknown]) {
      expect(statuses(answers)).toEqual([...Array(5).fill(400), ...Array(15).fill(429)]);
      for (const answer of answers.filter((a) => a.status === 429)) {
        expect(answer.retryAfter).toBe('1');
        expect(answer.body).toEqual({
          error: 'too_many_attempts',
          error_description: 'Too many failed sign-in attempts. Please wait 1 second and try again.',
        });
      }
    }
    const bodies = (answers: Answer[]) => answers.map((a) => JSON.stringify(a.body)).sort();
    expect(bodies(known)).toEqual(bodies(unknown));
  });

  it('issues no token to a burst containing the right password once the limit is reached', async () => {
    const [username, password] = MEMBER_MISSED_DEPOSIT;
    // The right password last in a burst of 30: at most 5 of them are checked.
    const first30 = await burst(30, (i) => postToken(first, username, i === 29 ? password : 'wrong', '10.1.0.3'));
    expect(first30.filter((a) => a.status !== 429).length).toBe(5);
    const after = await burst(10, (i) => postToken(i % 2 ? second : first, username, password, '10.1.0.3'));
    expect(statuses(after)).toEqual(Array(10).fill(429));
    // A delay, not a lock-out: once it has run, the right password from here works again.
    clock.advance(Number(after[0].retryAfter) * 1000);
    expect((await postToken(second, username, password, '10.1.0.3')).status).toBe(200);
  });

  it('keeps the owner in from their own address while a flood of wrong passwords comes from elsewhere', async () => {
    const [username, password] = MEMBER_TWO_ACCOUNTS;
    expect((await postToken(first, username, password, '10.2.0.1')).status).toBe(200); // the owner's usual address
    const flood = await burst(60, (i) => postToken(i % 2 ? first : second, username, `guess-${i}`, `10.3.0.${i % 20}`));
    // Account-wide, the attackers' addresses get 10 guesses; then each one waits (up to a minute).
    expect(flood.filter((a) => a.status === 400).length).toBe(10);
    expect(flood.filter((a) => a.status === 429).length).toBe(50);

    expect((await postToken(first, username, password, '10.2.0.1')).status).toBe(200);
    expect((await postToken(second, username, password, '10.2.0.1')).status).toBe(200);
    // From an address new to the account: a short delay, never a lock-out.
    const elsewhere = await postToken(second, username, password, '10.2.0.2');
    expect(elsewhere.status).toBe(429);
    expect(Number(elsewhere.retryAfter)).toBeLessThanOrEqual(60);
    clock.advance(Number(elsewhere.retryAfter) * 1000);
    expect((await postToken(first, username, password, '10.2.0.2')).status).toBe(200);
  });

  it('counts 4 + 4 wrong passwords on the two instances together', async () => {
    const [username] = MEMBER_RESIGNED;
    const onFirst: Answer[] = [];
    const onSecond: Answer[] = [];
    for (let i = 0; i < 4; i += 1) onFirst.push(await postToken(first, username, `wrong-${i}`, '10.4.0.1'));
    for (let i = 0; i < 4; i += 1) onSecond.push(await postToken(second, username, `wrong-${i}`, '10.4.0.1'));
    expect(onFirst.map((a) => a.status)).toEqual([400, 400, 400, 400]);
    expect(onSecond.map((a) => a.status)).toEqual([400, 429, 429, 429]);
  });

  it('accepts a token issued by one instance on the other, over HTTP and graphql-ws', async () => {
    const session = await postToken(first, ...MEMBER_TWO_ACCOUNTS, '10.2.0.1');
    const token = String(session.body.access_token);
    const me = await second.graphql<{ me: { username: string } }>('{ me { username } }', {}, token);
    expect(me.body).toEqual({ data: { me: { username: MEMBER_TWO_ACCOUNTS[0] } } });

    const list = await second.graphql<{ accountList: { accountId: number }[] }>(
      'query($m: Int!) { accountList(memberId: $m) { accountId } }',
      { m: Number(session.body.memberId) },
      token,
    );
    const client = wsClient(second.url, token);
    clients.push(client);
    const live = subscribe<{ queuedChangeStatus: { stage: string } }>(
      client,
      'subscription($a: Int!) { queuedChangeStatus(accountId: $a) { stage } }',
      { a: list.body.data!.accountList[0].accountId },
    );
    const received = await live.waitFor((r) => r.data?.queuedChangeStatus.stage === 'NONE');
    expect(received[0].result).toEqual({ data: { queuedChangeStatus: { stage: 'NONE' } } });
  });
});
