import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_REUSE_GRACE_MS } from '../../server/src/modules/auth/session.rules.js';
import { createSsoToken } from '../../server/src/modules/auth/sso.js';
import { ManualClock } from '../support/clock.js';
import { AGENT, MANAGER, MEMBER_NO_ACCOUNT, MEMBER_TWO_ACCOUNTS, REPORTER } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';

const SSO_SECRET = 'institution-7-secret';
const clock = new ManualClock();
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    clock,
    env: {
      LOGIN_THROTTLE_PER_ACCOUNT_ADDRESS: '3',
      SSO_SECRETS: JSON.stringify({ '7': SSO_SECRET }),
      WINDOWS_LOGIN_HEADER: 'X-Remote-User',
      WINDOWS_LOGIN_PROXY_SECRET: 'proxy-secret',
    },
  });
});
afterAll(() => server?.stop());

async function postToken(fields: Record<string, string>) {
  const response = await fetch(`${server.url}/Token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('POST /Token', () => {
  it.each([
    [AGENT, ['AGENT'], null],
    [MANAGER, ['MANAGER'], null],
    [REPORTER, ['REPORTER'], null],
  ])('signs staff %s in with their roles', async ([username, password], roles, memberId) => {
    const { status, body } = await postToken({ grant_type: 'password', username, password });
    expect(status).toBe(200);
    expect(body).toMatchObject({ token_type: 'bearer', userName: username, roles, memberId });
    expect(body.expires_in).toBe(900);
    expect(typeof body.refresh_token).toBe('string');
  });

  it('signs a member in with their member number and answers their memberId', async () => {
    const { body } = await postToken({
      grant_type: 'password',
      username: MEMBER_TWO_ACCOUNTS[0],
      password: MEMBER_TWO_ACCOUNTS[1],
    });
    expect(body).toMatchObject({ userName: '100001', displayName: 'Olivia Nguyen', roles: ['MEMBER'] });
    expect(body.memberId).toEqual(expect.any(Number));
  });

  it('gives an unknown user and a wrong password the same answer', async () => {
    const unknown = await postToken({ grant_type: 'password', username: '999999', password: 'whatever' });
    const wrong = await postToken({ grant_type: 'password', username: MEMBER_NO_ACCOUNT[0], password: 'wrong-pass' });
    expect(unknown).toEqual(wrong);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      error: 'invalid_grant',
      error_description: 'The member number or password is incorrect.',
    });
  });

  it('throttles an account after repeated failures, even with the right password', async () => {
    for (let i = 0; i < 3; i += 1) await postToken({ grant_type: 'password', username: 'manager', password: 'nope' });
    const blocked = await postToken({ grant_type: 'password', username: MANAGER[0], password: MANAGER[1] });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error_description).toMatch(/Too many failed sign-in attempts/);
    clock.advance(16 * 60 * 1000);
    const later = await postToken({ grant_type: 'password', username: MANAGER[0], password: MANAGER[1] });
    expect(later.status).toBe(200);
  });

  it('refuses an unsupported grant type', async () => {
    const { status, body } = await postToken({ grant_type: 'client_credentials' });
    expect(status).toBe(400);
    expect(body.error).toBe('unsupported_grant_type');
  });
});

describe('sessions', () => {
  it('rotates refresh tokens and revokes the session when a used one comes back after the grace', async () => {
    const first = await postToken({ grant_type: 'password', username: AGENT[0], password: AGENT[1] });
    const second = await postToken({ grant_type: 'refresh_token', refresh_token: String(first.body.refresh_token) });
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.body.refresh_token);
    expect((await server.graphql('{ me { username } }', {}, String(second.body.access_token))).body.data).toEqual({
      me: { username: 'agent' },
    });

    // Again within the grace: a twin refresh (another tab) gets the same pair; after it, a replay.
    const twin = await postToken({ grant_type: 'refresh_token', refresh_token: String(first.body.refresh_token) });
    expect(twin).toEqual(second);
    clock.advance(REFRESH_REUSE_GRACE_MS + 1);
    const replay = await postToken({ grant_type: 'refresh_token', refresh_token: String(first.body.refresh_token) });
    expect(replay.status).toBe(400);
    // The reuse ended the whole session: the newest tokens are dead too.
    const afterReuse = await postToken({
      grant_type: 'refresh_token',
      refresh_token: String(second.body.refresh_token),
    });
    expect(afterReuse.status).toBe(400);
    const me = await server.graphql('{ me { username } }', {}, String(second.body.access_token));
    expect(me.body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('ends the session on logout: the access token stops working at once', async () => {
    const token = await server.token(...AGENT);
    expect((await server.graphql('mutation { logout }', {}, token)).body.data).toEqual({ logout: true });
    const me = await server.graphql('{ me { username } }', {}, token);
    expect(me.body.errors?.[0]).toMatchObject({
      message: 'This session has timed out. Please login again to access the system.',
      extensions: { code: 'UNAUTHENTICATED' },
    });
  });

  it('times a session out after 20 minutes without activity, even with a fresh refresh token', async () => {
    const session = await postToken({ grant_type: 'password', username: REPORTER[0], password: REPORTER[1] });
    clock.advance(21 * 60 * 1000);
    const refreshed = await postToken({
      grant_type: 'refresh_token',
      refresh_token: String(session.body.refresh_token),
    });
    expect(refreshed.status).toBe(400);
    expect(refreshed.body.error_description).toBe(
      'This session has timed out. Please login again to access the system.',
    );
  });

  it('expires access tokens after 15 minutes, and the refresh gives a working one', async () => {
    const session = await postToken({ grant_type: 'password', username: AGENT[0], password: AGENT[1] });
    clock.advance(10 * 60 * 1000);
    const active = await server.graphql('{ me { username } }', {}, String(session.body.access_token));
    expect(active.body.data).toEqual({ me: { username: 'agent' } });
    clock.advance(6 * 60 * 1000);
    const expired = await server.graphql('{ me { username } }', {}, String(session.body.access_token));
    expect(expired.body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const refreshed = await postToken({
      grant_type: 'refresh_token',
      refresh_token: String(session.body.refresh_token),
    });
    expect((await server.graphql('{ me { username } }', {}, String(refreshed.body.access_token))).body.data).toEqual({
      me: { username: 'agent' },
    });
  });

  it('ends every session at its absolute limit (12 hours), however active', async () => {
    const start = clock.now().getTime();
    let grant = await postToken({ grant_type: 'password', username: AGENT[0], password: AGENT[1] });
    for (;;) {
      clock.advance(10 * 60 * 1000);
      const next = await postToken({ grant_type: 'refresh_token', refresh_token: String(grant.body.refresh_token) });
      if (next.status !== 200) break;
      grant = next;
      // a request is activity (a renewal alone is not): the session never goes idle
      const me = await server.graphql('{ me { username } }', {}, String(grant.body.access_token));
      expect(me.body.data).toEqual({ me: { username: 'agent' } });
    }
    expect(clock.now().getTime() - start).toBeGreaterThanOrEqual(12 * 60 * 60 * 1000);
  });
});

describe('single sign-on', () => {
  const sso = (token: string, id = '7') => postToken({ grant_type: 'sso', username: `${token}|${id}` });
  const seconds = () => Math.floor(clock.now().getTime() / 1000);

  it('signs a member in with a token signed by their institution', async () => {
    const { status, body } = await sso(createSsoToken('100001', SSO_SECRET, seconds() + 60));
    expect(status).toBe(200);
    expect(body).toMatchObject({ userName: '100001', roles: ['MEMBER'] });
  });

  it('accepts a token once: a replay is refused, and of concurrent uses exactly one signs in', async () => {
    const token = createSsoToken('100001', SSO_SECRET, seconds() + 90); // another token than the test above's
    expect((await sso(token)).status).toBe(200);
    const replay = await sso(token);
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ error_code: 1, error_description: 'The sign-on token has already been used.' });

    const fresh = createSsoToken('100001', SSO_SECRET, seconds() + 91);
    const answers = await Promise.all(Array.from({ length: 8 }, () => sso(fresh)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400, 400, 400, 400, 400, 400]);
  });

  it.each([
    ['an expired token', () => createSsoToken('100001', SSO_SECRET, seconds() - 1), '7', 5],
    ['a token signed with another secret', () => createSsoToken('100001', 'forged', seconds() + 60), '7', 1],
    ['an unknown member', () => createSsoToken('999999', SSO_SECRET, seconds() + 60), '7', 4],
    ['an unknown institution', () => createSsoToken('100001', SSO_SECRET, seconds() + 60), '8', 6],
  ])('refuses %s with its error code', async (_name, make, id, code) => {
    const { status, body } = await sso(make(), id);
    expect(status).toBe(400);
    expect(body.error_code).toBe(code);
    expect(typeof body.error_description).toBe('string');
  });
});

describe('GET /api/authentication/windowslogin', () => {
  const windows = (headers: Record<string, string>) =>
    fetch(`${server.url}/api/authentication/windowslogin`, { headers }).then(async (r) => ({
      status: r.status,
      body: (await r.json()) as Record<string, unknown>,
    }));

  it('signs staff in when the trusted proxy vouches with its secret', async () => {
    const { status, body } = await windows({ 'x-proxy-secret': 'proxy-secret', 'x-remote-user': 'BANK\\agent' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ userName: 'agent', roles: ['AGENT'] });
  });

  it.each([
    ['without the proxy secret', { 'x-remote-user': 'agent' }],
    ['with a wrong proxy secret', { 'x-proxy-secret': 'guess', 'x-remote-user': 'agent' }],
    ['for a member', { 'x-proxy-secret': 'proxy-secret', 'x-remote-user': '100001' }],
  ])('refuses %s', async (_name, headers) => {
    expect((await windows(headers)).status).toBe(401);
  });
});
