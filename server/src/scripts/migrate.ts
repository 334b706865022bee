import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { loadConfig } from '../config.js';
import { embeddedPool, startEmbeddedPostgres } from '../database/embedded.js';
import { ormOptions } from '../database/orm-config.js';
import { migratorOf } from '../database/migrations.js';

/** `npm run migrate [-- up|down|pending]`: on DATABASE_URL, or the embedded database. */
const command = process.argv[2] ?? 'up';
const config = loadConfig();
const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir);
const orm = await MikroORM.init(
  ormOptions(config.databaseUrl ?? embedded!.clientUrl, { pool: embedded ? embeddedPool() : { min: 0, max: 1 } }),
);
try {
  const migrator = await migratorOf(orm);
  if (command === 'up') console.log((await migrator.up()).map((m) => `applied ${m.name}`).join('\n') || 'up to date');
  else if (command === 'down') console.log((await migrator.down()).map((m) => `reverted ${m.name}`).join('\n'));
  else if (command === 'pending') console.log((await migrator.getPendingMigrations()).map((m) => m.name).join('\n'));
  else throw new Error(`Unknown command ${command}: use up, down or pending`);
} finally {
  await orm.close(true);
  await embedded?.stop();
}
