import { existsSync } from 'node:fs';
import type { BenchRow, BenchSection } from './harness.js';

const SEED_SCRIPT = 'server/src/scripts/seed.ts';

/**
 * Seeding at scale needs a database and writes to it, so the bench does not run it: it says how to measure.
 * Replace this with a measured section once the seed can run against a scratch database from here.
 */
export const seedSection: BenchSection = {
  name: 'seed',
  title: 'Scale seed (rows per second)',
  async run(): Promise<BenchRow[]> {
    const how =
      'measure by hand on a scratch database: DATABASE_URL=postgres://…/scratch npm run seed -- --members 10000 ' +
      '(prints rows/s)';
    return [
      existsSync(SEED_SCRIPT)
        ? { name: 'seed 10,000 members', note: how }
        : { name: 'seed 10,000 members', note: `skipped: ${SEED_SCRIPT} is not written yet; then ${how}` },
    ];
  },
};
