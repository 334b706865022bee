import { OWED_STATUSES } from '../../server/src/shared/bill/bill-status.rules.js';
import type { LocalDate } from '../../server/src/shared/local-date.js';
import { parseMoney, type Cents } from '../../server/src/shared/money.js';
import type { TestServer } from '../support/server.js';
import { sql } from './biller-wizard.fixtures.js';

/**
 * What a renewal of `versionId` opens with beyond the closing balance its term-end choice carries: the money held for
 * the version's bills still owed and overdue on `today` (due before it), which it takes over with them (rule "the
 * bills the renewal takes over", term-end.rules.ts), at their expected amounts. By hand, for the tests.
 */
export async function heldForOverdueBills(server: TestServer, versionId: number, today: LocalDate): Promise<Cents> {
  const [row] = await sql<{ owed: string }>(
    server,
    `select coalesce(sum(expected_amount), 0)::text as owed from bill
     where agreement_id = ? and status = any(?::smallint[]) and due_date < ?::date`,
    [versionId, `{${OWED_STATUSES.join(',')}}`, today],
  );
  return parseMoney(row.owed);
}
