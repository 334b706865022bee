import { rmSync } from 'node:fs';
import path from 'node:path';
import { runScript } from '../support/script.js';
import { e2eDataDir, TEMPLATE_DIR } from './file-servers.js';

/**
 * The browser run's set-up: one embedded database migrated and seeded on the run's clock (serve.ts --seed), the
 * template every spec file's server copies (file-servers.ts). The tear-down removes it and every copy.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  rmSync(path.resolve('.e2e-data'), { recursive: true, force: true });
  const started = performance.now();
  const seeded = await runScript('tests/e2e/serve.ts', ['--seed'], {
    ...process.env,
    DATA_DIR: path.join(e2eDataDir(), TEMPLATE_DIR),
  });
  if (seeded.code !== 0)
    throw new Error(`Seeding the browser tests' database failed:\n${seeded.stdout}\n${seeded.stderr}`);
  console.log(`Seeded the browser tests' database in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return async () => rmSync(e2eDataDir(), { recursive: true, force: true });
}
