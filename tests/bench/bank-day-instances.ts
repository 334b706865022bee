import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { LocalDate } from '../../server/src/shared/local-date.js';
import type { StepReport } from '../../server/src/modules/core-banking/bank-day.service.js';
import { BANK_DAY_JOB, finishKey } from '../../server/src/modules/core-banking/core-banking.jobs.js';
import { checkLedger } from '../../server/src/modules/ledger/ledger-check.js';
import type { BenchApp } from './bench-app.js';
import type { BenchRow } from './harness.js';

const NODE = [process.execPath, '--import', '@swc-node/register/esm-register'];

/**
 * Issue 23 item 3: the bank day's four steps run by the job workers of `instances` instances on one database (this
 * process's server, and `instances - 1` server processes of their own: `server/src/main.ts`, ports 4201…), the
 * first step sent as its schedule would; the wall time from the send to the last step's end. Each instance's worker
 * takes one part of a step at a time (BANK_DAY_PARTITION_SIZE agreements).
 */
export async function dayByWorkers(
  bench: BenchApp & { databaseUrl: string },
  day: LocalDate,
  instances: number,
  partitionSize: string,
): Promise<BenchRow> {
  const { app, em } = bench;
  const children = [];
  try {
    for (let i = 1; i < instances; i += 1) {
      const child = spawn(NODE[0], [...NODE.slice(1), 'server/src/main.ts'], {
        env: {
          ...process.env,
          NODE_ENV: 'production',
          DATABASE_URL: bench.databaseUrl,
          PORT: String(4200 + i),
          HOST: '127.0.0.1',
          TOKEN_SECRET: 'bench-token-secret',
          LOG_LEVEL: 'silent',
          DEMO_DATA: 'false',
          JOB_POLLING_SECONDS: '0.5',
          BANK_DAY_PARTITION_SIZE: partitionSize,
        },
      });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
      children.push(child);
      const deadline = Date.now() + 120_000;
      while (!out.includes('running at') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      if (!out.includes('running at')) throw new Error(`Instance ${i + 1} did not start: ${out}`);
    }
    const here: StepReport[] = [];
    const stop = app.services.bankDay.listen((report) => {
      if ('step' in report) here.push(report);
    });
    const load = loadavg()[0];
    const started = performance.now();
    await app.services.jobs.send(em(), BANK_DAY_JOB, { date: day }, { key: `day:${day}` });
    app.services.jobs.notify(BANK_DAY_JOB);
    for (;;) {
      const [row] = await em().execute<{ n: number }[]>(
        `select count(*)::int as n from pgboss.job where name = 'core-banking-calendar' and singleton_key = ?
         and state = 'completed'`,
        [finishKey('calendar', day, 1)],
      );
      if (row.n > 0) break;
      if (performance.now() - started > 600_000) throw new Error('The day did not end within 10 minutes');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const ms = performance.now() - started;
    stop();
    const parts = await em().execute<{ step: string; parts: number; ms: number }[]>(
      `select step, count(*)::int as parts,
         round(extract(epoch from max(done_at) - min(created_at)) * 1000)::int as ms
       from bank_day_partition where business_date = ? group by step order by min(created_at)`,
      [day],
    );
    const total = parts.reduce((n, p) => n + p.parts, 0);
    const ledger = await checkLedger(em());
    return {
      name: `the day's four steps by the workers of ${instances} instance${instances === 1 ? '' : 's'}, parts of ${partitionSize}`,
      runs: 1,
      medianMs: ms,
      p95Ms: ms,
      minMs: ms,
      maxMs: ms,
      note:
        `${total} parts (${parts.map((p) => `${p.step} ${p.parts} in ${p.ms} ms`).join(', ')}), ` +
        `${here.length} run by this instance; ${cpus().length} cores, load ${load.toFixed(2)} at the start, ` +
        `${loadavg()[0].toFixed(2)} at the end; check:ledger ${ledger.ok ? 'clean' : 'FAILED'}`,
    };
  } finally {
    for (const child of children) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('close', resolve));
    }
  }
}
