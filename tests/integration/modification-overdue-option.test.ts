import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalDate } from '../../server/src/shared/local-date.js';
import { checkLedger } from '../../server/src/modules/ledger/ledger-check.js';
import { MEMBER_MISSED_DEPOSIT } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { modificationOf, sql } from './biller-wizard.fixtures.js';

/**
 * The biller form's overdue option when a modification is applied (spec 2 §8; modification-schedule.ts,
 * `overdueBillChanges`): a changed biller whose agent chose "All unpaid overdue, current and future bills" has its
 * unpaid overdue bills brought to the new amount; "Current and future bills only" leaves them as they were. On the
 * demo's agreement in missed deposit (100002), whose billers have unpaid overdue bills.
 */

let server: TestServer;
let today: LocalDate;

interface BillRow {
  id: number;
  due_date: string;
  expected_amount: string;
  amount_allocated: string;
  contingency: string;
  status: number;
}

const billsOf = (agreementId: number, billerId: number) =>
  sql<BillRow>(
    server,
    `select id, due_date::text as due_date, expected_amount::text as expected_amount,
            amount_allocated::text as amount_allocated, contingency::text as contingency, status
     from bill where agreement_id = ? and biller_id = ? order by due_date, id`,
    [agreementId, billerId],
  );

beforeAll(async () => {
  server = await startTestServer();
  today = server.app.services.clock.today();
});
afterAll(async () => {
  await server?.stop();
});

describe('applying a modification honours the biller form’s overdue option', () => {
  it('all unpaid overdue bills take the new amount; current and future only leaves them; twice writes once', async () => {
    const { versionId, inForceId } = await modificationOf(server, MEMBER_MISSED_DEPOSIT[0]);
    // The modification's billers whose previous versions have unpaid overdue bills (nothing paid towards them).
    const billers = await sql<{ id: number; previous_id: number; overdue: number }>(
      server,
      `select nb.id, nb.previous_id,
              (select count(*) from bill b where b.biller_id = nb.previous_id and b.due_date < ?::date
                 and b.status in (1, 4)
                 and not exists (select 1 from bill_money_source m where m.bill_id = b.id))::int as overdue
       from biller nb where nb.agreement_id = ? and nb.status <> 3 order by overdue desc, nb.id`,
      [today, versionId],
    );
    expect(billers[0]?.overdue ?? 0).toBeGreaterThan(0);
    const [all, currentOnly] = billers;
    const overdueBefore = async (biller: { previous_id: number }) =>
      (await billsOf(inForceId, biller.previous_id)).filter((b) => b.due_date < today && [1, 4].includes(b.status));
    const allBefore = await overdueBefore(all);
    const currentBefore = currentOnly ? await overdueBefore(currentOnly) : [];

    // Edited as the biller form saves it: a new fixed amount, and the overdue option.
    const edit = (id: number, amount: string, option: number) =>
      sql(
        server,
        `update biller set expected_bill_value = ?::numeric, new_estimate = null, does_amount_vary = false,
           is_season_bill = false, modification_state = 2, overdue_option = ? where id = ?`,
        [amount, option, id],
      );
    await edit(all.id, '321.45', 1);
    if (currentOnly) await edit(currentOnly.id, '54.32', 2);
    await sql(server, 'update agreement set status = 2 where id = ?', [versionId]);

    const applier = server.app.services.changeApplier;
    const result = await applier.applyQueued(server.app.database.orm.em.fork(), versionId);
    expect(result.stage).toBe('APPLIED');

    // "All unpaid overdue, current and future bills": the overdue ones, on their own dates and still overdue, carry
    // the figures of the biller's bills from today on.
    const allRows = await billsOf(versionId, all.id);
    const future = allRows.filter((b) => b.due_date >= today);
    expect(future.length).toBeGreaterThan(0);
    expect(new Set(future.map((b) => b.expected_amount))).toEqual(new Set(['321.45']));
    const overdueAfter = allRows.filter((b) => b.due_date < today && [1, 4].includes(b.status));
    expect(overdueAfter.map((b) => [b.id, b.due_date, b.status])).toEqual(
      allBefore.map((b) => [b.id, b.due_date, b.status]),
    );
    for (const bill of overdueAfter) {
      expect([bill.expected_amount, bill.amount_allocated, bill.contingency]).toEqual([
        '321.45',
        '321.45',
        future[0].contingency,
      ]);
    }
    // "Current and future bills only": the overdue ones are owed as they were.
    if (currentOnly) {
      const currentRows = await billsOf(versionId, currentOnly.id);
      expect(currentRows.filter((b) => b.due_date < today && [1, 4].includes(b.status))).toEqual(currentBefore);
    }

    // The activity counts them; a second run changes nothing; the ledger stays balanced.
    const [activity] = await sql<{ data: Record<string, number> }>(
      server,
      'select data from activity where agreement_id = ? and type = 21 order by id desc limit 1',
      [versionId],
    );
    expect(activity.data.overdueBillsChanged).toBe(allBefore.length);
    const { rescheduleModification } = await import('../../server/src/modules/agreement/modification-schedule.js');
    const em = server.app.database.orm.em.fork();
    const rerun = await em.transactional((tx) => rescheduleModification(tx, versionId, inForceId, today));
    expect(rerun.overdueBillsChanged).toBe(0);
    const report = await checkLedger(server.app.database.orm.em.fork());
    expect(report.checks.filter((c) => c.violations > 0)).toEqual([]);
  });
});
