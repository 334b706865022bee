import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startApp } from '../app.js';
import { isLocalDate, zonedInstant, type LocalDate } from '../shared/local-date.js';
import { loadConfig } from '../config.js';
import { SimulationClock } from '../modules/core-banking/index.js';
import { describeDisagreement, runCheckedSimulation } from './checked-run.js';
import { SIMULATION_ENV } from './sim-api.js';

const USAGE = `Usage: npm run simulate -- --check [--days 400] [--agreements 300] [--seed N] [--from YYYY-MM-DD]
  [--overviews N] [--rate 0.03] [--stop] [--reset]
On DATABASE_URL (emptied first: give --reset when it holds data) or a fresh embedded database in .simulate-data/.`;

/** The first bank day unless --from says otherwise: fixed, so that a seed always gives the same run. */
const DEFAULT_FROM = '2026-12-01' as LocalDate;

function whole(text: string | undefined, fallback: number, name: string, min: number, max: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`--${name} must be a whole number, ${min} to ${max}.`);
  }
  return value;
}

/** Empties the given database (asks for --reset when it holds an agreement), or wipes the embedded one's directory. */
async function freshDatabase(url: string | undefined, reset: boolean, dataDir: string): Promise<void> {
  if (!url) {
    rmSync(dataDir, { recursive: true, force: true });
    return;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const held = await client.query(`select to_regclass('public.agreement') is not null as has`);
    if (held.rows[0].has && !reset) {
      const count = await client.query('select count(*)::int as n from agreement');
      if (count.rows[0].n > 0) throw new Error(`${url} holds agreements: give --reset to empty it for the check.`);
    }
    await client.query(
      'drop schema if exists pgboss cascade; drop schema if exists public cascade; create schema public;',
    );
  } finally {
    await client.end();
  }
}

/**
 * `npm run simulate -- --check`: a fresh database with the demo data and a generated population (about one agreement
 * a member), then the checked run (checked-run.ts) printing each day and the first disagreement. Exit 0 when every
 * day agreed, 1 otherwise.
 */
export async function runCheckCommand(option: (name: string) => string | undefined): Promise<number> {
  let days: number;
  let agreements: number;
  let seed: number;
  let overviews: number | undefined;
  let rate: number;
  const from = (option('from') ?? DEFAULT_FROM) as LocalDate;
  try {
    days = whole(option('days'), 400, 'days', 1, 3660);
    agreements = whole(option('agreements'), 300, 'agreements', 0, 100_000);
    seed = whole(option('seed'), 1, 'seed', 0, 2 ** 31 - 1);
    overviews = option('overviews') === undefined ? undefined : whole(option('overviews'), 0, 'overviews', 0, 100_000);
    rate = option('rate') === undefined ? 0.03 : Number(option('rate'));
    if (!(rate >= 0 && rate <= 1)) throw new Error('--rate must be between 0 and 1.');
    if (!isLocalDate(from)) throw new Error('--from must be a date, YYYY-MM-DD.');
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const dataDir = path.resolve('.simulate-data');
  const config = loadConfig({
    ...process.env,
    ...SIMULATION_ENV,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    DEMO_MODE: 'false',
    HOST: '127.0.0.1',
    JOB_POLLING_SECONDS: '0',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
  });
  await freshDatabase(config.databaseUrl, process.argv.includes('--reset'), dataDir);
  const clock = new SimulationClock(zonedInstant(from, config.timeZone, 0, 1), config.timeZone);
  console.log(`simulate --check: seed ${seed}, ${days} days from ${from}, ${agreements} generated members`);
  const app = await startApp(config, { port: 0, clock });
  try {
    const result = await runCheckedSimulation(app, clock, {
      seed,
      days,
      from,
      members: agreements,
      overviewsPerDay: overviews,
      actionRate: rate,
      stopAtFirst: process.argv.includes('--stop'),
      log: (line) => console.log(line),
    });
    console.log(`actions: ${JSON.stringify(result.actions)}`);
    console.log(`refused: ${JSON.stringify(result.refusals)}`);
    console.log(
      `seed ${seed}: ${result.days} days, ${result.accounts} accounts, ${result.overviewsRead} overviews read, ` +
        `${result.forecastsHeld} forecast-days held, ${result.disagreements.length} disagreements, ${Math.round(result.ms / 1000)} s`,
    );
    if (result.disagreements.length) {
      console.log(`first disagreement (seed ${seed}): ${describeDisagreement(result.disagreements[0])}`);
      for (const d of result.disagreements.slice(1, 20)) console.log(`  ${describeDisagreement(d)}`);
      return 1;
    }
    return 0;
  } finally {
    await app.stop();
  }
}
