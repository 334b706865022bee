import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { zonedInstant, type LocalDate } from '../../server/src/shared/local-date.js';
import { checkLedger } from '../../server/src/modules/ledger/ledger-check.js';
import { SimulationClock, simulateDay } from '../../server/src/modules/core-banking/simulation.js';
import type { StepReport } from '../../server/src/modules/core-banking/bank-day.service.js';
import { BANK_DAY_JOB, finishKey } from '../../server/src/modules/core-banking/core-banking.jobs.js';
import { realDatabaseUrl } from '../support/database.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { agreementsOn } from './core-banking-world.js';

// Test-only pauses (NODE_ENV=test): batches of one agreement and 150 ms after each, so that a part takes a while and
// a second instance finds parts waiting (the batch size read when the bank's modules load: before the imports above;
// the pause at each batch).
vi.hoisted(() => {
  process.env.BANK_DAY_TEST_BATCH = '1';
  process.env.BANK_DAY_TEST_PAUSE_MS = '150';
});

const TZ = 'Australia/Sydney';
const DAY = '2034-03-06' as LocalDate;
const AGREEMENTS = 9;
const NODE = [process.execPath, '--import', '@swc-node/register/esm-register'];

/** What the day wrote for these agreements, by their order (ids apart): ledger, activities, bills, deposits, keys. */
async function written(server: TestServer, ids: number[]) {
  const em = server.app.database.orm.em.fork();
  const order = `array_position(?::int[], agreement_id)`;
  const list = `{${ids.join(',')}}`;
  return {
    ledger: await em.execute(
      `select ${order} as n, t.type, t.effective_date::text, t.description,
         (select sum(e.amount)::text from ledger_entry e where e.transaction_id = t.id and e.amount > 0) as amount
       from ledger_transaction t where agreement_id = any(?::int[]) order by n, t.type, t.description`,
      [list, list],
    ),
    activities: await em.execute(
      `select ${order} as n, type, details, balance_change::text from activity where agreement_id = any(?::int[])
       order by n, type, details`,
      [list, list],
    ),
    bills: await em.execute(
      `select ${order} as n, status, paid_amount::text from bill where agreement_id = any(?::int[])
       order by n, due_date`,
      [list, list],
    ),
    deposits: await em.execute(
      `select ${order} as n, status, received_amount::text from scheduled_deposit where agreement_id = any(?::int[])
       order by n, due_date`,
      [list, list],
    ),
    keys: await em.execute(
      `select ${order} as n, step, business_date::text from bank_day_step where agreement_id = any(?::int[])
       order by n, step`,
      [list, list],
    ),
  };
}

async function partsOf(server: TestServer, date: LocalDate) {
  return server.app.database.orm.em.fork().execute<{ step: string; parts: number; done: number }[]>(
    `select step, count(*)::int as parts, count(done_at)::int as done from bank_day_partition
       where business_date = ? group by step order by step`,
    [date],
  );
}

/** The step's finish run's output (what the staff page and the morning after read). */
async function finishOutput(server: TestServer, step: 'deposits' | 'autopay', date: LocalDate) {
  const name = step === 'deposits' ? 'core-banking-day' : 'core-banking-autopay';
  const [row] = await server.app.database.orm.em
    .fork()
    .execute<{ output: Record<string, unknown> }[]>(
      `select output from pgboss.job where name = ? and singleton_key = ? and state = 'completed'`,
      [name, finishKey(step, date, 1)],
    );
  return row?.output;
}

/**
 * Issue 23 items 2 and 3: each step of the bank day is split into parts (agreement id ranges) that any instance takes;
 * the day in parts writes what it writes whole; two instances share the parts, each agreement done once; an instance
 * killed (kill -9) in the middle of a part loses and repeats nothing, and the other finishes the day.
 */
describe.skipIf(!realDatabaseUrl)('the bank day in parts', () => {
  const servers: TestServer[] = [];
  const children: ChildProcess[] = [];
  afterEach(async () => {
    vi.unstubAllEnvs();
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
    for (const server of servers.splice(0).reverse()) await server.stop();
  });

  it('writes the same rows in parts of two agreements as in one part', async () => {
    // The rows, not the timing: no pause after each batch here (read at each batch; back for the tests below).
    vi.stubEnv('BANK_DAY_TEST_PAUSE_MS', '0');
    const runDay = async (partitionSize: string) => {
      const clock = new SimulationClock(zonedInstant(DAY, TZ, 0, 1), TZ);
      const server = await startTestServer({
        env: { DEMO_DATA: 'false', BANK_DAY_PARTITION_SIZE: partitionSize },
        clock,
      });
      servers.push(server);
      const ids = await agreementsOn(server, DAY, 'parted', AGREEMENTS);
      const day = await simulateDay(
        server.app.services.jobs,
        server.app.services.bankDay,
        server.app.database.orm.em.fork(),
        clock,
        DAY,
      );
      const rows = await written(server, ids);
      const parts = await partsOf(server, DAY);
      const outputs = {
        deposits: await finishOutput(server, 'deposits', DAY),
        autopay: await finishOutput(server, 'autopay', DAY),
      };
      expect((await checkLedger(server.app.database.orm.em.fork())).ok).toBe(true);
      await server.stop();
      servers.pop();
      return { day, rows, parts, outputs, ids };
    };
    const parted = await runDay('2');
    const whole = await runDay('5000');
    // Nine agreements: five parts of at most two for deposits, automatic payments and the calendar; reconciliation one.
    expect(parted.parts).toEqual([
      { step: 'autopay', parts: 5, done: 5 },
      { step: 'calendar', parts: 5, done: 5 },
      { step: 'deposits', parts: 5, done: 5 },
      { step: 'reconciliation', parts: 1, done: 1 },
    ]);
    expect(whole.parts.map((p) => p.parts)).toEqual([1, 1, 1, 1]);
    expect(parted.rows.ledger.length).toBe(2 * AGREEMENTS); // a deposit and a payment each
    expect(parted.rows).toEqual(whole.rows);
    // The step's summary from its parts' is the whole step's.
    const figures = (output: Record<string, unknown> | undefined) => {
      const { date, itemsDone, itemsFailed, depositsReceived, billsPaid, billsNotPaid, notPaid } = output ?? {};
      return { date, itemsDone, itemsFailed, depositsReceived, billsPaid, billsNotPaid, notPaid };
    };
    expect(figures(parted.outputs.deposits)).toEqual(figures(whole.outputs.deposits));
    expect(figures(parted.outputs.autopay)).toEqual(figures(whole.outputs.autopay));
    expect(parted.outputs.autopay).toMatchObject({ billsPaid: AGREEMENTS, parts: 5 });
    // The day's report (simulate's line) from the parts' reports is the whole day's.
    const counts = ({ day }: { day: Awaited<ReturnType<typeof simulateDay>> }) => ({
      received: day.day.deposits.received.map((r) => r.amount),
      paid: day.day.bills.paid.length,
      notPaid: day.day.bills.notPaid.length,
    });
    expect(counts(parted)).toEqual(counts(whole));
    expect(counts(parted).paid).toBe(AGREEMENTS);
  }, 300_000);

  it('shares the parts between two instances on one database, each agreement done once', async () => {
    const clock = new SimulationClock(zonedInstant(DAY, TZ, 0, 5), TZ);
    const env = { DEMO_DATA: 'false', BANK_DAY_PARTITION_SIZE: '2', JOB_POLLING_SECONDS: '0.5' };
    const first = await startTestServer({ env, clock });
    servers.push(first);
    const ids = await agreementsOn(first, DAY, 'shared', AGREEMENTS);
    const second = await startTestServer({ env, clock, reset: false });
    servers.push(second);
    const heard = [first, second].map((server) => {
      const reports: StepReport[] = [];
      server.app.services.bankDay.listen((report) => {
        if ('step' in report) reports.push(report);
      });
      return reports;
    });
    await first.app.services.jobs.send(
      first.app.database.orm.em.fork(),
      BANK_DAY_JOB,
      { date: DAY },
      { key: `day:${DAY}` },
    );
    await waitForDay(first, DAY);
    // Both instances ran parts of the deposits and of the automatic payments; together each agreement once.
    for (const step of ['deposits', 'autopay'] as const) {
      const perInstance = heard.map((reports) => reports.filter((r) => r.step === step).length);
      expect(
        perInstance.every((n) => n >= 1),
        `${step} parts per instance: ${perInstance.join(', ')}`,
      ).toBe(true);
      expect(perInstance[0] + perInstance[1]).toBe(5);
    }
    const deposited = heard.flatMap((reports) =>
      reports.flatMap((r) => (r.step === 'deposits' ? r.deposits.received.map((d) => d.agreementId) : [])),
    );
    expect(deposited.sort((a, b) => a - b)).toEqual(ids);
    const paid = heard.flatMap((reports) =>
      reports.flatMap((r) => (r.step === 'autopay' ? r.bills.paid.map((b) => b.agreementId) : [])),
    );
    expect(paid.sort((a, b) => a - b)).toEqual(ids);
    await expectOnce(first, ids);
  }, 300_000);

  it('loses and repeats nothing when one of two instances is killed in the middle of a part', async () => {
    const clock = new SimulationClock(zonedInstant(DAY, TZ, 0, 5), TZ);
    // Lost parts are found quickly here: a part expires after 3 s, the expiry is looked for every second.
    const env = {
      DEMO_DATA: 'false',
      BANK_DAY_PARTITION_SIZE: '2',
      JOB_POLLING_SECONDS: '0.5',
      JOB_MAINTENANCE_SECONDS: '1',
      BANK_DAY_PART_EXPIRE_SECONDS: '3',
    };
    const survivor = await startTestServer({ env, clock });
    servers.push(survivor);
    const ids = await agreementsOn(survivor, DAY, 'killed', AGREEMENTS);
    const em = () => survivor.app.database.orm.em.fork();
    // The other instance: a server process of its own on the same database, killed with SIGKILL below.
    const child = spawn(NODE[0], [...NODE.slice(1), 'server/src/main.ts'], {
      env: {
        ...process.env,
        ...env,
        NODE_ENV: 'test',
        DATABASE_URL: realDatabaseUrl,
        PORT: '4203',
        HOST: '127.0.0.1',
        TOKEN_SECRET: 'killed-instance',
        LOG_LEVEL: 'silent',
        BANK_DAY_TEST_BATCH: '1',
        BANK_DAY_TEST_PAUSE_MS: '150',
      },
    });
    children.push(child);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const ended = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('close', (_code, signal) => resolve(signal)),
    );
    const deadline = Date.now() + 90_000;
    while (!out.includes('running at') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(out).toContain('running at');

    const heard: StepReport[] = [];
    survivor.app.services.bankDay.listen((report) => {
      if ('step' in report) heard.push(report);
    });
    await survivor.app.services.jobs.send(em(), BANK_DAY_JOB, { date: DAY }, { key: `day:${DAY}` });
    // Kill the other instance while it runs a part: two parts running at once (one here, one there).
    let active: { id: string; data: { part: number } }[] = [];
    while (Date.now() < deadline) {
      active = await em().execute(
        "select id::text, data from pgboss.job where name = 'core-banking-day-part' and state = 'active'",
      );
      if (active.length === 2) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(active).toHaveLength(2);
    child.kill('SIGKILL');
    expect(await ended).toBe('SIGKILL');

    await waitForDay(survivor, DAY, 120_000);
    // The killed instance's part was taken again (expired, retried) by the survivor, and the day ended.
    const [retried] = await em().execute<{ n: number }[]>(
      `select count(*)::int as n from pgboss.job where name = 'core-banking-day-part' and retry_count > 0
         and id = any(?::uuid[])`,
      [`{${active.map((a) => a.id).join(',')}}`],
    );
    expect(retried.n).toBeGreaterThanOrEqual(1);
    expect(heard.length).toBeGreaterThan(0);
    await expectOnce(survivor, ids);
  }, 300_000);

  /** Waits until the day's last step has ended (its finish run completed). */
  async function waitForDay(server: TestServer, date: LocalDate, timeoutMs = 120_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const [row] = await server.app.database.orm.em.fork().execute<{ n: number }[]>(
        `select count(*)::int as n from pgboss.job where name = 'core-banking-calendar' and singleton_key = ?
           and state = 'completed'`,
        [finishKey('calendar', date, 1)],
      );
      if (row.n > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`The bank day ${date} did not end within ${timeoutMs} ms`);
  }

  /** Each agreement's deposit posted once, its bill paid once, every part done, the ledger clean. */
  async function expectOnce(server: TestServer, ids: number[]): Promise<void> {
    const em = server.app.database.orm.em.fork();
    const list = `{${ids.join(',')}}`;
    const [row] = await em.execute<Record<string, number>[]>(
      `select
         (select count(*)::int from ledger_transaction where type = 1 and agreement_id = any(?::int[])) as deposits,
         (select count(*)::int from activity where type = 2 and agreement_id = any(?::int[])) as "depositActivities",
         (select count(*)::int from ledger_transaction where type = 2 and agreement_id = any(?::int[])) as payments,
         (select count(*)::int from activity where type = 0 and agreement_id = any(?::int[])) as "paymentActivities",
         (select count(*)::int from bill where status = 2 and agreement_id = any(?::int[])) as "paidBills",
         (select count(*)::int from scheduled_deposit where status = 1 and due_date = ?
            and agreement_id = any(?::int[])) as "receivedDeposits"`,
      [list, list, list, list, list, DAY, list],
    );
    expect(row).toEqual({
      deposits: AGREEMENTS,
      depositActivities: AGREEMENTS,
      payments: AGREEMENTS,
      paymentActivities: AGREEMENTS,
      paidBills: AGREEMENTS,
      receivedDeposits: AGREEMENTS,
    });
    const parts = await partsOf(server, DAY);
    expect(parts.every((p) => p.done === p.parts)).toBe(true);
    expect((await checkLedger(em)).ok).toBe(true);
  }
});
