import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, type LocalDate } from '../../server/src/shared/local-date.js';
import { MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { agreementInForce, sql } from './biller-wizard.fixtures.js';
import { startModification } from './modification.fixtures.js';

/**
 * A modification whose next deposit is today (saved before today's deposits step, which the wizard allows), approved
 * and applied after the step ran (00:05): a deposit of today written then would be asked for only the next day, as a
 * missed one. Applied, its new deposit of today is tomorrow's (modification-schedule.rules.ts#depositChanges with
 * the bank's first day), the rest of its schedule as agreed.
 */

let server: TestServer;
let today: LocalDate;
let versionId: number;

const depositsOf = async (agreementId: number) =>
  (
    await sql<{ due_date: string; status: number }>(
      server,
      `select due_date::text as due_date, status from scheduled_deposit where agreement_id = ? and due_date >= ?::date
       order by due_date`,
      [agreementId, today],
    )
  ).map((row) => ({ dueDate: row.due_date, status: Number(row.status) }));

beforeAll(async () => {
  server = await startTestServer();
  today = server.app.services.clock.today();
  const { agreementId: inForceId } = await agreementInForce(server, MEMBER_TWO_ACCOUNTS[0]);
  // The version in force has no deposit today (none of its own is held on that date).
  expect((await depositsOf(inForceId)).filter((d) => d.dueDate === today)).toEqual([]);
  versionId = await startModification(server, inForceId);
  // Saved before today's step: weekly from today.
  await sql(server, 'update agreement set contribution_frequency = 1, contribution_date = ?::date where id = ?', [
    today,
    versionId,
  ]);
  const em = server.app.database.orm.em.fork();
  await server.app.services.bankDay.runStep(em, 'deposits', today);
  expect(await server.app.services.bankDay.depositsTakenOn(em.fork(), today)).toBe(true);
  await sql(server, 'update agreement set status = 2 where id = ?', [versionId]);
  const applied = await server.app.services.changeApplier.applyQueued(em.fork(), versionId);
  expect(applied.stage).toBe('APPLIED');
});
afterAll(async () => {
  await server?.stop();
});

describe('a modification with its next deposit today, applied after today’s deposits step ran', () => {
  it('has its first deposit tomorrow, none today, then weekly as agreed', async () => {
    const dates = (await depositsOf(versionId)).map((d) => d.dueDate);
    expect(dates.slice(0, 3)).toEqual([addDays(today, 1), addDays(today, 7), addDays(today, 14)]);
  });
});
