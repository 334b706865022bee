import { describe, expect, it } from 'vitest';
import { DATABASE_VACUUM_JOB, maintenanceWanted, type DatabaseKind } from './database-vacuum.js';

describe('the database upkeep', () => {
  it.each<[DatabaseKind, boolean]>([
    ['embedded', true], // PGlite: single-user PostgreSQL, no autovacuum
    ['postgresql', false], // autovacuum vacuums and analyses on its own
  ])('on the %s database: wanted %s', (kind, wanted) => {
    expect(maintenanceWanted(kind)).toBe(wanted);
  });

  it('runs at 03:30: after the 00:05 bank day and the 01:30 deposit review, before the 9:00 window', () => {
    expect(DATABASE_VACUUM_JOB.definition.cron).toBe('30 3 * * *');
  });
});
