import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAgreementFacts } from '../../server/src/modules/agreement/agreement-facts.js';
import { loadBillers, loadBills } from '../../server/src/modules/agreement/agreement-billers.js';
import { billersOnHold } from '../../server/src/modules/agreement/agreement-summary.rules.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { agreementInForce, sql } from './biller-wizard.fixtures.js';
import { startModification } from './modification.fixtures.js';

/**
 * A failed bill (its payment returned: owed again, bill-status.rules.ts#OWED_STATUSES) of a biller on hold, when a
 * modification is applied: it follows its biller into the new version as the other owed bills do
 * (version-carry-over.ts), so the member's bills and the on-hold banner of the version in force agree. It stayed on
 * the replaced version before: gone from "Next bills" while the banner (the new version's biller, still on hold)
 * said it had failed.
 */

let server: TestServer;
let inForceId: number;
let versionId: number;
let failed: { id: number; biller_id: number; due_date: string; nickname: string };

const billRow = async (id: number) =>
  (
    await sql<{ agreement_id: number; biller_id: number; status: number }>(
      server,
      'select agreement_id, biller_id, status from bill where id = ?',
      [id],
    )
  )[0];

beforeAll(async () => {
  server = await startTestServer();
  ({ agreementId: inForceId } = await agreementInForce(server, '100001'));
  const rows = await sql<{ id: number; biller_id: number; due_date: string; nickname: string }>(
    server,
    `select b.id, b.biller_id, b.due_date::text as due_date, br.nickname from bill b join biller br on br.id = b.biller_id
     where b.agreement_id = ? and b.status = 5 and br.status = 5
       and exists (select 1 from bill_money_source m where m.bill_id = b.id)
     order by b.due_date desc limit 1`,
    [inForceId],
  );
  expect(rows).toHaveLength(1); // the demo's failed bill, its returned payment's money sources kept
  failed = rows[0];
  versionId = await startModification(server, inForceId);
  await sql(server, 'update agreement set status = 2 where id = ?', [versionId]);
  const applied = await server.app.services.changeApplier.applyQueued(server.app.database.orm.em.fork(), versionId);
  expect(applied.stage).toBe('APPLIED');
});
afterAll(async () => {
  await server?.stop();
});

describe('a modification applied over a failed bill of a biller on hold', () => {
  it('carries the failed bill over to the new version’s copy of its biller, still failed', async () => {
    const [copy] = await sql<{ id: number; status: number }>(
      server,
      'select id, status from biller where agreement_id = ? and previous_id = ?',
      [versionId, failed.biller_id],
    );
    expect(Number(copy.status)).toBe(5);
    expect(await billRow(failed.id)).toEqual({ agreement_id: versionId, biller_id: copy.id, status: 5 });
  });

  it('leaves the replaced version no failed bill its banner would still count', async () => {
    const left = await sql<{ n: number }>(
      server,
      'select count(*)::int as n from bill where agreement_id = ? and status = 5',
      [inForceId],
    );
    expect(left[0].n).toBe(0);
  });

  it('the banner of the version in force and its bills due name the failed bill it holds', async () => {
    const em = server.app.database.orm.em.fork();
    const bills = await loadBills(em, [versionId]);
    const held = bills.filter((bill) => bill.status === 5);
    expect(held.map((bill) => bill.dueDate)).toContain(failed.due_date);
    const banner = billersOnHold(await loadBillers(em, [versionId]), bills);
    expect(banner.map((b) => b.billerName)).toContain(failed.nickname);
    // And the member's bills due ("Next bills", the projection's) hold it, as the banner says.
    const facts = (await loadAgreementFacts(em, versionId))!;
    const projection = await server.app.services.projections.forAgreement(em, facts);
    expect(projection.billsDue.map((bill) => bill.billId)).toContain(failed.id);
  });
});
