import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT, REPORTER } from '../support/demo.js';
import { realDatabaseUrl } from '../support/database.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Requests reuse a session row read lately (modules/auth/session-cache.ts). A logout must still end the session
 * at once on every instance: it evicts the row here and, through the event bus, on the others. Only a change
 * written behind the application's back waits for the cache to expire. On a real server: two instances need one.
 */
describe.skipIf(!realDatabaseUrl)('the session cache on two instances', () => {
  const LONG = { SESSION_CACHE_MS: String(10 * 60 * 1000) }; // so long that only an eviction can explain a refusal
  let first: TestServer;
  let second: TestServer;
  let uncached: TestServer;
  let admin: pg.Client;

  beforeAll(async () => {
    first = await startTestServer({ env: LONG });
    second = await startTestServer({ env: LONG, reset: false });
    uncached = await startTestServer({ env: { SESSION_CACHE_MS: '0' }, reset: false });
    admin = new pg.Client({ connectionString: realDatabaseUrl });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await uncached?.stop();
    await second?.stop();
    await first?.stop();
  });

  const me = async (server: TestServer, token: string) => {
    const { body } = await server.graphql<{ me: { username: string } }>('{ me { username } }', {}, token);
    return body.data?.me.username ?? body.errors?.[0].extensions?.code;
  };

  async function eventually(check: () => Promise<unknown>, expected: unknown, ms = 3000): Promise<unknown> {
    const deadline = Date.now() + ms;
    let value = await check();
    while (value !== expected && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      value = await check();
    }
    return value;
  }

  it('a logout through one instance ends the session on the other, whose cache held it', async () => {
    const token = await first.token(...AGENT);
    expect(await me(second, token)).toBe(AGENT[0]); // the second now keeps the session's row
    expect((await first.graphql('mutation { logout }', {}, token)).body.data).toEqual({ logout: true });
    expect(await me(first, token)).toBe('UNAUTHENTICATED'); // at once where it happened
    expect(await eventually(() => me(second, token), 'UNAUTHENTICATED')).toBe('UNAUTHENTICATED');
  });

  it('keeps a row for its time: a revocation written behind the app’s back shows where nothing is kept', async () => {
    const token = await second.token(...REPORTER);
    expect(await me(second, token)).toBe(REPORTER[0]);
    await admin.query(
      "update auth_session set revoked_at = now(), revoked_reason = 'test' where id = (select id from auth_session where revoked_at is null and user_id = (select id from app_user where username = $1) order by created_at desc limit 1)",
      [REPORTER[0]],
    );
    expect(await me(uncached, token)).toBe('UNAUTHENTICATED'); // reads the row on every request
    expect(await me(second, token)).toBe(REPORTER[0]); // still within its 10 minutes: the documented bound
  });
});
