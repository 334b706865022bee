import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { systemClock } from '../shared/clock.js';
import { parseLocalDate } from '../shared/local-date.js';
import { loadConfig } from '../config.js';
import { embeddedPool, startEmbeddedPostgres } from '../database/embedded.js';
import { ormOptions } from '../database/orm-config.js';
import { applyMigrations } from '../database/migrations.js';
import { generateMembers } from '../seed/generator.js';
import { keepSeededDepositsMissing } from '../modules/core-banking/index.js';

/**
 * `npm run seed -- --members N [--batch 250] [--concurrency 2] [--today YYYY-MM-DD]`: adds N generated members (numbers from 200001)
 * with a year of history, on DATABASE_URL or the embedded database (migrated first). Prints rows per second.
 */
function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const members = Number(argument('members') ?? '1000');
const batchSize = Number(argument('batch') ?? '250');
if (!Number.isInteger(members) || members <= 0 || !Number.isInteger(batchSize) || batchSize <= 0) {
  console.error('Usage: npm run seed -- --members N [--batch 250] [--today YYYY-MM-DD]');
  process.exit(2);
}
const config = loadConfig();
const today = argument('today') ? parseLocalDate(argument('today')!) : systemClock(config.timeZone).today();
const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir);
const concurrency = config.databaseUrl ? Number(argument('concurrency') ?? '2') : 1;
const orm = await MikroORM.init(
  ormOptions(config.databaseUrl ?? embedded!.clientUrl, {
    pool: embedded ? embeddedPool(Math.max(1, concurrency)) : { min: 0, max: Math.max(1, concurrency) },
  }),
);
let failed = false;
try {
  await applyMigrations(orm);
  const where = config.databaseUrl ? 'DATABASE_URL' : `the embedded database in ${config.dataDir}`;
  console.log(`Generating ${members} members (today ${today}) on ${where}...`);
  const result = await generateMembers(orm.em.fork(), {
    members,
    today,
    batchSize,
    concurrency,
    onBatch: ({ members: done, rows, ms }) =>
      console.log(`  ${done}/${members} members, ${rows} rows, ${Math.round(rows / (ms / 1000))} rows/s`),
  });
  await keepSeededDepositsMissing(orm.em.fork());
  const seconds = result.ms / 1000;
  console.log(
    `Done: members ${result.firstMemberNumber}-${result.firstMemberNumber + result.members - 1}, ` +
      `${result.rows} rows in ${seconds.toFixed(1)} s (${Math.round(result.rows / seconds)} rows/s).`,
  );
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await orm.close(true);
  await embedded?.stop();
}
process.exit(failed ? 1 : 0);
