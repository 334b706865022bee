import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatLongDate, type LocalDate } from '../../server/src/shared/local-date.js';
import { AGENT, MEMBER_NO_AGREEMENT } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { sql } from './biller-wizard.fixtures.js';
import { activateByStaff, approveByMember, preparedNewAgreement } from './lifecycle.fixtures.js';

/**
 * The confirm page and the printed agreement show the first deposit the agreement will have: a new agreement whose
 * first deposit is today, confirmed after today's deposits step ran, is applied with its first deposit tomorrow
 * (plan-schedule.rules.ts#bankFirstDepositDay, the change applier's rule), so they say tomorrow; once applied they
 * read its stored plan, never planned again.
 */

let server: TestServer;
let staff: string;
let today: LocalDate;
let tomorrow: LocalDate;
let agreementId: number;

const CONFIRM = `query($id: Int!) { c: agreementConfirmation(contractId: $id) { summary { firstDepositDate scheduleSummary } } }`;

async function confirmSummary(): Promise<{ firstDepositDate: string; scheduleSummary: string }> {
  const { body } = await server.graphql<{ c: { summary: { firstDepositDate: string; scheduleSummary: string } } }>(
    CONFIRM,
    { id: agreementId },
    staff,
  );
  expect(body.errors).toBeUndefined();
  return body.data!.c.summary;
}

async function printedText(): Promise<string> {
  const response = await fetch(`${server.url}/api/export/contractpdf?contractId=${agreementId}`, {
    headers: { authorization: `Bearer ${staff}` },
  });
  expect(response.status).toBe(200);
  const dir = mkdtempSync(join(tmpdir(), 'confirm-after-bank-day-'));
  writeFileSync(join(dir, 'in.pdf'), Buffer.from(await response.arrayBuffer()));
  return execFileSync('pdftotext', ['-layout', join(dir, 'in.pdf'), '-']).toString('utf8');
}

beforeAll(async () => {
  server = await startTestServer();
  staff = await server.token(...AGENT);
  today = server.app.services.clock.today();
  tomorrow = addDays(today, 1);
  // Fortnightly $40.00 from today (lifecycle.fixtures.ts).
  ({ agreementId } = await preparedNewAgreement(server, MEMBER_NO_AGREEMENT[0]));
});
afterAll(async () => {
  await server?.stop();
});

describe('the first deposit on the confirm page and the printed agreement', () => {
  it('is today before today’s deposits step ran', async () => {
    expect((await confirmSummary()).firstDepositDate).toBe(today);
    expect(await printedText()).toContain(`First deposit: ${formatLongDate(today)}`);
  });

  it('is tomorrow once it ran, as applying it makes it', async () => {
    await server.app.services.bankDay.runStep(server.app.database.orm.em.fork(), 'deposits', today);
    const summary = await confirmSummary();
    expect(summary.firstDepositDate).toBe(tomorrow);
    expect(summary.scheduleSummary).toContain(`from ${formatLongDate(tomorrow)}`);
    const text = await printedText();
    expect(text).toContain(`First deposit: ${formatLongDate(tomorrow)}`);
    expect(text).not.toContain(`First deposit: ${formatLongDate(today)}`);
  });

  it('is the stored plan’s once applied', async () => {
    await activateByStaff(server, agreementId);
    await approveByMember(server, agreementId, MEMBER_NO_AGREEMENT[0]);
    // Approved and waiting to be applied (no stored plan yet): the date applying gives it.
    expect((await confirmSummary()).firstDepositDate).toBe(tomorrow);
    const applied = await server.app.services.changeApplier.applyQueued(server.app.database.orm.em.fork(), agreementId);
    expect(applied.stage).toBe('APPLIED');
    const [plan] = await sql<{ first_deposit_date: string }>(
      server,
      'select first_deposit_date::text as first_deposit_date from agreement_plan where agreement_id = ?',
      [agreementId],
    );
    expect(plan.first_deposit_date).toBe(tomorrow);
    // Read from the stored plan, not planned again from the agreement's fields.
    await sql(server, 'update agreement set contribution_date = ?::date where id = ?', [
      addDays(today, 3),
      agreementId,
    ]);
    expect((await confirmSummary()).firstDepositDate).toBe(tomorrow);
  });
});
