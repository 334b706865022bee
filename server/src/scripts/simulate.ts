import 'reflect-metadata';
import { addDays, isLocalDate, todayIn, type LocalDate } from '../shared/local-date.js';
import { createLogger } from '../common/logger.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../database/database.js';
import { memoryEventBus } from '../graphql/event-bus.js';
import { describeSimulatedDay, simulateDay, SimulationClock } from '../modules/core-banking/index.js';
import { createServices } from '../services.js';

/**
 * `npm run simulate -- --check ...`: the checked run on a fresh database (simulation/check-command.ts, README there).
 *
 * `npm run simulate -- --days N [--from YYYY-MM-DD]`: lives through the next N days on DATABASE_URL (or the embedded
 * database) with the server stopped, exactly as the running jobs would (each day's jobs sent to the queue and run
 * here on a clock set to their hour), printing what each day did. It continues from the last day it simulated
 * (remembered in the `setting` table), else from today; `--from` chooses the first day.
 */
const SETTING_KEY = 'coreBankingSimulatedThrough';

function usage(message: string): never {
  console.error(`${message}\nUsage: npm run simulate -- --days N [--from YYYY-MM-DD]`);
  process.exit(2);
}

function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  const index = args.indexOf(`--${name}`);
  if (index >= 0) return args[index + 1];
  return args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
}

if (process.argv.includes('--check')) {
  const { runCheckCommand } = await import('../simulation/check-command.js');
  process.exit(await runCheckCommand(option));
}

const daysText = option('days');
const days = Number(daysText);
if (!daysText || !Number.isInteger(days) || days < 1 || days > 3660) usage('--days must be a whole number, 1 to 3660.');
const fromText = option('from');
if (fromText !== undefined && !isLocalDate(fromText)) usage('--from must be a date, YYYY-MM-DD.');

// No sign-in happens here: the token secret only satisfies the services' construction.
const loaded = loadConfig();
const config = { ...loaded, jobPollingSeconds: 0, tokenSecret: loaded.tokenSecret ?? 'simulate-signs-no-tokens' };
const logger = createLogger(process.env.LOG_LEVEL ?? 'warn');
const database = await openDatabase(config);
const timeZone = config.timeZone;
const clock = new SimulationClock(new Date(), timeZone);
const services = createServices(config, clock, logger, memoryEventBus());
let ok = false;
try {
  await services.jobs.start(database.orm);
  const em = database.orm.em.fork();
  const [stored] = await em.execute<{ value: { date?: string } }[]>('select value from setting where key = ?', [
    SETTING_KEY,
  ]);
  const first: LocalDate =
    (fromText as LocalDate | undefined) ??
    (stored?.value.date && isLocalDate(stored.value.date) ? addDays(stored.value.date, 1) : todayIn(timeZone));
  for (let i = 0; i < days; i += 1) {
    const date = addDays(first, i);
    const day = await simulateDay(services.jobs, services.bankDay, database.orm.em.fork(), clock, date);
    console.log(describeSimulatedDay(day));
    await em.execute(
      `insert into setting (key, value) values (?, ?::jsonb)
       on conflict (key) do update set value = excluded.value, updated_at = now()`,
      [SETTING_KEY, JSON.stringify({ date })],
    );
  }
  ok = true;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await services.jobs.stop();
  await database.close();
}
process.exit(ok ? 0 : 1);
