import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { ormOptions } from '../database/orm-config.js';
import { migratorOf } from '../database/migrations.js';

/**
 * Writes a migration for the difference between the entities and a scratch database migrated to the latest
 * migration. Usage: DATABASE_URL=postgres://.../scratch npm run migration:create -- name
 */
const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to a scratch PostgreSQL database');
const orm = await MikroORM.init(ormOptions(url));
try {
  const migrator = await migratorOf(orm);
  await migrator.up();
  const result = await migrator.createMigration('migrations', false, false, process.argv[2]);
  console.log(result.fileName ? `Wrote migrations/${result.fileName}` : 'No changes');
} finally {
  await orm.close(true);
}
