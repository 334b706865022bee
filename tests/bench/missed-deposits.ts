import { startApp } from '../../server/src/app.js';
import { zonedInstant, type LocalDate } from '../../server/src/common/local-date.js';
import { loadConfig } from '../../server/src/config.js';
import { SimulationClock } from '../../server/src/modules/core-banking/simulation.js';
import { createScratchDatabase } from '../integration/ledger-fixture.js';
import { measure, type BenchRow, type BenchSection } from './harness.js';

const TODAY = '2026-03-02' as LocalDate;
const START = '2026-01-05' as LocalDate;

/**
 * A book built set-based: `count` agreements over 10 branches, 10 weekly deposits each (8 past), one agreement in
 * ten in missed deposit (4) with its last two past deposits missed (status 2), as the bank day leaves them.
 */
async function build(run: (sql: string) => Promise<unknown>, count: number): Promise<void> {
  await run(`insert into branch (name) select 'Bench branch ' || g from generate_series(1, 10) g`);
  await run(`insert into member (member_number, first_name, last_name, branch_id)
             select 'MD' || g, 'Bench', 'Member ' || g, (select min(id) from branch) + (g % 10)
             from generate_series(1, ${count}) g`);
  await run(`insert into account (account_number) select 'MDA' || g from generate_series(1, ${count}) g`);
  await run(`insert into member_account_link (member_id, account_id, is_primary)
             select m.id, a.id, true from member m join account a on a.account_number = 'MDA' || substr(m.member_number, 3)
             where m.member_number like 'MD%'`);
  await run(`insert into agreement (account_id, status, start_date, end_date, contribution_frequency, contribution_date,
               deposit_type, remitter_name, remitter_number, deposit_amount)
             select a.id, case when a.id % 10 = 0 then 4 else 7 end, '${START}', '2027-01-03', 1, '${START}', 1,
               'Employer', '12345', 120 from account a where a.account_number like 'MDA%'`);
  await run(`insert into scheduled_deposit (agreement_id, due_date, expected_amount, received_amount, status)
             select g.id, '${START}'::date + w * 7, 120,
               case when g.status = 4 and w between 6 and 7 then 0 when w < 8 then 120 else 0 end,
               case when g.status = 4 and w between 6 and 7 then 2 when w < 8 then 1 else 0 end
             from agreement g cross join generate_series(0, 9) w`);
  await run('analyze');
}

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
    const scratch = await createScratchDatabase('missed_deposits_bench');
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: scratch.url,
      TOKEN_SECRET: 'bench-token-secret',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      DEMO_DATA: 'false',
      JOB_POLLING_SECONDS: '0',
    });
    const app = await startApp(config, {
      port: 0,
      clock: new SimulationClock(zonedInstant(TODAY, 'Australia/Sydney', 12), 'Australia/Sydney'),
    });
    try {
      const em = () => app.database.orm.em.fork();
      await build((sql) => em().execute(sql), count);
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
      await app.stop();
      await scratch.drop();
    }
  },
};
