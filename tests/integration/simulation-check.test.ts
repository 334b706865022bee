import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '../../server/src/shared/clock.js';
import { zonedInstant, type LocalDate } from '../../server/src/shared/local-date.js';
import { SimulationClock } from '../../server/src/modules/core-banking/simulation.js';
import { describeDisagreement, runCheckedSimulation } from '../../server/src/simulation/checked-run.js';
import { SIMULATION_ENV } from '../../server/src/simulation/sim-api.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * "The same number everywhere" (issue 25 item 6), small: the demo data and 20 generated members live through 30 bank
 * days with random member and staff actions; after every day the ledger balances, the forecasts hold, no next deposit
 * is in the past and every view says what the projection says. The long run: `npm run simulate -- --check`.
 */

const FROM = '2026-12-01' as LocalDate;
const SEED = Number(process.env.SIMULATE_SEED ?? 1);
const DAYS = Number(process.env.SIMULATE_DAYS ?? 30);

let server: TestServer;
let clock: SimulationClock;

beforeAll(async () => {
  clock = new SimulationClock(zonedInstant(FROM, DEFAULT_TIME_ZONE, 0, 1), DEFAULT_TIME_ZONE);
  server = await startTestServer({ clock, env: SIMULATION_ENV });
});
afterAll(async () => {
  await server?.stop();
});

describe('the same number everywhere', () => {
  it(`holds for ${DAYS} bank days of random actions (seed ${SEED})`, async () => {
    const lines: string[] = [];
    const result = await runCheckedSimulation(server.app, clock, {
      seed: SEED,
      days: DAYS,
      from: FROM,
      members: 20,
      actionRate: 0.1,
      overviewsPerDay: 4,
      log: (line) => lines.push(line),
    });
    console.log(lines.join('\n'));
    console.log(JSON.stringify(result.actions), JSON.stringify(result.refusals));
    expect(result.days).toBe(DAYS);
    expect(result.forecastsHeld).toBeGreaterThan(0);
    expect(result.disagreements.map(describeDisagreement).slice(0, 10)).toEqual([]);
  }, 600_000);
});
