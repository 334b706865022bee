import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { loadConfig } from '../config.js';
import { embeddedPool, startEmbeddedPostgres } from '../database/embedded.js';
import { ormOptions } from '../database/orm-config.js';
import { checkLedger, formatLedgerReport } from '../modules/ledger/index.js';

/**
 * `npm run check:ledger`: verifies, on DATABASE_URL or the embedded database, that every ledger transaction sums
 * to zero and that every stored figure agrees with the ledger. Prints a summary; exits 1 on any violation.
 */
const config = loadConfig();
const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir);
const orm = await MikroORM.init(
  ormOptions(config.databaseUrl ?? embedded!.clientUrl, { pool: embedded ? embeddedPool() : { min: 0, max: 1 } }),
);
let ok = false;
try {
  const report = await checkLedger(orm.em.fork());
  console.log(formatLedgerReport(report));
  ok = report.ok;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await orm.close(true);
  await embedded?.stop();
}
process.exit(ok ? 0 : 1);
