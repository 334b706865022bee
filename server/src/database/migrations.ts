import type { MikroORM } from '@mikro-orm/postgresql';
import { loadMigrations, migrations } from '../../../migrations/index.js';

/**
 * The ORM's migrator with the migrations' files, loaded when asked for: `@mikro-orm/migrations` (which every migration
 * file imports) brings umzug and its command-line libraries, about 0.3 s of every start-up (issue 23 item 6), and a
 * restart has nothing to migrate.
 */
export async function migratorOf(orm: MikroORM): Promise<ReturnType<MikroORM['getMigrator']>> {
  const { Migrator } = await import('@mikro-orm/migrations');
  orm.config.set('migrations', { ...orm.config.get('migrations'), migrationsList: await loadMigrations() });
  Migrator.register(orm);
  return orm.getMigrator();
}

/** Migrations of `migrations/index.ts` not yet recorded as applied (all of them on an empty database). */
export async function pendingMigrations(orm: MikroORM): Promise<string[]> {
  const em = orm.em.fork();
  const [table] = await em.execute<{ name: string | null }[]>(
    `select to_regclass('mikro_orm_migrations')::text as name`,
  );
  if (!table?.name) return migrations.map((migration) => migration.name);
  const applied = new Set(
    (await em.execute<{ name: string }[]>('select name from mikro_orm_migrations')).map((row) => row.name),
  );
  return migrations.map((migration) => migration.name).filter((name) => !applied.has(name));
}

/** Applies the pending migrations: one query when there is none, and the migrator is then not loaded at all. */
export async function applyMigrations(orm: MikroORM): Promise<void> {
  if ((await pendingMigrations(orm)).length === 0) return;
  await (await migratorOf(orm)).up();
}
