import { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../config.js';
import { embeddedPool, startEmbeddedPostgres } from './embedded.js';
import { ormOptions } from './orm-config.js';

export interface Database {
  orm: MikroORM;
  /** True for the in-process PGlite database (one backend; in-memory pubsub). */
  embedded: boolean;
  close(): Promise<void>;
}

/** Opens the real PostgreSQL server named by DATABASE_URL, or the embedded one, and applies migrations. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  if (config.databaseUrl) {
    const orm = await MikroORM.init(ormOptions(config.databaseUrl, { pool: { min: 0, max: 10 } }));
    await orm.getMigrator().up();
    return { orm, embedded: false, close: () => orm.close(true) };
  }
  const embedded = await startEmbeddedPostgres(config.dataDir);
  const orm = await MikroORM.init(ormOptions(embedded.clientUrl, { pool: embeddedPool() }));
  await orm.getMigrator().up();
  return {
    orm,
    embedded: true,
    async close() {
      await orm.close(true);
      await embedded.stop();
    },
  };
}
