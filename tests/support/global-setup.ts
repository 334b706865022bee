import { dropRunDatabases, removeEmbeddedTestData } from './database.js';

/** The integration run's set-up and tear-down: no worker database or seeded template outlives a run (database.ts). */
export async function setup(): Promise<() => Promise<void>> {
  const clean = async () => {
    removeEmbeddedTestData();
    await dropRunDatabases();
  };
  await clean();
  return clean;
}
