import { describe, expect, it } from 'vitest';
import { realDatabaseUrl } from '../support/database.js';
import { runScript } from '../support/script.js';

/**
 * `npm run bench` in miniature, so that a bench cannot rot unseen: the pay-bill section ran on a database without
 * the company catalogue for a whole session, every payment refused, and a plain `npm run bench` stopped there. The
 * sections that start the app and a database run here on small books (their size variables), the same command as
 * `npm run bench`; the figures are not looked at, only that each section measured something. The client build
 * (first-load: tests/e2e/first-load.spec.ts) and the seed (by hand) are left out.
 */
const SECTIONS = ['engines', 'pay-bill', 'overview', 'bank-day', 'missed-deposits', 'at-risk'];
const SMALL_BOOKS = {
  BENCH_MEMBERS: '30',
  BENCH_BANK_AGREEMENTS: '40',
  BENCH_REPORT_AGREEMENTS: '300',
  BENCH_AT_RISK_AGREEMENTS: '40',
};

const bench = () =>
  runScript(
    'tests/bench/run.ts',
    SECTIONS,
    { ...process.env, ...SMALL_BOOKS, DATABASE_URL: realDatabaseUrl, LOG_LEVEL: 'silent' },
    ['--max-semi-space-size=32'],
  );

describe.skipIf(!realDatabaseUrl)('npm run bench, on small books', () => {
  it('runs every section that needs the app, and each measures', { timeout: 300_000 }, async () => {
    const { code, stdout: out, stderr: err } = await bench();
    expect(err).not.toContain('FAILED');
    expect(code, err.slice(-2000)).toBe(0);
    const tables = out.split(/^## /m).slice(1);
    expect(tables).toHaveLength(SECTIONS.length);
    for (const table of tables) expect(table, table.split('\n')[0]).toMatch(/^benchmark +runs +median ms/m);
  });
});
