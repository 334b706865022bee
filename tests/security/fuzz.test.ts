import 'reflect-metadata';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restRoutes } from '../../server/src/rest/routes.js';
import { AGENT, MANAGER, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { loadOtherMember } from './cross-member.fixtures.js';
import { graphqlCases, queryString, restCases, type FuzzIds, type GraphQLCase, type RestCase } from './fuzz.js';

/**
 * Issue 13 §4, the permanent fuzzing test: every query and mutation of the running schema and every REST route,
 * with plausible and hostile values mixed (wrong types, missing fields, control characters, huge text,
 * out-of-range numbers, 3-decimal and negative amounts, malformed dates), as a member, staff and nobody.
 * Never a 5xx or INTERNAL_SERVER_ERROR; a refused call writes no row. FUZZ_RUNS=20000 for a long run
 * (`npm run bench -- fuzz` sets it); FUZZ_SEED replays a failure.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 600);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

/** Tables a refused call may touch by design: the session's last-seen time, sign-in throttling, secrets. */
const VOLATILE_TABLES = new Set([
  'auth_session',
  'auth_refresh_token',
  'auth_throttle',
  'app_secret',
  'mikro_orm_migrations',
]);

const CALLERS = [MEMBER_TWO_ACCOUNTS, AGENT, MANAGER, null] as const;

let server: TestServer;
let ids: FuzzIds;
let tokens: (string | undefined)[];
let fingerprintSql: string;

beforeAll(async () => {
  server = await startTestServer({ env: { CHANGE_APPLIER_INTERVAL_MS: '0' } });
  const em = server.app.database.orm.em.fork();
  const own = await loadOtherMember(em, MEMBER_TWO_ACCOUNTS[0]);
  ids = {
    ids: own.ids,
    accountNumber: own.accountNumber,
    linkedAccountNumber: own.linkedAccountNumber ?? '',
    today: server.app.services.clock.today(),
  };
  tokens = await Promise.all(CALLERS.map((who) => (who ? server.token(who[0], who[1]) : undefined)));
  const tables = await em.execute<{ name: string }[]>(
    `select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  // Rows and the transaction ids that last wrote them: any insert, update or delete changes the sum.
  fingerprintSql = `select ${tables
    .filter((t) => !VOLATILE_TABLES.has(t.name))
    .map((t) => `'${t.name}=' || (select count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) from "${t.name}")`)
    .join(` || ' ' || `)} as fingerprint`;
}, 60_000);
afterAll(() => server?.stop());

async function fingerprint(): Promise<string> {
  const [row] = await server.app.database.orm.em.fork().execute<{ fingerprint: string }[]>(fingerprintSql);
  return row.fingerprint;
}

interface Outcome {
  status: number;
  refused: boolean;
  internal: boolean;
  text: string;
}

async function sendGraphQL(request: GraphQLCase, token: string | undefined): Promise<Outcome> {
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query: request.document, variables: request.variables }),
  });
  const text = await response.text();
  let body: { data?: Record<string, unknown> | null; errors?: { extensions?: { code?: string } }[] } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // a non-JSON answer: judged by its status
  }
  const result = Object.values(body.data ?? {})[0] as Record<string, unknown> | null | undefined;
  const refusedAsData =
    !!result &&
    typeof result === 'object' &&
    ((Array.isArray(result.errors) && result.errors.length > 0) || result.ok === false || result.success === false);
  return {
    status: response.status,
    refused: response.status >= 400 || (body.errors?.length ?? 0) > 0 || refusedAsData || !body.data,
    internal: (body.errors ?? []).some((error) => error.extensions?.code === 'INTERNAL_SERVER_ERROR'),
    text,
  };
}

async function sendRest(request: RestCase, token: string | undefined): Promise<Outcome> {
  const search = queryString(request.query);
  const response = await fetch(`${server.url}${request.path}${search ? `?${search}` : ''}`, {
    method: request.method,
    headers: {
      ...(request.body === null ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: request.body === null ? undefined : JSON.stringify(request.body),
  });
  const text = await response.text();
  return { status: response.status, refused: response.status >= 400, internal: false, text };
}

/** The data's fingerprint after the last call (one scan per call: a refusal must leave it as it was). */
let last: string | null = null;

async function check(send: () => Promise<Outcome>, what: string, name: string, role: number): Promise<void> {
  const before = last ?? (await fingerprint());
  const outcome = await send();
  const context = `${what}\n→ ${outcome.status} ${outcome.text.slice(0, 400)}`;
  expect(outcome.status, context).toBeLessThan(500);
  expect(outcome.internal, context).toBe(false);
  last = await fingerprint();
  if (outcome.refused) {
    const after = new Set(last.split(' '));
    const changed = before.split(' ').filter((table) => !after.has(table));
    expect(changed, `a refusal wrote rows: ${context}`).toEqual([]);
  }
  // Logging out ends the caller's session: sign in again for the next cases.
  const who = CALLERS[role];
  if (/logout/i.test(name) && who) {
    tokens[role] = await server.token(who[0], who[1]);
    last = null;
  }
}

const caller = fc.integer({ min: 0, max: 3 });
const describeRequest = (value: unknown, role: number) =>
  `as ${['member', 'agent', 'manager', 'nobody'][role]}: ${JSON.stringify(value).slice(0, 1500)}`;

describe('fuzzing every operation and route', () => {
  it('never answers a GraphQL query or mutation with an internal error, and a refusal writes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(graphqlCases(server.app.schema, ids), caller, async (request, role) => {
        await check(() => sendGraphQL(request, tokens[role]), describeRequest(request, role), request.operation, role);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  }, 900_000);

  it('never answers a REST route with a 5xx, and a refusal writes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(restCases(restRoutes, ids), caller, async (request, role) => {
        await check(() => sendRest(request, tokens[role]), describeRequest(request, role), request.route, role);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  }, 900_000);
});
