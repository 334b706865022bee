import { zonedInstant, type LocalDate } from '../../server/src/shared/local-date.js';
import { SimulationClock } from '../../server/src/modules/core-banking/simulation.js';
import { startBenchApp } from './bench-app.js';
import { seedMissedDepositBook } from './book.js';
import { measure, type BenchRow, type BenchSection } from './harness.js';

const TODAY = '2026-03-02' as LocalDate;
const START = '2026-01-05' as LocalDate;

/** The missed-deposit report (issue 11 item 6) over a large book: the statement, the grouping and the CSV. */
export const missedDepositsSection: BenchSection = {
  name: 'missed-deposits',
  title: 'Missed-deposit report over a large book (real PostgreSQL; goal < 2 s for 100,000 agreements)',
  async run(): Promise<BenchRow[]> {
    if (!process.env.DATABASE_URL) {
      return [
        { name: 'missed-deposit report', note: 'skipped: set DATABASE_URL (a scratch database is created from it)' },
      ];
    }
    const count = Number(process.env.BENCH_REPORT_AGREEMENTS ?? 100_000);
    const { app, em, stop } = await startBenchApp(
      'missed_deposits_bench',
      new SimulationClock(zonedInstant(TODAY, 'Australia/Sydney', 12), 'Australia/Sydney'),
    );
    try {
      await seedMissedDepositBook((sql) => em().execute(sql), count, START);
      const branches = (await app.services.missedDeposits.branches(em())).map((b) => b.id);
      const report = await app.services.missedDeposits.report(em(), { branches });
      const note = `${count} agreements, ${report.agreementCount} in arrears, total ${report.totalValueInArrears / 100}`;
      return [
        await measure(
          `report, ${count} agreements, all branches`,
          () => app.services.missedDeposits.report(em(), { branches }),
          { warmup: 1, runs: 5, note: `goal < 2 s; ${note}` },
        ),
        await measure(
          `CSV, ${count} agreements, all branches`,
          () => app.services.missedDeposits.csv(em(), { branches }),
          { warmup: 1, runs: 3, note: `report + Missed_Deposits_Report.csv` },
        ),
      ];
    } finally {
      await stop();
    }
  },
};
