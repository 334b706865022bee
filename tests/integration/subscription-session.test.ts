import type { Client } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenSocketClient, type TokenSocketClient } from '../../client/src/app/ws-client.js';
import { publishActivityAdded } from '../../server/src/modules/activity/index.js';
import { ManualClock } from '../support/clock.js';
import { realDatabaseUrl } from '../support/database.js';
import { MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * A subscription socket lives only as long as its session and its token (server/src/graphql/socket-session.ts):
 * checked on every subscribe and before every event, closed with 4401 when the session ends, told of a logout at
 * once through the event bus (across instances), and carried over to a renewed token by the client's socket.
 * Inactivity is 5 minutes here (shorter than the token's 15) so that each end can be reached on its own.
 */
const MINUTE = 60_000;
const env = { CHANGE_APPLIER_INTERVAL_MS: '0', INACTIVITY_SECONDS: '300' };

type Outcome = { data: unknown } | { errors: unknown } | { closed: number; reason: string };

interface Watch {
  outcomes: Outcome[];
  /** The next outcome not yet taken: a result, or the close of the socket. */
  take(): Promise<Outcome>;
  /** The next outcome not yet taken, if there is one now. */
  poll(): Outcome | undefined;
}

function watch(client: Client, query: string, variables?: Record<string, unknown>): Watch {
  const outcomes: Outcome[] = [];
  let wake: () => void = () => undefined;
  const push = (outcome: Outcome) => {
    outcomes.push(outcome);
    wake();
  };
  client.subscribe(
    { query, variables },
    {
      next: (result) => push(result.errors ? { errors: result.errors } : { data: result.data }),
      error: (error) => {
        const close = error as { code?: number; reason?: string };
        push(typeof close.code === 'number' ? { closed: close.code, reason: String(close.reason) } : { errors: error });
      },
      complete: () => undefined,
    },
  );
  let taken = 0;
  return {
    outcomes,
    async take() {
      while (outcomes.length <= taken) await new Promise<void>((resolve) => (wake = resolve));
      return outcomes[taken++];
    },
    poll: () => (outcomes.length > taken ? outcomes[taken++] : undefined),
  };
}

/** Waits for a condition, giving up after `limitMs` (the caller asserts it). */
const until = async (condition: () => boolean, limitMs = 10_000) => {
  const deadline = Date.now() + limitMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
};

const ACTIVITY = 'subscription($a: Int!) { activityAdded(accountId: $a) { activityId } }';
const STATUS = 'subscription($a: Int!) { queuedChangeStatus(accountId: $a) { stage } }';
const NEWS = 'subscription { sessionEvents { type reason } }';
const SESSION_ENDED = { closed: 4401, reason: 'Session ended' };
const TOKEN_EXPIRED = { closed: 4401, reason: 'Token expired' };

describe('subscription sockets end with their session', () => {
  const clock = new ManualClock();
  let server: TestServer;
  const sockets: TokenSocketClient[] = [];
  let account: { memberId: number; accountId: number; activityIds: number[] };
  let probes = 0;

  beforeAll(async () => {
    server = await startTestServer({ env, clock });
    const body = await server.signIn(...MEMBER_TWO_ACCOUNTS);
    const token = String(body.access_token);
    const memberId = Number(body.memberId);
    const list = await server.graphql<{ accountList: { accountId: number; status: string }[] }>(
      'query($m: Int!) { accountList(memberId: $m) { accountId status } }',
      { m: memberId },
      token,
    );
    const accountId = list.body.data!.accountList.find((a) => a.status === 'Active')!.accountId;
    const page = await server.graphql<{ activities: { items: { activityId: number }[] } }>(
      'query($m: Int!, $a: Int!) { activities(memberId: $m, accountId: $a) { items { activityId } } }',
      { m: memberId, a: accountId },
      token,
    );
    account = { memberId, accountId, activityIds: page.body.data!.activities.items.map((item) => item.activityId) };
    expect(account.activityIds.length).toBeGreaterThanOrEqual(4);
  });
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.client.dispose()));
    await server?.stop();
  });

  function socketOn(on: TestServer, authorization: () => string): TokenSocketClient {
    const socket = createTokenSocketClient({
      url: `${on.url.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      authorization,
      lazy: true,
    });
    sockets.push(socket);
    return socket;
  }

  async function signIn(on: TestServer = server) {
    const body = await on.signIn(...MEMBER_TWO_ACCOUNTS);
    return { token: String(body.access_token), refresh: String(body.refresh_token) };
  }

  /**
   * Publishes one of the account's activities (a different one each time) until the watch receives it or its socket
   * closes: the subscription may still be starting, and copies of earlier probes still on their way are skipped.
   */
  async function activityOutcome(live: Watch, on: TestServer = server): Promise<Outcome> {
    probes += 1;
    const activityId = account.activityIds[probes % account.activityIds.length];
    const answers = (outcome: Outcome) =>
      !('data' in outcome) ||
      (outcome.data as { activityAdded?: { activityId: number } }).activityAdded?.activityId === activityId;
    for (;;) {
      publishActivityAdded(on.app.services, account.accountId, activityId);
      await new Promise((resolve) => setTimeout(resolve, 50));
      for (let outcome = live.poll(); outcome; outcome = live.poll()) if (answers(outcome)) return outcome;
    }
  }

  const delivered = { data: { activityAdded: { activityId: expect.any(Number) } } };
  const touch = async (token: string) =>
    expect((await server.graphql('{ me { username } }', {}, token)).status).toBe(200);

  it('tells the tab, then closes the socket (4401) at logout, and delivers nothing more', async () => {
    const { token } = await signIn();
    const { client } = socketOn(server, () => `Bearer ${token}`);
    const news = watch(client, NEWS);
    const status = watch(client, STATUS, { a: account.accountId });
    const activity = watch(client, ACTIVITY, { a: account.accountId });
    expect(await status.take()).toEqual({ data: { queuedChangeStatus: { stage: 'NONE' } } });
    expect(await activityOutcome(activity)).toEqual(delivered);

    expect((await server.graphql('mutation { logout }', {}, token)).body).toEqual({ data: { logout: true } });
    // Published after the logout's news on the same bus: never delivered.
    expect(await activityOutcome(activity)).toEqual(SESSION_ENDED);
    expect(await status.take()).toEqual(SESSION_ENDED);
    // The tab heard why before the socket closed.
    expect(news.outcomes).toEqual([{ data: { sessionEvents: { type: 'ENDED', reason: 'logout' } } }, SESSION_ENDED]);
  });

  it('closes the socket (4401) when its access token expires, though the session is still active', async () => {
    const { token } = await signIn();
    const { client } = socketOn(server, () => `Bearer ${token}`);
    const activity = watch(client, ACTIVITY, { a: account.accountId });
    expect(await activityOutcome(activity)).toEqual(delivered);
    for (let i = 0; i < 3; i += 1) {
      clock.advance(4 * MINUTE);
      await touch(token); // active on HTTP: the session stays live
    }
    clock.advance(3 * MINUTE); // 15 minutes: the token has expired
    expect(await activityOutcome(activity)).toEqual(TOKEN_EXPIRED);
  });

  it('closes the socket (4401) after inactivity: delivering events is not activity', async () => {
    const { token } = await signIn();
    const { client } = socketOn(server, () => `Bearer ${token}`);
    const activity = watch(client, ACTIVITY, { a: account.accountId });
    expect(await activityOutcome(activity)).toEqual(delivered);
    clock.advance(3 * MINUTE);
    expect(await activityOutcome(activity)).toEqual(delivered);
    clock.advance(3 * MINUTE); // 6 minutes without a request
    expect(await activityOutcome(activity)).toEqual(SESSION_ENDED);
  });

  it('keeps delivering while the session is active on HTTP (the socket reads the session again)', async () => {
    const { token } = await signIn();
    const { client } = socketOn(server, () => `Bearer ${token}`);
    const activity = watch(client, ACTIVITY, { a: account.accountId });
    expect(await activityOutcome(activity)).toEqual(delivered);
    clock.advance(3 * MINUTE);
    await touch(token);
    clock.advance(3 * MINUTE); // 6 minutes since the socket read the session, 3 since the last request
    expect(await activityOutcome(activity)).toEqual(delivered);
  });

  it('refuses a new subscription on a socket whose session has ended, and closes it (4401)', async () => {
    const { token } = await signIn();
    const { client } = socketOn(server, () => `Bearer ${token}`);
    const first = watch(client, STATUS, { a: account.accountId });
    expect(await first.take()).toEqual({ data: { queuedChangeStatus: { stage: 'NONE' } } });
    clock.advance(6 * MINUTE); // inactive; no event has come since
    const second = watch(client, STATUS, { a: account.accountId });
    expect(await second.take()).toEqual(SESSION_ENDED);
    expect(await first.take()).toEqual(SESSION_ENDED);
  });

  it('carries a live user over to the renewed token: the socket reconnects and keeps delivering', async () => {
    const session = await signIn();
    let token = session.token;
    let connections = 0;
    const socket = createTokenSocketClient({
      url: `${server.url.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      authorization: () => `Bearer ${token}`,
      lazy: true,
      on: { connected: () => (connections += 1) },
    });
    sockets.push(socket);
    const activity = watch(socket.client, ACTIVITY, { a: account.accountId });
    expect(await activityOutcome(activity)).toEqual(delivered);
    for (let i = 0; i < 3; i += 1) {
      clock.advance(4 * MINUTE);
      await touch(token);
    }
    clock.advance(2 * MINUTE); // 14 minutes: the client renews its token a minute before it expires
    const response = await fetch(`${server.url}/Token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: session.refresh }),
    });
    token = String(((await response.json()) as { access_token: unknown }).access_token);
    socket.tokenChanged(); // as the app does whenever its session store changes
    await until(() => connections === 2);
    expect(connections).toBe(2); // reconnected with the renewed token
    clock.advance(2 * MINUTE); // 16 minutes: the first token has expired, the renewed one has not
    expect(await activityOutcome(activity)).toEqual(delivered);
    expect(activity.outcomes.every((outcome) => 'data' in outcome)).toBe(true); // never closed meanwhile
  });

  describe.skipIf(!realDatabaseUrl)('on two instances sharing the database', () => {
    let second: TestServer;
    beforeAll(async () => {
      second = await startTestServer({ env, clock, reset: false });
    });
    afterAll(async () => {
      await second?.stop();
    });

    it('a logout through one instance closes the session’s sockets on the other', async () => {
      const { token } = await signIn(server);
      const { client } = socketOn(second, () => `Bearer ${token}`);
      const news = watch(client, NEWS);
      const status = watch(client, STATUS, { a: account.accountId });
      const activity = watch(client, ACTIVITY, { a: account.accountId });
      expect(await status.take()).toEqual({ data: { queuedChangeStatus: { stage: 'NONE' } } });
      expect(await activityOutcome(activity, server)).toEqual(delivered); // published by the first, across

      expect((await server.graphql('mutation { logout }', {}, token)).body).toEqual({ data: { logout: true } });
      expect(await activityOutcome(activity, server)).toEqual(SESSION_ENDED);
      expect(news.outcomes).toEqual([{ data: { sessionEvents: { type: 'ENDED', reason: 'logout' } } }, SESSION_ENDED]);
    });
  });
});
