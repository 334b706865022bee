import { dropTemplates } from './database.js';

/** The integration run's set-up and tear-down: no seeded template outlives a run (see freshSeededDatabase). */
export async function setup(): Promise<() => Promise<void>> {
  await dropTemplates();
  return dropTemplates;
}
