import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, type LocalDate } from '../../server/src/shared/local-date.js';
import { checkLedger } from '../../server/src/modules/ledger/ledger-check.js';
import { realDatabaseUrl } from '../support/database.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { createBankAgreement } from './core-banking-world.js';
import { createMember } from './payment-world.js';

const NODE = [process.execPath, '--import', '@swc-node/register/esm-register'];
const DAY = '2033-02-07' as LocalDate;
const AGREEMENTS = 12;

function run(script: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(NODE[0], [...NODE.slice(1), script, ...args], {
    env: { ...process.env, DATABASE_URL: realDatabaseUrl, LOG_LEVEL: 'silent', ...env },
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, out })),
  );
  return { child, done };
}

/**
 * Item 6 of issue 10: the process running a bank day is killed with SIGKILL half-way through its deposits, then the
 * day is run again: every deposit is posted once, the agreement's activities once, and check:ledger is clean. The
 * process is `npm run simulate` (the day's job sent to the queue and run by that process, as a server's worker would);
 * a test-only pause after each batch of agreements' deposits (BANK_DAY_TEST_PAUSE_MS, NODE_ENV=test), batches of two
 * (BANK_DAY_TEST_BATCH), leaves time to kill it.
 */
describe.skipIf(!realDatabaseUrl)('kill -9 in the middle of a bank day, then run it again', () => {
  let server: TestServer;
  let children: ChildProcess[] = [];
  const em = () => server.app.database.orm.em.fork();

  beforeAll(async () => {
    server = await startTestServer({ env: { DEMO_DATA: 'false' } });
  }, 120_000);
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    children = [];
    await server?.stop();
  });

  async function postedOn(day: LocalDate) {
    const [row] = await em().execute<{ deposits: number; postings: number; activities: number }[]>(
      `select count(distinct t.deposit_id)::int as deposits, count(t.id)::int as postings,
         (select count(*)::int from activity a join scheduled_deposit s on s.agreement_id = a.agreement_id
          where a.type = 2 and s.due_date = ?) as activities
       from ledger_transaction t join scheduled_deposit d on d.id = t.deposit_id where d.due_date = ?`,
      [day, day],
    );
    return row;
  }

  it('posts each deposit once and leaves the ledger clean', async () => {
    for (let i = 0; i < AGREEMENTS; i += 1) {
      await createBankAgreement(em(), await createMember(em(), `killed${i}`), {
        start: DAY,
        end: addDays(DAY, 364),
        frequency: 1,
        billers: [{ nickname: 'Water', paymentMethod: 0, value: '80.00', frequency: 3, dateOfBill: addDays(DAY, 9) }],
      });
    }
    const first = run('server/src/scripts/simulate.ts', ['--days', '1', '--from', DAY], {
      NODE_ENV: 'test',
      BANK_DAY_TEST_PAUSE_MS: '400',
      BANK_DAY_TEST_BATCH: '2',
    });
    children.push(first.child);
    // Wait for a few batches' deposits, then kill the process where it stands.
    const deadline = Date.now() + 60_000;
    let before = await postedOn(DAY);
    while (before.deposits < 3 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      before = await postedOn(DAY);
    }
    first.child.kill('SIGKILL');
    const killed = await first.done;
    expect(killed.signal).toBe('SIGKILL');
    before = await postedOn(DAY);
    expect(before.deposits).toBeGreaterThanOrEqual(3);
    expect(before.deposits).toBeLessThan(AGREEMENTS); // killed half-way, not after the day
    const [stale] = await em().execute<{ n: number }[]>(
      "select count(*)::int as n from pgboss.job where name = 'core-banking-day-part' and state = 'active'",
    );
    expect(stale.n).toBe(1); // the killed run's part of the deposits, still marked running

    // Restarted: the same day again, twice (a retry of the killed job would be the same).
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const again = run('server/src/scripts/simulate.ts', ['--days', '1', '--from', DAY]);
      children.push(again.child);
      const result = await again.done;
      expect(result.code, result.out).toBe(0);
    }
    const after = await postedOn(DAY);
    expect(after).toEqual({ deposits: AGREEMENTS, postings: AGREEMENTS, activities: AGREEMENTS });
    const [statuses] = await em().execute<{ received: number }[]>(
      'select count(*)::int as received from scheduled_deposit where due_date = ? and status = 1',
      [DAY],
    );
    expect(statuses.received).toBe(AGREEMENTS);
    expect((await checkLedger(em())).ok).toBe(true);
    const check = run('server/src/scripts/check-ledger.ts', []);
    children.push(check.child);
    const checked = await check.done;
    expect(checked.code, checked.out).toBe(0);
  }, 300_000);

  /** The automatic payments of these agreements: payments, their activities, keys and audit rows, bills paid. */
  async function autoPaidOf(agreementIds: number[]) {
    const [row] = await em().execute<
      { payments: number; activities: number; keys: number; audits: number; paidBills: number }[]
    >(
      `select (select count(*)::int from ledger_transaction where type = 2 and agreement_id = any(?::int[])) as payments,
         (select count(*)::int from activity where type = 0 and agreement_id = any(?::int[])) as activities,
         (select count(*)::int from idempotency_record i join bill b on i.key = 'core-banking-autopay-' || b.id
          where b.agreement_id = any(?::int[]) and i.response is not null) as keys,
         (select count(*)::int from audit_record a join bill b on a.idempotency_key = 'core-banking-autopay-' || b.id
          where b.agreement_id = any(?::int[])) as audits,
         (select count(*)::int from bill where status = 2 and agreement_id = any(?::int[])) as "paidBills"`,
      Array(5).fill(`{${agreementIds.join(',')}}`),
    );
    return row;
  }

  it('pays each bill automatically once when killed half-way through the automatic payments', async () => {
    // The day after the first test's: its agreements have nothing due; these start that day with a bill due.
    const day = addDays(DAY, 1);
    const ids: number[] = [];
    for (let i = 0; i < AGREEMENTS; i += 1) {
      const agreement = await createBankAgreement(em(), await createMember(em(), `autopaid${i}`), {
        start: day,
        end: addDays(day, 364),
        frequency: 1,
        billers: [{ nickname: 'Water', paymentMethod: 0, value: '80.00', frequency: 3, dateOfBill: day }],
      });
      ids.push(agreement.agreementId);
    }
    const first = run('server/src/scripts/simulate.ts', ['--days', '1', '--from', day], {
      NODE_ENV: 'test',
      BANK_DAY_TEST_PAUSE_MS: '400',
      BANK_DAY_TEST_BATCH: '2',
    });
    children.push(first.child);
    const deadline = Date.now() + 90_000;
    let before = await autoPaidOf(ids);
    while (before.payments < 3 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      before = await autoPaidOf(ids);
    }
    first.child.kill('SIGKILL');
    expect((await first.done).signal).toBe('SIGKILL');
    before = await autoPaidOf(ids);
    expect(before.payments).toBeGreaterThanOrEqual(3);
    expect(before.payments).toBeLessThan(AGREEMENTS); // killed half-way: whole batches of two, nothing in between
    expect(before.payments % 2).toBe(0);
    expect(before).toEqual({
      payments: before.payments,
      activities: before.payments,
      keys: before.payments,
      audits: before.payments,
      paidBills: before.payments,
    });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const again = run('server/src/scripts/simulate.ts', ['--days', '1', '--from', day]);
      children.push(again.child);
      const result = await again.done;
      expect(result.code, result.out).toBe(0);
    }
    expect(await autoPaidOf(ids)).toEqual({
      payments: AGREEMENTS,
      activities: AGREEMENTS,
      keys: AGREEMENTS,
      audits: AGREEMENTS,
      paidBills: AGREEMENTS,
    });
    expect((await checkLedger(em())).ok).toBe(true);
  }, 300_000);
});
