import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fromSamples, type BenchRow, type BenchSection } from './harness.js';

/**
 * Start and restart as `npm start` does them (issue 23 item 6: first start from a fresh clone ≤ 60 s, restart ≤ 3 s):
 * the built server (`node scripts/build-if-changed.mjs` first) on the embedded database in a scratch DATA_DIR, timed
 * from the process's launch to the login page answering. The first start creates the database and loads the demo
 * data; each restart finds them. The CPU time the process spent until it was listening is noted beside (read from
 * /proc, Linux only): on a shared machine it says more than the wall clock.
 */
const RESTARTS = 3;
const MAIN = 'dist/server/src/main.js';

/** CPU seconds (user + system) a process has used so far, on Linux. */
function cpuSeconds(pid: number): number | null {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return null;
  const fields = readFileSync(stat, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function startOnce(dataDir: string): Promise<{ ms: number; cpu: number | null }> {
  // As `npm start` runs it: no DATABASE_URL, no NODE_ENV (the demo data and demo mode on).
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  const started = performance.now();
  const child = spawn(process.execPath, ['--max-semi-space-size=32', MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let cpu: number | null = null;
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const found = /running at (http:\/\/\S+) on/.exec(output);
        if (found) {
          cpu = cpuSeconds(child.pid ?? 0);
          resolve(found[1]);
        }
      });
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening:\n${output}`)));
    });
    const page = await fetch(`${url}/login`);
    if (!page.ok) throw new Error(`the login page answered ${page.status}`);
    await page.arrayBuffer();
    return { ms: performance.now() - started, cpu };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.exitCode === null) child.kill('SIGINT');
    await exited;
  }
}

export const restartSection: BenchSection = {
  name: 'restart',
  title: 'Start and restart (npm start, embedded database, launch → login page)',
  async run(): Promise<BenchRow[]> {
    const build = spawnSync(process.execPath, ['scripts/build-if-changed.mjs'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the build failed');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-restart-'));
    try {
      const first = await startOnce(dataDir);
      const restarts = [];
      for (let i = 0; i < RESTARTS; i += 1) restarts.push(await startOnce(dataDir));
      const cpuNote = (runs: { cpu: number | null }[]) => {
        const cpus = runs.map((run) => run.cpu).filter((cpu): cpu is number => cpu !== null);
        return cpus.length === 0 ? '' : `; CPU until listening ${cpus.map((cpu) => cpu.toFixed(2)).join(', ')} s`;
      };
      return [
        fromSamples('first start (new database, demo data loaded)', [first.ms], `goal ≤ 60 s${cpuNote([first])}`),
        fromSamples(
          'restart',
          restarts.map((run) => run.ms),
          `goal ≤ 3 s${cpuNote(restarts)}`,
        ),
      ];
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
