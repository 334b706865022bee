import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { runSql } from './bulk.js';

/**
 * A constant SQL text run as a named prepared statement: PostgreSQL parses and plans it once per connection (and,
 * after five runs, may keep one generic plan) instead of on every call. `em.execute` inlines the parameters into
 * the text, so each call is a new statement, parsed and planned anew: for the member pages' account statement
 * with the overview's four aggregates that planning took about as long as running it (issue 13 item 8).
 *
 * Only for texts that never change between calls (the name is the text's hash): a text with values written into
 * it would leave a prepared statement per value on every connection. Parameters are `?`, as for `em.execute`.
 * A named statement lives in its connection's session; the embedded database's single backend outlives the
 * connections made to it, so its pool starts each connection without any (embedded.ts, `embeddedPool`).
 */
export async function runPrepared<T = Record<string, unknown>>(
  em: EntityManager,
  sql: string,
  params: unknown[],
): Promise<T[]> {
  return runSql<T>(em, sql, params, statementName(sql));
}

const names = new Map<string, string>();

/** The statement's name: stable for a text, different for different texts (PostgreSQL keeps 63 bytes of it). */
export function statementName(sql: string): string {
  let name = names.get(sql);
  if (name === undefined) {
    name = `p_${createHash('sha256').update(sql).digest('hex').slice(0, 32)}`;
    names.set(sql, name);
  }
  return name;
}
