import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionTopic } from '../../server/src/modules/auth/session.events.js';
import { verifySignedToken, type AccessTokenPayload } from '../../server/src/modules/auth/token.js';
import { AGENT, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, TEST_TOKEN_SECRET, type TestServer } from '../support/server.js';

let server: TestServer;
const clients: Client[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.dispose()));
  await server?.stop();
});

function wsClient(token?: string): Client {
  const client = createClient({
    url: `${server.url.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
    lazy: true,
  });
  clients.push(client);
  return client;
}

function firstResult(client: Client, query: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const unsubscribe = client.subscribe(
      { query },
      {
        next: (value) => {
          resolve(value);
          unsubscribe();
        },
        error: (error) => {
          const close = error as { code?: number; reason?: string };
          resolve(typeof close.code === 'number' ? { closeCode: close.code, reason: close.reason } : { error });
        },
        complete: () => reject(new Error('completed without a result')),
      },
    );
  });
}

describe('graphql-ws subscriptions on /graphql', () => {
  it('pushes the end of a session to an open subscription of it', async () => {
    const token = await server.token(...AGENT);
    const client = wsClient(token);
    const event = firstResult(client, 'subscription { sessionEvents { type reason } }');
    // Two listeners on the session's topic: the socket's own (socket-session.ts) and the subscription's.
    const { sid } = verifySignedToken(token, TEST_TOKEN_SECRET) as AccessTokenPayload;
    await server.listening(sessionTopic(sid), 2);
    await server.graphql('mutation { logout }', {}, token);
    expect(await event).toEqual({ data: { sessionEvents: { type: 'ENDED', reason: 'logout' } } });
  });

  it('refuses a subscription without a session, with the same error as HTTP', async () => {
    const result = await firstResult(wsClient(), 'subscription { sessionEvents { type } }');
    expect(result).toMatchObject({ errors: [{ extensions: { code: 'UNAUTHENTICATED' } }] });
  });

  it('applies the depth limit and the introspection guard to subscriptions too', async () => {
    const token = await server.token(...MEMBER_TWO_ACCOUNTS);
    const introspection = await firstResult(wsClient(token), 'subscription { __schema { queryType { name } } }');
    expect(JSON.stringify(introspection)).toMatch(
      /Introspection is not allowed|Anonymous Subscription|only one top level field/,
    );
    let deep = 'type';
    for (let i = 0; i < 20; i += 1) deep = `sessionEvents { ${deep} }`;
    const tooDeep = await firstResult(wsClient(token), `subscription { ${deep} }`);
    expect(JSON.stringify(tooDeep)).toMatch(/levels deep/);
  });

  it('refuses a connection with a forged token', async () => {
    const result = await firstResult(wsClient('forged.token'), 'subscription { sessionEvents { type } }');
    expect(result).toEqual({ closeCode: 4403, reason: 'Forbidden' });
  });
});
