import { zonedInstant, type LocalDate } from '../../server/src/shared/local-date.js';
import { SimulationClock } from '../../server/src/modules/core-banking/simulation.js';
import { runningAgreementFacts } from '../../server/src/modules/agreement/review/review-store.js';
import { startBenchApp } from './bench-app.js';
import { seedBankDayBook } from './book.js';
import { measure, type BenchRow, type BenchSection } from './harness.js';

const START = '2026-01-05' as LocalDate;
const TODAY = '2026-04-06' as LocalDate;

/**
 * The deposit that reviews itself (issue 24 item 2) over a large book: every running agreement's per-bill table and
 * proposal (the projection's input, the term's bills, the stored plans; a bisection on the forecast each), and the
 * scheduled job's run that records the due ones (first run of the day: every agreement due by the calendar; again
 * the same day: nothing new to write).
 */
export const depositReviewSection: BenchSection = {
  name: 'deposit-review',
  title: 'Deposit review of a large book (real PostgreSQL; table, proposal and the scheduled run)',
  async run(): Promise<BenchRow[]> {
    if (!process.env.DATABASE_URL) {
      return [{ name: 'deposit review', note: 'skipped: set DATABASE_URL (a scratch database is created from it)' }];
    }
    const count = Number(process.env.BENCH_REVIEW_AGREEMENTS ?? 10_000);
    const { app, em, stop } = await startBenchApp(
      'deposit_review_bench',
      new SimulationClock(zonedInstant(TODAY, 'Australia/Sydney', 12), 'Australia/Sydney'),
    );
    try {
      await seedBankDayBook((sql) => em().execute(sql), count, START);
      const reviews = app.services.depositReviews;
      const agreements = await runningAgreementFacts(em());
      const computed = await reviews.forAgreements(em(), agreements);
      const proposals = [...computed.values()].filter(
        (review) => review.proposal !== null && review.proposal.proposedDeposit !== null,
      );
      const rows: BenchRow[] = [
        await measure(
          `table + proposal, ${agreements.length} agreements (no writes)`,
          () => reviews.forAgreements(em(), agreements),
          { warmup: 0, runs: 2, note: `${proposals.length} with a proposed deposit` },
        ),
      ];
      let first = '';
      rows.push(
        await measure(
          `scheduled run, first of the day, ${agreements.length} agreements`,
          async () => {
            first = JSON.stringify(await reviews.reviewAll(em()));
          },
          { warmup: 0, runs: 1 },
        ),
      );
      rows[rows.length - 1].note = first;
      let again = '';
      rows.push(
        await measure(
          `scheduled run, again the same day`,
          async () => {
            again = JSON.stringify(await reviews.reviewAll(em()));
          },
          { warmup: 0, runs: 2 },
        ),
      );
      rows[rows.length - 1].note = again;
      return rows;
    } finally {
      await stop();
    }
  },
};
