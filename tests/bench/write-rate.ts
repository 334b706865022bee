import { performance } from 'node:perf_hooks';

/** Runs one SQL statement on the bench's scratch database and answers its rows. */
export type QuerySql = <T extends object>(sql: string) => Promise<T[]>;

/** Where each table's rows stood before the day: the highest id of every table with one, or none for an empty table. */
export interface RowMarks {
  tables: { table: string; afterId: number }[];
}

/** What the day wrote, table by table (rows inserted: updates are not counted, on either side of the comparison). */
export interface WrittenRows {
  table: string;
  rows: number;
}

/** PostgreSQL's own write rate for the same rows: an `insert … select` of each table's new rows into a copy of it. */
export interface WriteRate {
  tables: (WrittenRows & { ms: number })[];
  rows: number;
  ms: number;
  rowsPerSecond: number;
}

/**
 * The tables of `public` with an integer `id` (every table a bank day inserts into has one, but `bank_day_step`,
 * whose rows are keyed by step, day and agreement), and the highest id of each now.
 */
export async function markRows(query: QuerySql): Promise<RowMarks> {
  const tables = await query<{ table_name: string }>(
    `select c.table_name from information_schema.columns c
     join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = 'public' and c.column_name = 'id' and c.data_type in ('integer', 'bigint')
       and t.table_type = 'BASE TABLE' and c.table_name not like 'bench_copy_%'
     order by c.table_name`,
  );
  const marks: RowMarks['tables'] = [];
  for (const { table_name: table } of tables) {
    const [row] = await query<{ max: string | null }>(`select max(id)::text as max from "${table}"`);
    marks.push({ table, afterId: Number(row.max ?? 0) });
  }
  return { tables: marks };
}

/** The rows inserted since `marks`, by table (the day's `bank_day_step` rows are those of `businessDate`). */
export async function rowsWritten(
  query: QuerySql,
  marks: RowMarks,
  businessDate: string,
  /** Tables left out (written by work whose time is not measured). */
  except: readonly string[] = [],
): Promise<WrittenRows[]> {
  const written: WrittenRows[] = [];
  for (const { table, afterId } of marks.tables.filter((m) => !except.includes(m.table))) {
    const [row] = await query<{ n: string }>(`select count(*)::text as n from "${table}" where id > ${afterId}`);
    if (Number(row.n) > 0) written.push({ table, rows: Number(row.n) });
  }
  const [steps] = await query<{ n: string }>(
    `select count(*)::text as n from bank_day_step where business_date = '${businessDate}'`,
  );
  if (Number(steps.n) > 0) written.push({ table: 'bank_day_step', rows: Number(steps.n) });
  return written;
}

/** The rows the day wrote to `table`: its steps by business date, any other table's past the mark taken before it. */
function dayRowsWhere(table: string, marks: RowMarks, businessDate: string): string {
  return table === 'bank_day_step'
    ? `business_date = '${businessDate}'`
    : `id > ${marks.tables.find((m) => m.table === table)!.afterId}`;
}

/**
 * Issue 23 item 2's yardstick: how fast PostgreSQL itself writes the rows the day wrote, in the same database and
 * run. Each table's new rows are inserted in one statement into a fresh copy of the table with its defaults, checks
 * and indexes (`like … including all`; no foreign keys, which the copy's rows would satisfy anyway), each in its own
 * transaction, and the copies are dropped. The day's rate over this one is the share of PostgreSQL's write rate the
 * day reaches.
 */
export async function postgresWriteRate(
  query: QuerySql,
  marks: RowMarks,
  businessDate: string,
  written: readonly WrittenRows[],
): Promise<WriteRate> {
  const tables: WriteRate['tables'] = [];
  for (const { table, rows } of written) {
    const copy = `bench_copy_${table}`;
    const where = dayRowsWhere(table, marks, businessDate);
    await query(`drop table if exists "${copy}"`);
    await query(`create table "${copy}" (like "${table}" including all)`);
    // The source rows read once before, so the timed insert does not pay for reading them from disk first.
    await query(`select count(*) from "${table}" where ${where}`);
    const started = performance.now();
    await query(`insert into "${copy}" select * from "${table}" where ${where}`);
    tables.push({ table, rows, ms: performance.now() - started });
    await query(`drop table "${copy}"`);
  }
  const rows = tables.reduce((n, t) => n + t.rows, 0);
  const ms = tables.reduce((n, t) => n + t.ms, 0);
  return { tables, rows, ms, rowsPerSecond: ms > 0 ? rows / (ms / 1000) : 0 };
}

/** Runs `work` in one transaction on one connection, then rolls it back (whatever it wrote is undone). */
export type RolledBack = (work: (query: QuerySql) => Promise<void>) => Promise<void>;

/**
 * A second, labelled yardstick beside issue 23 item 2's (which stays the figure): the same rows inserted by PostgreSQL
 * into copies that also have each table's foreign keys (to the same tables the originals reference) and its insert
 * triggers (the ledger's balance check and balances: the same function, so the same pockets' balances are updated
 * again), in one transaction rolled back afterwards (balances as they were). What the day's writes cost PostgreSQL
 * with our schema's per-row work, without our statements, round trips and Node.
 */
export async function postgresWriteRateWithConstraints(
  rolledBack: RolledBack,
  marks: RowMarks,
  businessDate: string,
  written: readonly WrittenRows[],
): Promise<WriteRate> {
  const tables: WriteRate['tables'] = [];
  await rolledBack(async (query) => {
    for (const { table, rows } of written) {
      const copy = `bench_copy_${table}`;
      const where = dayRowsWhere(table, marks, businessDate);
      await query(`create table "${copy}" (like "${table}" including all)`);
      const keys = await query<{ name: string; def: string }>(
        `select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
         where conrelid = 'public."${table}"'::regclass and contype = 'f'`,
      );
      for (const key of keys) await query(`alter table "${copy}" add constraint "${copy}_${key.name}" ${key.def}`);
      // Row and statement triggers firing on insert (tgtype bit 2), on the copy instead of the table.
      const triggers = await query<{ def: string }>(
        `select pg_get_triggerdef(oid) as def from pg_trigger
         where tgrelid = 'public."${table}"'::regclass and not tgisinternal and (tgtype & 4) <> 0`,
      );
      for (const { def } of triggers) {
        const onCopy = def.replace(/ ON (public\.)?"?[a-z_]+"? /, ` ON public."${copy}" `);
        await query(onCopy.replace(/^CREATE TRIGGER "?([a-z_]+)"?/, `CREATE TRIGGER "${copy}_$1"`));
      }
      await query(`select count(*) from "${table}" where ${where}`);
      const started = performance.now();
      await query(`insert into "${copy}" select * from "${table}" where ${where}`);
      tables.push({ table, rows, ms: performance.now() - started });
    }
  });
  const rows = tables.reduce((n, t) => n + t.rows, 0);
  const ms = tables.reduce((n, t) => n + t.ms, 0);
  return { tables, rows, ms, rowsPerSecond: ms > 0 ? rows / (ms / 1000) : 0 };
}
