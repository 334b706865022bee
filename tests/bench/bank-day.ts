import { performance } from 'node:perf_hooks';
import type { EntityManager } from '@mikro-orm/postgresql';
import { startApp } from '../../server/src/app.js';
import { addDays, zonedInstant, type LocalDate } from '../../server/src/common/local-date.js';
import { loadConfig } from '../../server/src/config.js';
import { SimulationClock, simulateDay } from '../../server/src/modules/core-banking/simulation.js';
import { checkLedger } from '../../server/src/modules/ledger/ledger-check.js';
import { createScratchDatabase } from '../integration/ledger-fixture.js';
import type { BenchRow, BenchSection } from './harness.js';

const TZ = 'Australia/Sydney';
const START = '2026-01-05' as LocalDate;
/** The day measured: deposits on their weekly day, bills due, windows answering, the calendar over every bill. */
const DAY = '2026-02-02' as LocalDate; // within the 8-week overdraw rule: a bill may be paid before it is funded

/**
 * Agreements built set-based: each with a weekly deposit (one in seven due on the day measured) and three billers
 * paid automatically with a bill a month each (about one agreement in ten has one due that day), the rest of the
 * year's bills in the calendar. Payroll deductions, so every deposit arrives.
 */
async function build(run: (sql: string) => Promise<unknown>, count: number): Promise<void> {
  await run(`insert into company (name, billing_category_id, bpay_biller_code, reference_algorithm)
             values ('Greater Harbour Water', 1, '14589', 'MOD10V01')`);
  await run(`insert into member (member_number, first_name, last_name)
             select 'BD' || g, 'Bench', 'Member ' || g from generate_series(1, ${count}) g`);
  await run(`insert into account (account_number) select 'BDA' || g from generate_series(1, ${count}) g`);
  await run(`insert into member_account_link (member_id, account_id)
             select m.id, a.id from member m join account a on a.account_number = 'BDA' || substr(m.member_number, 3)
             where m.member_number like 'BD%'`);
  await run(`insert into agreement (account_id, status, start_date, end_date, contribution_frequency, contribution_date,
               deposit_type, remitter_name, remitter_number, deposit_amount)
             select a.id, 7, '${START}', '${addDays(START, 364)}', 1, '${START}'::date + (a.id % 7), 1, 'Employer',
               '12345', 120 from account a where a.account_number like 'BDA%'`);
  await run(`insert into biller (agreement_id, billing_category_id, nickname, payment_method, expected_bill_value,
               billing_frequency, date_of_bill, date_added, does_amount_vary, is_auto_payment, bpay_biller_code,
               customer_reference_number, direct_debit_account_number)
             select g.id, 1, b.nickname, b.method, b.value, 3, '${START}'::date + ((g.id * 3 + b.k) % 30), '${START}',
               b.method = 4, true, case when b.method = 0 then '14589' end,
               case when b.method = 0 then '1234009890' end, case when b.method = 4 then '123456789' end
             from agreement g cross join (values (0, 'Water', 0, 80), (1, 'Power', 4, 150), (2, 'Phone', 4, 60))
               as b(k, nickname, method, value)`);
  await run(`insert into bill (agreement_id, biller_id, due_date, due_date_no_offset, expected_amount, amount_allocated,
               contingency)
             select br.agreement_id, br.id, d, d, br.expected_bill_value, br.expected_bill_value,
               case when br.does_amount_vary then round(br.expected_bill_value * 0.1, 2) else 0 end
             from biller br cross join generate_series(0, 11) m
             cross join lateral (select (br.date_of_bill + make_interval(months => m))::date as d) x`);
  // Deposits so far received (a month and more of them), the rest scheduled.
  await run(`insert into scheduled_deposit (agreement_id, due_date, expected_amount)
             select g.id, (g.contribution_date + w * 7), 120 from agreement g cross join generate_series(0, 51) w`);
}

/** Rows of the tables a day writes to (updates not counted). */
async function rowCount(em: EntityManager): Promise<number> {
  const [row] = await em.execute<{ n: string }[]>(
    `select (select count(*) from ledger_transaction) + (select count(*) from ledger_entry)
       + (select count(*) from activity) + (select count(*) from bill_money_source)
       + (select count(*) from idempotency_record) + (select count(*) from audit_record)
       + (select count(*) from bank_day_step) as n`,
  );
  return Number(row.n);
}

/** One day's run of the bank jobs (deposits, automatic payments, windows, calendar) for many agreements. */
export const bankDaySection: BenchSection = {
  name: 'bank-day',
  title: "One day's run of the bank jobs (simulateDay: the day job and both window jobs, real PostgreSQL)",
  async run(): Promise<BenchRow[]> {
    if (!process.env.DATABASE_URL) {
      return [{ name: 'bank day', note: 'skipped: set DATABASE_URL (a scratch database is created from it)' }];
    }
    const count = Number(process.env.BENCH_BANK_AGREEMENTS ?? 10_000);
    const scratch = await createScratchDatabase('bank_day_bench');
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: scratch.url,
      TOKEN_SECRET: 'bench-token-secret',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      DEMO_DATA: 'false',
      JOB_POLLING_SECONDS: '0',
    });
    const clock = new SimulationClock(zonedInstant(START, TZ), TZ);
    const app = await startApp(config, { port: 0, clock });
    try {
      const em = () => app.database.orm.em.fork();
      await build((sql) => em().execute(sql), count);
      // The weeks before: deposits received and bills paid up to the day before, so the day measured is a normal one.
      await em().execute(`update scheduled_deposit set status = 1 where due_date < '${DAY}'`);
      await em().execute(`update bill set status = 2 where due_date < '${DAY}'`);
      const before = await rowCount(em());
      const started = performance.now();
      const day = await simulateDay(app.services.jobs, app.services.bankDay, em(), clock, DAY);
      const ms = performance.now() - started;
      const written = (await rowCount(em())) - before;
      const ledger = await checkLedger(em());
      const effects =
        day.day.deposits.received.length +
        day.day.bills.paid.length +
        day.windows.reduce((n, w) => n + w.processed + w.settled, 0);
      return [
        {
          name: `one day, ${count} agreements`,
          runs: 1,
          medianMs: ms,
          p95Ms: ms,
          minMs: ms,
          maxMs: ms,
          note:
            `goal < 60 s; ${day.day.deposits.received.length} deposits, ${day.day.bills.paid.length} bills paid ` +
            `(${day.day.bills.notPaid.length} not), ${day.windows[0].processed} sent, ` +
            `${day.windows[1].settled} settled, ${day.day.bills.missedBills} missed bills, ` +
            `${day.day.bills.reminders} reminders, ${day.day.reconciliation.checked} deposits reconciled ` +
            `(${day.day.reconciliation.mismatches.length} mismatches); ${Math.round(effects / (ms / 1000))} effects/s, ` +
            `steps ms ${JSON.stringify(day.day.timings)}; ` +
            `${written} rows written (${Math.round(written / (ms / 1000))} rows/s); check:ledger ${ledger.ok ? 'clean' : 'FAILED'}`,
        },
      ];
    } finally {
      await app.stop();
      await scratch.drop();
    }
  },
};
