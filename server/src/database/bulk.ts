import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Runs SQL with real bind parameters on the entity manager's transaction (or the pool). `em.execute` inlines
 * parameters into the SQL text client-side, which costs seconds (and much garbage) for megabyte-sized JSON rows.
 * With a `name`, as a named prepared statement (prepared.ts, runPrepared).
 */
export async function runSql<T = Record<string, unknown>>(
  em: EntityManager,
  sql: string,
  params: unknown[] = [],
  name?: string,
): Promise<T[]> {
  let query = em
    .getConnection()
    .getKnex()
    .raw(sql, params as never[]);
  if (name !== undefined) query = query.options({ name });
  const context = em.getTransactionContext();
  if (context) query = query.transacting(context);
  const result = (await query) as { rows?: T[] };
  return result.rows ?? [];
}

/**
 * Set-based writes without an ORM round trip per row: rows travel as one JSON parameter and are expanded by
 * `json_to_recordset`, so a statement carries any number of rows (no 65,535-parameter limit) and works the same
 * on PostgreSQL 15 and PGlite. Raw SQL runs on the entity manager, hence inside its transaction if it has one.
 */

/** A column of a bulk insert: its name (also the JSON key) and its SQL type. */
export interface BulkColumn {
  name: string;
  type: 'int' | 'smallint' | 'text' | 'text[]' | 'date' | 'timestamptz' | 'numeric' | 'boolean' | 'jsonb';
}

export type BulkRow = Record<string, string | number | boolean | null | string[] | Record<string, unknown> | undefined>;

/** Rows per statement: large enough to amortise the round trip, small enough to keep the JSON in memory cheap. */
export const BULK_CHUNK = 5000;

/** An `int[]` literal for `?::int[]` parameters. */
export function intArray(values: Iterable<number>): string {
  return `{${[...values].join(',')}}`;
}

/** Takes `count` values of a sequence in one statement (ids known before the rows are written). */
export async function allocateIds(em: EntityManager, sequence: string, count: number): Promise<number[]> {
  if (count <= 0) return [];
  if (!/^[a-z_][a-z0-9_]*$/.test(sequence)) throw new Error(`Not a sequence name: ${sequence}`);
  const rows = await runSql<{ id: number }>(
    em,
    `select nextval('${sequence}')::int as id from generate_series(1, ?::int)`,
    [count],
  );
  return rows.map((row) => Number(row.id));
}

/**
 * Takes values of several sequences in one statement (`counts`: how many of each sequence): one round trip where
 * `allocateIds` would take one per sequence. Answers each sequence's values in the order asked.
 */
export async function allocateIdsOf(
  em: EntityManager,
  counts: readonly { sequence: string; count: number }[],
): Promise<number[][]> {
  if (counts.every((c) => c.count <= 0)) return counts.map(() => []);
  for (const { sequence } of counts) {
    if (!/^[a-z_][a-z0-9_]*$/.test(sequence)) throw new Error(`Not a sequence name: ${sequence}`);
  }
  const [row] = await runSql<Record<string, number[]>>(
    em,
    `select ${counts
      .map((c, i) => `array(select nextval('${c.sequence}')::int from generate_series(1, ?::int)) as s${i}`)
      .join(', ')}`,
    counts.map((c) => Math.max(0, c.count)),
  );
  return counts.map((_, i) => (row[`s${i}`] ?? []).map(Number));
}

/** The id sequence of a table's serial primary key. */
export function idSequence(table: string): string {
  return `${table}_id_seq`;
}

function recordsetSql(table: string, columns: readonly BulkColumn[]): string {
  for (const column of [table, ...columns.map((c) => c.name)]) {
    if (!/^[a-z_][a-z0-9_]*$/.test(column)) throw new Error(`Not an identifier: ${column}`);
  }
  const names = columns.map((c) => `"${c.name}"`).join(', ');
  const types = columns.map((c) => `"${c.name}" ${c.type}`).join(', ');
  return `insert into "${table}" (${names}) select ${names} from json_to_recordset(?::json) as r(${types})`;
}

/** Inserts rows in chunks of BULK_CHUNK, one statement each. Returns the number of rows written. */
export async function insertRows(
  em: EntityManager,
  table: string,
  columns: readonly BulkColumn[],
  rows: readonly BulkRow[],
  chunk = BULK_CHUNK,
): Promise<number> {
  if (rows.length === 0) return 0;
  const sql = recordsetSql(table, columns);
  for (let start = 0; start < rows.length; start += chunk) {
    await runSql(em, sql, [JSON.stringify(rows.slice(start, start + chunk))]);
  }
  return rows.length;
}

/** Runs `work` in the entity manager's transaction, or in a new one when it has none. */
export async function inTransaction<T>(em: EntityManager, work: (tx: EntityManager) => Promise<T>): Promise<T> {
  if (em.isInTransaction()) return work(em);
  return em.transactional((tx) => work(tx));
}
