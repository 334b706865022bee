import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_REUSE_GRACE_MS } from '../../server/src/modules/auth/session.rules.js';
import { ManualClock } from '../support/clock.js';
import { AGENT } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Sessions (issue 21 item 6): two tabs renewing with one refresh token at once keep the session (one new pair for
 * all, within a short grace; a replay after it still ends the session); and only the person's actions count as
 * activity, told by X-Idle-Seconds (a timer's renewal or refetch leaves it growing).
 */

const MINUTE = 60_000;
const TIMED_OUT = 'This session has timed out. Please login again to access the system.';
const clock = new ManualClock();
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ clock });
});
afterAll(() => server?.stop());

interface Grant {
  status: number;
  body: Record<string, unknown>;
}

async function postToken(fields: Record<string, string>, idleSeconds?: number): Promise<Grant> {
  const response = await fetch(`${server.url}/Token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(idleSeconds === undefined ? {} : { 'x-idle-seconds': String(idleSeconds) }),
    },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const signIn = () => postToken({ grant_type: 'password', username: AGENT[0], password: AGENT[1] });
const refresh = (grant: Grant, idleSeconds?: number) =>
  postToken({ grant_type: 'refresh_token', refresh_token: String(grant.body.refresh_token) }, idleSeconds);

/** A request of the portal with the tab's idle seconds (none: an old client's request). */
async function me(grant: Grant, idleSeconds?: number): Promise<string> {
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${String(grant.body.access_token)}`,
      ...(idleSeconds === undefined ? {} : { 'x-idle-seconds': String(idleSeconds) }),
    },
    body: JSON.stringify({ query: '{ me { username } }' }),
  });
  const body = (await response.json()) as { data?: { me: { username: string } }; errors?: { message: string }[] };
  return body.data?.me.username ?? body.errors?.[0]?.message ?? 'no answer';
}

describe('twin refreshes (two tabs of one session)', () => {
  it('answers 10 concurrent refreshes with one new pair that works', async () => {
    const session = await signIn();
    const answers = await Promise.all(Array.from({ length: 10 }, () => refresh(session, 0)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    const pairs = new Set(answers.map((answer) => `${answer.body.access_token} ${answer.body.refresh_token}`));
    expect(pairs.size).toBe(1);
    expect(await me(answers[0], 0)).toBe('agent');
    const next = await refresh(answers[0], 0);
    expect(next.status).toBe(200);
    expect(await me(next, 0)).toBe('agent');
  });

  it('answers a twin within the grace with the same pair, and ends the session on a replay after it', async () => {
    const session = await signIn();
    const first = await refresh(session, 0);
    clock.advance(REFRESH_REUSE_GRACE_MS - 1_000);
    const twin = await refresh(session, 0);
    expect(twin).toEqual(first);
    clock.advance(2_000);
    const replay = await refresh(session, 0);
    expect(replay).toMatchObject({ status: 400, body: { error_description: TIMED_OUT } });
    // The replay ended the session: the pair it had given is dead too.
    expect(await me(first, 0)).toBe(TIMED_OUT);
    expect((await refresh(first, 0)).status).toBe(400);
  });
});

describe('inactivity: only the person’s actions count', () => {
  /** Seconds since `since`, as an idle tab tells them. */
  const idleSince = (since: Date) => Math.floor((clock.now().getTime() - since.getTime()) / 1000);

  it('times out an idle tab whose timer renews the token (the renewal is not activity)', async () => {
    const start = clock.now();
    let grant = await signIn();
    clock.advance(14 * MINUTE);
    grant = await refresh(grant, idleSince(start)); // the tab's timer: nobody has touched it since sign-in
    expect(grant.status).toBe(200);
    expect(grant.body.inactivityExpires).toBe(new Date(start.getTime() + 20 * MINUTE).toISOString());
    clock.advance(5 * MINUTE);
    expect(await me(grant, idleSince(start))).toBe('agent'); // a background refetch: allowed, and not activity
    clock.advance(1 * MINUTE + 1_000);
    expect(await me(grant, idleSince(start))).toBe(TIMED_OUT);
    expect((await refresh(grant, idleSince(start))).status).toBe(400);
  });

  it('keeps the session of a person who acted, told with the renewal', async () => {
    const start = clock.now();
    let grant = await signIn();
    clock.advance(14 * MINUTE);
    grant = await refresh(grant, 4 * 60); // they clicked at minute 10
    expect(grant.body.inactivityExpires).toBe(new Date(start.getTime() + 30 * MINUTE).toISOString());
    clock.advance(14 * MINUTE); // minute 28: 18 minutes after that click, 28 after sign-in
    expect(await me(grant, 18 * 60)).toBe('agent');
    clock.advance(2 * MINUTE + 1_000); // 20 minutes and a second after the click
    expect((await refresh(grant, 20 * 60 + 1)).status).toBe(400);
  });

  it('counts a keystroke told late (the tab made no request), but never one after the session was over', async () => {
    const typing = await signIn();
    clock.advance(25 * MINUTE);
    const kept = await refresh(typing, 6 * 60); // they typed at minute 19, before the limit
    expect(kept.status).toBe(200);
    const late = await signIn();
    clock.advance(25 * MINUTE);
    expect((await refresh(late, 60)).status).toBe(400); // minute 24: the session had ended at 20
  });

  it('counts a request without the header as activity (old clients), and a refresh without it as none', async () => {
    let old = await signIn();
    clock.advance(14 * MINUTE);
    expect(await me(old)).toBe('agent');
    old = await refresh(old);
    clock.advance(14 * MINUTE); // minute 28: alive thanks to the request at 14
    expect(await me(old)).toBe('agent');
    const timer = await signIn();
    clock.advance(14 * MINUTE);
    const renewed = await refresh(timer);
    expect(renewed.status).toBe(200);
    clock.advance(7 * MINUTE);
    expect((await refresh(renewed)).status).toBe(400);
  });
});
