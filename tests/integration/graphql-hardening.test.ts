import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../server/src/graphql/hardening.js';
import { AGENT, MEMBER_TWO_ACCOUNTS, REPORTER } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let memberToken: string;
let reporterToken: string;

beforeAll(async () => {
  server = await startTestServer();
  memberToken = await server.token(...MEMBER_TWO_ACCOUNTS);
  reporterToken = await server.token(...REPORTER);
});
afterAll(() => server?.stop());

const INTROSPECTION = '{ __schema { queryType { name } } }';

function nested(levels: number): string {
  let query = 'username';
  for (let i = 1; i < levels; i += 1) query = `me { ${query} }`;
  return `{ ${query} }`;
}

describe('GraphQL hardening', () => {
  it('refuses introspection to a member and to strangers', async () => {
    for (const token of [memberToken, undefined]) {
      const { body } = await server.graphql(INTROSPECTION, {}, token);
      expect(body.data).toBeUndefined();
      expect(body.errors?.[0]).toMatchObject({
        message: 'Introspection is not allowed.',
        extensions: { code: 'FORBIDDEN' },
      });
    }
  });

  it('allows introspection to reporting and staff roles', async () => {
    for (const token of [reporterToken, await server.token(...AGENT)]) {
      const { body } = await server.graphql(INTROSPECTION, {}, token);
      expect(body.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    }
  });

  it('refuses a 20-level deep query before any resolver runs', async () => {
    const { body } = await server.graphql(nested(20), {}, reporterToken);
    expect(body.data).toBeUndefined();
    expect(body.errors?.some((e) => e.message.includes(`at most ${LIMITS.maxDepth} are allowed`))).toBe(true);
  });

  it('refuses a deep query built from fragments', async () => {
    const fragments = Array.from(
      { length: 15 },
      (_, i) => `fragment F${i} on Viewer { username ${i < 14 ? `...F${i + 1}` : ''} }`,
    );
    const { body } = await server.graphql(`{ me { ...F0 } } ${fragments.join(' ')}`, {}, reporterToken);
    // Fragments do not add depth by themselves; the operation is shallow and allowed.
    expect(body.errors).toBeUndefined();
  });

  it('refuses too many aliases', async () => {
    const aliases = Array.from(
      { length: LIMITS.maxAliases + 1 },
      (_, i) => `a${i}: clientSettings { appVersion }`,
    ).join(' ');
    const { body } = await server.graphql(`{ ${aliases} }`);
    expect(body.errors?.[0].message).toMatch(/aliases; at most 15 are allowed/);
  });

  it('refuses a document with too many tokens', async () => {
    const fields = Array.from({ length: LIMITS.maxTokens }, () => 'appVersion').join(' ');
    const { body } = await server.graphql(`{ clientSettings { ${fields} } }`);
    expect(body.errors?.[0].message).toMatch(/more th.. 2000 tokens/);
  });

  it('gives no field suggestions and no stack traces', async () => {
    const { body } = await server.graphql('{ clientSettings { appVersio } }');
    expect(body.errors?.[0].message).not.toMatch(/Did you mean/);
    expect(JSON.stringify(body)).not.toMatch(/stacktrace|at .*\.ts:\d+/i);
  });

  it('refuses a GET query without the CSRF preflight header', async () => {
    const response = await fetch(
      `${server.url}/graphql?query=${encodeURIComponent('{ clientSettings { appVersion } }')}`,
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/CSRF/i);
  });

  it('refuses a body over 100 kB', async () => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ clientSettings { appVersion } } # ${'x'.repeat(120_000)}` }),
    });
    expect(response.status).toBe(413);
  });

  it('sends security headers and a request id', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(await response.json()).toMatchObject({ status: 'ok' });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    expect(response.headers.get('x-request-id')).toMatch(/^[\w-]+$/);
  });
});
