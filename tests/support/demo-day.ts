import { parseLocalDate } from '../../server/src/shared/local-date.js';

/**
 * The fixed day the story tests build their server's clock and the demo data on (in Australia/Sydney). The demo data
 * is laid out relative to its day (server/src/seed/demo.ts), and what a story meets then depends on the calendar: on
 * 2026-11-29 the renewal's first weeks dip below zero (the deposits step asks for the overdraw choice; renewal.test), the
 * showcase agreement is first short on 2027-03-01 rather than today (simulated-year.test) and every active agreement
 * with bills ahead is at risk (at-risk.test). A test built on the real day fails on a calendar day, not on a change;
 * these stories were written against this one.
 */
export const DEMO_DAY = parseLocalDate('2026-11-28');
