import pg from 'pg';
import { afterAll, afterEach } from 'vitest';

/**
 * Fails the integration test in which a query was handed to a pg connection that was still running another: what
 * `Promise.all` over one EntityManager does inside a transaction (one connection). node-postgres queues it and warns
 * "Calling client.query() when the client is already executing a query is deprecated and will be removed in pg@9.0",
 * but only when a third query queues behind a second one, and only once per process (util.deprecate): a warning
 * listener would miss most of them. So every query is checked as it is issued, on the client it is issued to.
 */

export interface OverlappingQuery {
  sql: string;
  /** Where it was issued (the application's frames of its async stack). */
  stack: string;
}

interface PgClientState {
  _activeQuery?: unknown;
  _queryQueue?: unknown[];
}

type Query = (this: PgClientState, ...args: unknown[]) => unknown;

const installed = Symbol.for('bank.tests.oneQueryAtATime');
type Registry = { [installed]?: { found: OverlappingQuery[] } };

function sqlOf(config: unknown): string {
  if (typeof config === 'string') return config;
  if (config && typeof config === 'object' && 'text' in config) return String(config.text);
  return String(config);
}

function applicationFrames(stack: string | undefined): string {
  return (stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line) && !/node_modules|node:|support\/one-query-at-a-time|new Promise/.test(line))
    .slice(0, 8)
    .join('\n');
}

/** The whole stack here: below the application's frames lie a few dozen of the ORM's, knex's and pg's. */
function stackHere(): string | undefined {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 100;
  try {
    return new Error().stack;
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** True while `client` runs a query or has queries waiting: a query issued now would wait behind them. */
export function isBusy(client: PgClientState): boolean {
  return (client._activeQuery !== null && client._activeQuery !== undefined) || (client._queryQueue?.length ?? 0) > 0;
}

/** Wraps pg's Client.prototype.query once per process; returns the list of overlapping queries found. */
export function watchOverlappingQueries(): OverlappingQuery[] {
  const registry = globalThis as Registry;
  if (registry[installed]) return registry[installed].found;
  const found: OverlappingQuery[] = [];
  const prototype = pg.Client.prototype as unknown as { query: Query };
  const query = prototype.query;
  prototype.query = function (this: PgClientState, ...args: unknown[]) {
    if (isBusy(this)) found.push({ sql: sqlOf(args[0]).slice(0, 200), stack: applicationFrames(stackHere()) });
    return query.apply(this, args);
  };
  registry[installed] = { found };
  return found;
}

/** Empties `found` and throws when it held any, naming each query and where it was issued. */
export function failOnOverlappingQueries(found: OverlappingQuery[], when: string): void {
  if (found.length === 0) return;
  const each = found.splice(0).map((one) => `- ${one.sql}\n${one.stack}`);
  throw new Error(
    `${each.length} quer${each.length === 1 ? 'y was' : 'ies were'} issued on a pg connection still running ` +
      `another (${when}): run them one after another on a transaction's EntityManager (no Promise.all), since ` +
      `pg@9 will reject it.\n${each.join('\n')}`,
  );
}

const found = watchOverlappingQueries();
// Whatever a file's hooks (a server's start-up, seeding) left behind is reported by its first test's check too.
afterEach(() => failOnOverlappingQueries(found, 'during this test'));
afterAll(() => failOnOverlappingQueries(found, 'in this file’s hooks'));
