import { zonedInstant, type LocalDate } from '../../server/src/shared/local-date.js';
import { SimulationClock } from '../../server/src/modules/core-banking/simulation.js';
import { AtRiskService } from '../../server/src/modules/risk/at-risk.service.js';
import { startBenchApp } from './bench-app.js';
import { seedBankDayBook } from './book.js';
import { measure, type BenchRow, type BenchSection } from './harness.js';

const START = '2026-01-05' as LocalDate;
const TODAY = '2026-02-02' as LocalDate;

/**
 * The at-risk worklist (issue 11 item 7) over a large book: every active agreement's projection (three monthly
 * billers, weekly deposits: its unpaid bills and stored deposits) read for the first short day within 8 and 26 weeks.
 */
export const atRiskSection: BenchSection = {
  name: 'at-risk',
  title: 'At-risk worklist over a large book (real PostgreSQL; every active agreement forecast)',
  async run(): Promise<BenchRow[]> {
    if (!process.env.DATABASE_URL) {
      return [{ name: 'at-risk worklist', note: 'skipped: set DATABASE_URL (a scratch database is created from it)' }];
    }
    const count = Number(process.env.BENCH_AT_RISK_AGREEMENTS ?? 10_000);
    const { app, em, stop } = await startBenchApp(
      'at_risk_bench',
      new SimulationClock(zonedInstant(TODAY, 'Australia/Sydney', 12), 'Australia/Sydney'),
    );
    try {
      await seedBankDayBook((sql) => em().execute(sql), count, START);
      const rows: BenchRow[] = [];
      for (const weeks of [8, 26]) {
        // Every list reads each agreement's projection afresh (nothing is remembered between lists).
        const fresh = () => new AtRiskService(app.services.settings, app.services.clock, app.services.projections);
        const list = await fresh().list(em(), weeks);
        const note = `${list.checked} checked, ${list.items.length} at risk, ${list.notForecast.length} not forecast`;
        rows.push(
          await measure(`first list of the day, ${count} agreements, ${weeks} weeks`, () => fresh().list(em(), weeks), {
            warmup: 0,
            runs: 2,
            note,
          }),
        );
        await app.services.atRisk.list(em(), weeks);
        rows.push(
          await measure(
            `again the same day, ${count} agreements, ${weeks} weeks`,
            () => app.services.atRisk.list(em(), weeks),
            {
              warmup: 0,
              runs: 3,
              note,
            },
          ),
        );
      }
      return rows;
    } finally {
      await stop();
    }
  },
};
