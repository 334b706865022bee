import { dropRunDatabases } from './database.js';

/** The integration run's set-up and tear-down: no worker database or seeded template outlives a run (database.ts). */
export async function setup(): Promise<() => Promise<void>> {
  await dropRunDatabases();
  return dropRunDatabases;
}
