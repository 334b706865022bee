import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { performance } from 'node:perf_hooks';
import { addDays, zonedInstant, type LocalDate } from '../../server/src/shared/local-date.js';
import { SimulationClock, simulateDay } from '../../server/src/modules/core-banking/simulation.js';
import { checkLedger } from '../../server/src/modules/ledger/ledger-check.js';
import { startBenchApp } from './bench-app.js';
import { dayByWorkers } from './bank-day-instances.js';
import { forgetStatistics, seedBankDayBook } from './book.js';
import type { BenchRow, BenchSection } from './harness.js';
import {
  markRows,
  postgresWriteRate,
  postgresWriteRateWithConstraints,
  rowsWritten,
  type QuerySql,
  type RolledBack,
} from './write-rate.js';
import { cpuSince, cpuSinceSync, markCpu, statementTimer } from './day-cpu.js';

const TZ = 'Australia/Sydney';
const START = '2026-01-05' as LocalDate;
/** The day measured: deposits on their weekly day, bills due, windows answering, the calendar over every bill. */
const DAY = '2026-02-02' as LocalDate; // within the 8-week overdraw rule: a bill may be paid before it is funded

/** Starts Node's CPU profiler; the function returned stops it and writes the profile to `file` (Chrome's tools). */
function profileOf(file: string): () => void {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  return () =>
    session.post('Profiler.stop', (error, result) => {
      if (!error) writeFileSync(file, JSON.stringify(result.profile));
      session.disconnect();
    });
}

/** One day's run of the bank jobs (deposits, automatic payments, windows, calendar) for many agreements. */
export const bankDaySection: BenchSection = {
  name: 'bank-day',
  title: "One day's run of the bank jobs (simulateDay: the day's four step jobs and both window jobs, real PostgreSQL)",
  async run(): Promise<BenchRow[]> {
    if (!process.env.DATABASE_URL) {
      return [{ name: 'bank day', note: 'skipped: set DATABASE_URL (a scratch database is created from it)' }];
    }
    const count = Number(process.env.BENCH_BANK_AGREEMENTS ?? 10_000);
    // Issue 23 item 4: BENCH_STATISTICS=none runs the day on tables the planner has no statistics of.
    const withoutStatistics = process.env.BENCH_STATISTICS === 'none';
    const clock = new SimulationClock(zonedInstant(START, TZ), TZ);
    // Issue 23 item 3: BENCH_BANK_INSTANCES=N runs the day's steps by the job workers of N instances (1: this one).
    const instances = Number(process.env.BENCH_BANK_INSTANCES ?? 0);
    const partitionSize = process.env.BANK_DAY_PARTITION_SIZE ?? '5000';
    const bench = await startBenchApp(
      'bank_day_bench',
      clock,
      instances > 0 ? { JOB_POLLING_SECONDS: '0.5', BANK_DAY_PARTITION_SIZE: partitionSize } : {},
    );
    const { app, em, stop } = bench;
    try {
      await seedBankDayBook((sql) => em().execute(sql), count, START);
      // The weeks before: deposits received and bills paid up to the day before, so the day measured is a normal one.
      await em().execute(`update scheduled_deposit set status = 1 where due_date < '${DAY}'`);
      await em().execute(`update bill set status = 2 where due_date < '${DAY}'`);
      // And the day before's calendar (bills entering the month's window, reminders told), so the day measured moves
      // and tells only its own bills, as a day of a running book does (without it, the day measured moved every bill
      // of the month ahead at once: 15,500 at 5,000 agreements, where a day moves about 500).
      const dayBefore = addDays(DAY, -1);
      clock.setAt(dayBefore, 0, 5);
      await app.services.bankDay.runStep(em(), 'calendar', dayBefore);
      if (withoutStatistics) await forgetStatistics((sql) => em().execute(sql));
      if (instances > 0) {
        clock.setAt(DAY, 0, 5);
        return [await dayByWorkers(bench, DAY, instances, partitionSize)];
      }
      const query: QuerySql = (sql) => em().execute(sql);
      const marks = await markRows(query);
      // BENCH_STATEMENTS=1: where the day's statements' time goes (printed after the table's line).
      const timer = process.env.BENCH_STATEMENTS === '1' ? statementTimer() : null;
      // BENCH_CPU_PROFILE=<file>: Node's CPU profile of the day's steps (up to the deposit review), for Chrome's tools;
      // BENCH_REVIEW_CPU_PROFILE=<file>: of the deposit review alone.
      const profileFile = process.env.BENCH_CPU_PROFILE;
      const reviewProfileFile = process.env.BENCH_REVIEW_CPU_PROFILE;
      // BENCH_STATEMENTS_JOB=review: the deposit review's statements are timed too (else the timer pauses for it).
      const timeReview = process.env.BENCH_STATEMENTS_JOB === 'review';
      const dayProfiler = profileFile ? profileOf(profileFile) : null;
      const cpuMark = await markCpu(query);
      timer?.start();
      const started = performance.now();
      // The deposit review's CPU is left out with its time (sampled as it starts and as the 9am window starts).
      let reviewFrom = { nodeMs: 0, postgresMs: 0 };
      let review = { nodeMs: 0, postgresMs: 0 };
      let reviewProfiler: (() => void) | null = null;
      // Each job of the day's wall time as simulateDay lives it (its job's fetch, run, completion and the next send).
      const phases: Record<string, number> = {};
      let phase = { name: '', at: started };
      const day = await simulateDay(app.services.jobs, app.services.bankDay, em(), clock, DAY, (step) => {
        const at = performance.now();
        if (phase.name) phases[phase.name] = Math.round(at - phase.at);
        phase = { name: step, at };
        timer?.phase(step);
        if (step === 'review') {
          if (!timeReview) timer?.pause();
          dayProfiler?.();
          if (reviewProfileFile) reviewProfiler = profileOf(reviewProfileFile);
          reviewFrom = cpuSinceSync(cpuMark);
        } else if (step === 'window-9') {
          const to = cpuSinceSync(cpuMark);
          review = { nodeMs: to.nodeMs - reviewFrom.nodeMs, postgresMs: to.postgresMs - reviewFrom.postgresMs };
          reviewProfiler?.();
          timer?.start();
        }
      });
      const dayEnded = performance.now();
      phases[phase.name] = Math.round(dayEnded - phase.at);
      if (timer) console.log(timer.report());
      const cpu = await cpuSince(query, cpuMark);
      // The deposit review runs in a simulated day as well (01:30); it is not the bank's work: measured on its own.
      const ms = dayEnded - started - day.reviewMs;
      // The deposit review's rows are left out with its time.
      const writtenRows = await rowsWritten(query, marks, DAY, ['deposit_review']);
      const written = writtenRows.reduce((n, t) => n + t.rows, 0);
      // Issue 23 item 2: the same rows written by PostgreSQL itself, in the same database and run.
      const own = await postgresWriteRate(query, marks, DAY, writtenRows);
      const share = written / (ms / 1000) / own.rowsPerSecond;
      // A second yardstick, labelled as such: the same rows into copies with our foreign keys and insert triggers.
      const undo = new Error('rolled back');
      const rolledBack: RolledBack = (work) =>
        em()
          .fork()
          .transactional(async (tx) => {
            await work((sql) => tx.execute(sql));
            throw undo;
          })
          .catch((error: unknown) => {
            if (error !== undo) throw error;
          });
      const constrained = await postgresWriteRateWithConstraints(rolledBack, marks, DAY, writtenRows);
      const constrainedShare = written / (ms / 1000) / constrained.rowsPerSecond;
      const ledger = await checkLedger(em());
      const effects =
        day.day.deposits.received.length +
        day.day.bills.paid.length +
        day.windows.reduce((n, w) => n + w.processed + w.settled, 0);
      return [
        {
          name: `one day, ${count} agreements${withoutStatistics ? ', no statistics' : ''}`,
          runs: 1,
          medianMs: ms,
          p95Ms: ms,
          minMs: ms,
          maxMs: ms,
          note:
            `goal < 60 s; ${day.day.deposits.received.length} deposits, ${day.day.bills.paid.length} bills paid ` +
            `(${day.day.bills.notPaid.length} not), ${day.windows[0].processed} sent, ` +
            `${day.windows[1].settled} settled, ${day.day.bills.missedBills} missed bills, ` +
            `${day.day.bills.reminders} reminders, ${day.day.reconciliation.checked} deposits and payments reconciled ` +
            `(${day.day.reconciliation.mismatches.length} mismatches); ${Math.round(effects / (ms / 1000))} effects/s, ` +
            `steps ms ${JSON.stringify(day.day.timings)}, jobs ms ${JSON.stringify(phases)}; deposit review (left out) ${Math.round(day.reviewMs)} ms ` +
            `(CPU Node ${Math.round(review.nodeMs)} ms, PostgreSQL ${Math.round(review.postgresMs)} ms); ` +
            `CPU of the day: Node ${Math.round(cpu.nodeMs - review.nodeMs)} ms, PostgreSQL ${
              cpu.postgresMs === null ? 'unknown' : `${Math.round(cpu.postgresMs - review.postgresMs)} ms`
            }; ` +
            `${written} rows written (${Math.round(written / (ms / 1000))} rows/s; PostgreSQL's own insert…select of ` +
            `the same rows: ${Math.round(own.rowsPerSecond)} rows/s in ${Math.round(own.ms)} ms, the day at ` +
            `${(share * 100).toFixed(1)} %, goal ≥ 25 %; by table ${own.tables
              .map((t) => `${t.table} ${t.rows}`)
              .join(', ')}); second yardstick, the same rows into copies with our foreign keys and the ledger's ` +
            `balance trigger: ${Math.round(constrained.rowsPerSecond)} rows/s in ${Math.round(constrained.ms)} ms, ` +
            `the day at ${(constrainedShare * 100).toFixed(1)} %; check:ledger ${ledger.ok ? 'clean' : 'FAILED'}`,
        },
      ];
    } finally {
      await stop();
    }
  },
};
