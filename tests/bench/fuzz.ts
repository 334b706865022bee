import { spawnSync } from 'node:child_process';
import type { BenchRow, BenchSection } from './harness.js';

/**
 * `npm run bench -- fuzz`: the long run of the fuzzing test (tests/security/fuzz.test.ts), FUZZ_RUNS cases per
 * half (default 20,000 here, 600 in CI); FUZZ_SEED replays one. Not part of a plain `npm run bench`.
 */
export const fuzzSection: BenchSection = {
  name: 'fuzz',
  title: 'Fuzzing: every operation and route with hostile input (long run)',
  explicitOnly: true,
  async run(): Promise<BenchRow[]> {
    if (!process.env.DATABASE_URL) {
      return [{ name: 'fuzz', note: 'skipped: set DATABASE_URL to a scratch database (its public schema is emptied)' }];
    }
    const runs = process.env.FUZZ_RUNS ?? '20000';
    const started = performance.now();
    const result = spawnSync('npx', ['vitest', 'run', 'tests/security/fuzz.test.ts'], {
      env: { ...process.env, FUZZ_RUNS: runs },
      stdio: 'inherit',
    });
    const seconds = Math.round((performance.now() - started) / 1000);
    const outcome = result.status === 0 ? 'passed' : `FAILED (exit ${result.status ?? 'signal'})`;
    return [{ name: `fuzz ×${runs} per half`, note: `${outcome} in ${seconds} s` }];
  },
};
