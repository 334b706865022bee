import 'reflect-metadata';
import { atRiskSection } from './at-risk.js';
import { bankDaySection } from './bank-day.js';
import { depositReviewSection } from './deposit-review.js';
import { enginesSection } from './engines.js';
import { firstLoadSection } from './first-load.js';
import { missedDepositsSection } from './missed-deposits.js';
import { fuzzSection } from './fuzz.js';
import { liveRefreshSection } from './live-refresh.js';
import { lighthouseSection } from './lighthouse.js';
import { environmentLine, formatSection, type BenchSection } from './harness.js';
import { overviewSection } from './overview.js';
import { payBillSection } from './pay-bill.js';
import { restartSection } from './restart.js';
import { seedSection } from './seed.js';

/**
 * `npm run bench [-- <section> ...]`: every section, or the ones named. Figures go in the issue notes,
 * never in timed tests. A new benchmark is a `tests/bench/<name>.ts` exporting a `BenchSection`, listed here.
 * A section that fails says so in its place and the others still run; the run then exits with 1.
 */
const SECTIONS: BenchSection[] = [
  enginesSection,
  seedSection,
  payBillSection,
  overviewSection,
  firstLoadSection,
  lighthouseSection,
  liveRefreshSection,
  fuzzSection,
  bankDaySection,
  missedDepositsSection,
  atRiskSection,
  depositReviewSection,
  restartSection,
];

const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const unknown = wanted.filter((name) => !SECTIONS.some((section) => section.name === name));
if (unknown.length > 0) {
  console.error(`Unknown section(s): ${unknown.join(', ')}. Known: ${SECTIONS.map((s) => s.name).join(', ')}.`);
  process.exit(2);
}

console.log(`# Benchmarks\n${environmentLine()}\n`);
const failed: string[] = [];
for (const section of SECTIONS.filter((s) => (wanted.length === 0 ? !s.explicitOnly : wanted.includes(s.name)))) {
  try {
    const rows = await section.run();
    console.log(`${formatSection(section, rows)}\n`);
  } catch (error) {
    failed.push(section.name);
    console.error(
      `## ${section.title}\nFAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
}
if (failed.length > 0) {
  console.error(`Failed section(s): ${failed.join(', ')}.`);
  process.exitCode = 1;
}
