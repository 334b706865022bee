import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { Role } from '../../server/src/common/auth/roles.js';
import { runningClock, startOfRunOn } from '../../server/src/shared/clock.js';
import { addDays, type LocalDate } from '../../server/src/shared/local-date.js';
import { DEMO_DAY_SETTING } from '../../server/src/modules/core-banking/demo-clock.store.js';
import { realDatabaseUrl } from '../support/database.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { createUser, PASSWORD } from './payment-world.js';

/** The demo clock's day is kept in the database: a restart and the other instances stand on it (issue 10 item 5). */
const TODAY = '2031-04-07' as LocalDate;
const TZ = 'Australia/Sydney';
const AGENT = 'demo.clock.agent';

const RUN = `mutation { runNextDemoDay { date } }`;
const CLOCK = `{ demoClock { enabled today daysAhead } }`;
const DAY = '{ institutionDay { today } }';

// Each server lives on TODAY by the real clock; the demo clock moves the bank's day from there.
const start = (demo: boolean, reset: boolean) =>
  startTestServer({
    env: { DEMO_DATA: 'false', DEMO_MODE: String(demo) },
    clock: runningClock(startOfRunOn(TODAY, TZ), TZ),
    reset,
  });

/** The bank's today as the screens read it (first: `demoClock` also catches up with the stored day), then the clock. */
async function clockOf(server: TestServer, token: string) {
  const day = await server.graphql<{ institutionDay: { today: string } }>(DAY, {}, token);
  const clock = await server.graphql<{ demoClock: { enabled: boolean; today: string; daysAhead: number } }>(
    CLOCK,
    {},
    token,
  );
  expect(clock.body.errors).toBeUndefined();
  expect(day.body.errors).toBeUndefined();
  return { ...clock.body.data!.demoClock, institutionDay: day.body.data!.institutionDay.today };
}

async function runNextDay(server: TestServer, token: string): Promise<string> {
  const { body } = await server.graphql<{ runNextDemoDay: { date: string } }>(RUN, {}, token);
  expect(body.errors).toBeUndefined();
  return body.data!.runNextDemoDay.date;
}

describe('the demo clock across a restart', () => {
  const servers: TestServer[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.stop();
  });

  it('comes back on the day reached; a server out of demo mode ignores it', { timeout: 240_000 }, async () => {
    const first = await start(true, true);
    servers.push(first);
    await createUser(first.app.database.orm.em.fork(), AGENT, [Role.AGENT]);
    let token = await first.token(AGENT, PASSWORD);
    expect(await runNextDay(first, token)).toBe(addDays(TODAY, 1));
    expect(await runNextDay(first, token)).toBe(addDays(TODAY, 2));
    await first.stop();

    const restarted = await start(true, false);
    servers.push(restarted);
    token = await restarted.token(AGENT, PASSWORD);
    expect(await clockOf(restarted, token)).toEqual({
      enabled: true,
      today: addDays(TODAY, 2),
      daysAhead: 2,
      institutionDay: addDays(TODAY, 2),
    });
    // And it carries on from there.
    expect(await runNextDay(restarted, token)).toBe(addDays(TODAY, 3));
    await restarted.stop();

    const production = await start(false, false);
    servers.push(production);
    token = await production.token(AGENT, PASSWORD);
    const [stored] = await production.app.database.orm.em
      .fork()
      .execute<{ value: unknown }[]>('select value from setting where key = ?', [DEMO_DAY_SETTING]);
    expect(stored?.value).toEqual({ date: addDays(TODAY, 3) });
    expect(await clockOf(production, token)).toEqual({
      enabled: false,
      today: TODAY,
      daysAhead: 0,
      institutionDay: TODAY,
    });
    const refused = await production.graphql(RUN, {}, token);
    expect(refused.body.errors?.[0].extensions?.code).toBe('DEMO_MODE_OFF');
  });
});

/** Waits (at most 15 s) for the server's clock to stand on `date`; the assertions after it say whether it did. */
async function untilToday(server: TestServer, date: LocalDate): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (server.app.services.clock.today() !== date && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!realDatabaseUrl)('two instances in demo mode on one database', () => {
  let a: TestServer;
  let b: TestServer;
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  });

  it("a day run on one instance moves the other's clock", { timeout: 240_000 }, async () => {
    a = await start(true, true);
    b = await start(true, false);
    await createUser(a.app.database.orm.em.fork(), AGENT, [Role.AGENT]);
    const onA = await a.token(AGENT, PASSWORD);
    const onB = await b.token(AGENT, PASSWORD);
    expect((await clockOf(b, onB)).institutionDay).toBe(TODAY);

    expect(await runNextDay(a, onA)).toBe(addDays(TODAY, 1));
    // The announcement reaches B through LISTEN/NOTIFY: its clock moves with no request reading the stored day
    // (institutionDay, asked first, only reads the clock). A bounded poll, not a sleep.
    await untilToday(b, addDays(TODAY, 1));
    expect(await clockOf(b, onB)).toEqual({
      enabled: true,
      today: addDays(TODAY, 1),
      daysAhead: 1,
      institutionDay: addDays(TODAY, 1),
    });

    // B runs the day after A's, not A's day again.
    expect(await runNextDay(b, onB)).toBe(addDays(TODAY, 2));
    await untilToday(a, addDays(TODAY, 2));
    expect((await clockOf(a, onA)).institutionDay).toBe(addDays(TODAY, 2));
  });
});
