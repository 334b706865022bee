import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { entities } from './entities.js';

/**
 * The MikroORM options shared by the server, scripts and tests; only the connection differs. The migrator is not an
 * extension here and the migrations are not listed: `migrations.ts` loads both when there is something to migrate
 * (`migratorOf`, `applyMigrations`).
 */
export function ormOptions(clientUrl: string, overrides: Partial<Options> = {}): Options {
  return defineConfig({
    clientUrl,
    entities,
    discovery: { disableDynamicFileAccess: true, requireEntitiesArray: true },
    migrations: {
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      path: 'migrations',
      pathTs: 'migrations',
    },
    forceUtcTimezone: true,
    allowGlobalContext: false,
    debug: false,
    ...overrides,
  });
}
