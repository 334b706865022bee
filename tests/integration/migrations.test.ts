import { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ormOptions } from '../../server/src/database/orm-config.js';
import { migratorOf, pendingMigrations } from '../../server/src/database/migrations.js';
import { migrations as migrationFiles } from '../../migrations/index.js';
import { createScratchDatabase, databaseUrl } from './ledger-fixture.js';

interface Catalog {
  tables: string[];
  functions: string[];
  triggers: string[];
}

async function catalog(orm: MikroORM): Promise<Catalog> {
  const em = orm.em.fork();
  const tables = await em.execute<{ name: string }[]>(
    `select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const functions = await em.execute<{ name: string }[]>(
    `select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public' and p.proname like 'ledger%' order by 1`,
  );
  const triggers = await em.execute<{ name: string }[]>(
    `select t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
     join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and not t.tgisinternal order by 1`,
  );
  return {
    tables: tables.map((r) => r.name),
    functions: functions.map((r) => r.name),
    triggers: triggers.map((r) => r.name),
  };
}

describe.skipIf(!databaseUrl)('migrations on an empty PostgreSQL', () => {
  let orm: MikroORM;
  let drop: () => Promise<void>;
  let applied: Catalog;

  beforeAll(async () => {
    const scratch = await createScratchDatabase('migrations');
    drop = scratch.drop;
    const options = ormOptions(scratch.url, { pool: { min: 0, max: 2 } });
    orm = await MikroORM.init({ ...options, migrations: { ...options.migrations, silent: true } });
  });

  afterAll(async () => {
    await orm?.close(true);
    await drop?.();
  });

  it('go up: every table, the ledger triggers and the reference data', async () => {
    expect(await pendingMigrations(orm)).toEqual(migrationFiles.map((migration) => migration.name));
    const migrations = await (await migratorOf(orm)).up();
    expect(await pendingMigrations(orm)).toEqual([]);
    expect(migrations.length).toBeGreaterThanOrEqual(2);
    applied = await catalog(orm);
    expect(applied.tables).toEqual(
      expect.arrayContaining([
        'ledger_transaction',
        'ledger_entry',
        'ledger_account',
        'bill',
        'bill_money_source',
        'biller',
        'billing_sub_category',
        'activity',
        'approval',
        'idempotency_record',
      ]),
    );
    expect(applied.functions).toEqual(['ledger_account_guard', 'ledger_entry_after_insert', 'ledger_refuse_change']);
    expect(applied.triggers).toEqual(
      expect.arrayContaining(['ledger_entry_immutable', 'ledger_entry_balances', 'ledger_transaction_immutable']),
    );
    const [counts] = await orm.em.fork().execute<{ categories: string; external: string }[]>(
      `select (select count(*) from billing_category) as categories,
                (select count(*) from ledger_account where kind = 5) as external`,
    );
    expect(counts).toEqual({ categories: '15', external: '1' });
  });

  it('match the entities (the schema diff is empty)', async () => {
    const diff = await orm.getSchemaGenerator().getUpdateSchemaSQL({ wrap: false });
    expect(diff.trim()).toBe('');
  });

  it('go down to an empty database, then up again to the same schema', async () => {
    await (await migratorOf(orm)).down({ to: 0 });
    const empty = await catalog(orm);
    expect(empty).toEqual({ tables: ['mikro_orm_migrations'], functions: [], triggers: [] });
    await (await migratorOf(orm)).up();
    expect(await catalog(orm)).toEqual(applied);
  });
});
