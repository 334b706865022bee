import { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../config.js';
import { applyMigrations } from './migrations.js';
import { embeddedPool, startEmbeddedPostgres } from './embedded.js';
import { ormOptions } from './orm-config.js';
import { guardTransactions } from './transaction-guard.js';

export interface Database {
  orm: MikroORM;
  /** True for the in-process PGlite database (one backend; in-memory pubsub). */
  embedded: boolean;
  close(): Promise<void>;
}

/**
 * Opens the real PostgreSQL server named by DATABASE_URL, or the embedded one, and applies migrations. A query
 * outside its open transaction fails at once (transaction-guard.ts): always on the embedded database, where it
 * would freeze the server, and outside production on PostgreSQL, so the tests on either database catch it.
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & { production?: boolean },
): Promise<Database> {
  if (config.databaseUrl) {
    const orm = await MikroORM.init(ormOptions(config.databaseUrl, { pool: { min: 0, max: 10 } }));
    if (!config.production) guardTransactions(orm);
    await applyMigrations(orm);
    return { orm, embedded: false, close: () => orm.close(true) };
  }
  const embedded = await startEmbeddedPostgres(config.dataDir);
  const orm = await MikroORM.init(ormOptions(embedded.clientUrl, { pool: embeddedPool() }));
  guardTransactions(orm);
  await applyMigrations(orm);
  return {
    orm,
    embedded: true,
    async close() {
      await orm.close(true);
      await embedded.stop();
    },
  };
}
