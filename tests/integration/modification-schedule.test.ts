import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, type LocalDate } from '../../server/src/shared/local-date.js';
import { toDecimalString } from '../../server/src/shared/money.js';
import { agreementBalances } from '../../server/src/modules/ledger/ledger-balances.js';
import { checkLedger } from '../../server/src/modules/ledger/ledger-check.js';
import { AGENT, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { bpayCompany, modificationOf, sql } from './biller-wizard.fixtures.js';
import { SEND_NOTICE_JOB } from '../../server/src/modules/notification/events.js';

/**
 * Applying a modification writes the bills of what it changed (modification-schedule.ts): a biller added gets the
 * bill engine's bills, a changed biller's future unpaid bills are replaced, a removed biller's end after its final
 * bill, kept billers and paid bills stay, and the scheduled deposits follow its deposit plan. Idempotent.
 * The rows are checked by hand: weekly and fortnightly bills with a final bill, 10% contingency on a varying bill.
 */

let server: TestServer;
let today: LocalDate;
let versionId: number;
let inForceId: number;

interface BillRow {
  id: number;
  biller_id: number;
  due_date: string;
  expected_amount: string;
  contingency: string;
  is_final_bill: boolean;
  status: number;
}

const billsOf = (agreementId: number, billerId?: number) =>
  sql<BillRow>(
    server,
    `select id, biller_id, due_date::text as due_date, expected_amount::text as expected_amount,
            contingency::text as contingency, is_final_bill, status
     from bill where agreement_id = ? ${billerId ? 'and biller_id = ?' : ''} order by due_date, id`,
    billerId ? [agreementId, billerId] : [agreementId],
  );
const depositsOf = (agreementId: number) =>
  sql<{ id: number; due_date: string; expected_amount: string; status: number }>(
    server,
    `select id, due_date::text as due_date, expected_amount::text as expected_amount, status
     from scheduled_deposit where agreement_id = ? order by due_date`,
    [agreementId],
  );
const plain = (rows: BillRow[]) =>
  rows.map((r) => [r.due_date, r.expected_amount, r.contingency, r.is_final_bill] as const);

beforeAll(async () => {
  server = await startTestServer();
  today = server.app.services.clock.today();
  ({ versionId, inForceId } = await modificationOf(server, MEMBER_TWO_ACCOUNTS[0]));
});
afterAll(async () => {
  await server?.stop();
});

describe('applying a modification writes the bills and deposits of what it changed', () => {
  it('added, changed, removed and kept billers; the deposit plan; paid bills stay; twice writes once', async () => {
    // The version in force's billers with bills still to come, matched to their copies in the modification.
    const billers = await sql<{ id: number; previous_id: number; future: number }>(
      server,
      `select nb.id, nb.previous_id,
              (select count(*) from bill b where b.biller_id = nb.previous_id and b.due_date >= ?::date
                 and b.status in (0, 6))::int as future
       from biller nb where nb.agreement_id = ? and nb.status <> 3 order by future desc, nb.id`,
      [today, versionId],
    );
    expect(billers.length).toBeGreaterThanOrEqual(3);
    const [removed, changed, kept] = billers;
    expect(removed.future).toBeGreaterThanOrEqual(2);
    const removedBefore = (await billsOf(inForceId, removed.previous_id)).filter(
      (b) => b.due_date >= today && [0, 6].includes(b.status),
    );
    const keptBefore = (await billsOf(inForceId, kept.previous_id)).filter(
      (b) => b.due_date >= today && [0, 6].includes(b.status),
    );
    const paidBefore = await sql<{ id: number }>(
      server,
      'select id from bill where agreement_id = ? and status = 2 order by id',
      [inForceId],
    );
    expect(paidBefore.length).toBeGreaterThan(0);

    // Added through the wizard's own operation: fortnightly $120.00 from today + 5, final bill on today + 33.
    const staff = await server.token(...AGENT);
    const bpay = await bpayCompany(server);
    const saved = await server.graphql<{ saveBiller: { errors: { message: string }[] } }>(
      `mutation($input: BillerInput!) { saveBiller(input: $input) { errors { message } } }`,
      {
        input: {
          contractId: versionId,
          billingCategoryId: bpay.categoryId,
          companyId: bpay.companyId,
          nickname: 'Rainwater tank',
          paymentType: 0,
          bPayNumber: bpay.billerCode,
          customerReferenceNumber: bpay.reference,
          expectedBillValue: '120.00',
          billingFrequency: 2,
          isExactDateOfBillKnown: true,
          dateOfBill: addDays(today, 5),
          isFinalBillExpected: true,
          expectedFinalBillDate: addDays(today, 33),
          doesAmountVaryFromBillToBill: false,
          isAutoPaymentBill: true,
        },
      },
      staff,
    );
    expect(saved.body.data?.saveBiller.errors).toEqual([]);
    const [added] = await sql<{ id: number; modification_state: number }>(
      server,
      "select id, modification_state from biller where agreement_id = ? and nickname = 'Rainwater tank'",
      [versionId],
    );
    expect(added.modification_state).toBe(1);
    // Changed (as the biller form saves an edit): weekly $80.00, varying (10% contingency), today + 2 to today + 16.
    await sql(
      server,
      `update biller set billing_frequency = 1, expected_bill_value = 80.00, new_estimate = null,
         date_of_bill = ?::date, second_date_of_bill = null, is_final_bill_expected = true,
         expected_final_bill_date = ?::date, does_amount_vary = true, is_season_bill = false, modification_state = 2
       where id = ?`,
      [addDays(today, 2), addDays(today, 16), changed.id],
    );
    // Removed (as the remove screen saves it), its final bill the first one still to come.
    const finalBill = removedBefore[0].due_date;
    await sql(
      server,
      `update biller set status = 3, modification_state = 3, is_final_bill_expected = true,
         expected_final_bill_date = ?::date where id = ?`,
      [finalBill, removed.id],
    );
    // The deposit plan: weekly $55.55 from tomorrow.
    await sql(
      server,
      `update agreement set deposit_amount = 55.55, contribution_frequency = 1, contribution_date = ?::date,
         bi_monthly_first_date = null, bi_monthly_second_date = null where id = ?`,
      [addDays(today, 1), versionId],
    );
    await sql(server, 'update agreement set status = 2 where id = ?', [versionId]);

    const applier = server.app.services.changeApplier;
    const result = await applier.applyQueued(server.app.database.orm.em.fork(), versionId);
    expect(result.stage).toBe('APPLIED');

    // Added: the engine's three fortnightly bills, the last one final, no contingency (a fixed BPAY bill).
    expect(plain(await billsOf(versionId, added.id))).toEqual([
      [addDays(today, 5), '120.00', '0.00', false],
      [addDays(today, 19), '120.00', '0.00', false],
      [addDays(today, 33), '120.00', '0.00', true],
    ]);
    // Changed: its future bills replaced by the weekly ones; its overdue or paid ones (before today) untouched.
    const changedRows = await billsOf(versionId, changed.id);
    expect(plain(changedRows.filter((b) => b.due_date >= today))).toEqual([
      [addDays(today, 2), '80.00', '8.00', false],
      [addDays(today, 9), '80.00', '8.00', false],
      [addDays(today, 16), '80.00', '8.00', true],
    ]);
    // Removed: the final bill stays (moved with its biller), nothing after it.
    const removedRows = (await billsOf(versionId, removed.id)).filter((b) => b.due_date >= today);
    expect(removedRows.map((b) => [b.id, b.due_date])).toEqual([[removedBefore[0].id, finalBill]]);
    expect(
      await sql(server, 'select id from bill where id = any(?::int[])', [
        `{${removedBefore
          .slice(1)
          .map((b) => b.id)
          .join(',')}}`,
      ]),
    ).toEqual([]);
    // Kept: the very same rows (same ids and figures), now on the new version.
    expect((await billsOf(versionId, kept.id)).filter((b) => b.due_date >= today)).toEqual(
      keptBefore.map((b) => ({ ...b, biller_id: kept.id })),
    );
    // Paid bills stay with the version in force.
    expect(
      await sql<{ id: number }>(server, 'select id from bill where agreement_id = ? and status = 2 order by id', [
        inForceId,
      ]),
    ).toEqual(paidBefore);

    // Deposits: every week from tomorrow to the end date at $55.55, none other still to come.
    const [{ end_date: end }] = await sql<{ end_date: string }>(
      server,
      'select end_date::text as end_date from agreement where id = ?',
      [versionId],
    );
    const weekly: string[] = [];
    for (let date = addDays(today, 1); date <= end; date = addDays(date, 7)) weekly.push(date);
    const deposits = (await depositsOf(versionId)).filter((d) => d.due_date >= today);
    expect(deposits.map((d) => d.due_date)).toEqual(weekly);
    expect(new Set(deposits.map((d) => d.expected_amount))).toEqual(new Set(['55.55']));
    expect(deposits.slice(0, 2).map((d) => d.due_date)).toEqual([addDays(today, 1), addDays(today, 8)]);
    // The agreed plan is stored from today with the balances carried over, and every deposit to come names it.
    const [plan] = await sql<{
      id: number;
      effective_date: string;
      opening_balance: string;
      dates: number;
      lines: number;
    }>(
      server,
      `select p.id, p.effective_date::text as effective_date, p.opening_balance,
         cardinality(p.deposit_dates) as dates, (select count(*)::int from agreement_plan_line l where l.plan_id = p.id) as lines
       from agreement_plan p where p.agreement_id = ?`,
      [versionId],
    );
    const balance = (await agreementBalances(server.app.database.orm.em.fork(), [versionId])).get(versionId)!;
    expect(plan).toMatchObject({
      effective_date: today,
      opening_balance: toDecimalString(balance.total),
      dates: weekly.length,
    });
    expect(plan.lines).toBeGreaterThan(0);
    const unplanned = await sql(
      server,
      'select id from scheduled_deposit where agreement_id = ? and status = 0 and plan_id is distinct from ?',
      [versionId, plan.id],
    );
    expect(unplanned).toEqual([]);

    // The activity says what it wrote.
    const [activity] = await sql<{ data: Record<string, number> }>(
      server,
      'select data from activity where agreement_id = ? and type = 21 order by id desc limit 1',
      [versionId],
    );
    // Six bills written (three added, three for the changed biller: new rows, or an old row on the same date).
    expect(activity.data.billsAdded + activity.data.billsChanged).toBe(6);
    expect(activity.data.billsEnded).toBeGreaterThanOrEqual(removedBefore.length - 1);
    expect(activity.data.depositsAdded + activity.data.depositsChanged).toBe(weekly.length);

    // Twice writes once: a second run changes no row, and the ledger stays balanced.
    const snapshot = async () => ({ bills: await billsOf(versionId), deposits: await depositsOf(versionId) });
    const first = await snapshot();
    const again = await applier.applyQueued(server.app.database.orm.em.fork(), versionId);
    expect(again.stage).toBe('APPLIED');
    const { rescheduleModification } = await import('../../server/src/modules/agreement/modification-schedule.js');
    const em = server.app.database.orm.em.fork();
    const rerun = await em.transactional((tx) => rescheduleModification(tx, versionId, inForceId, today));
    expect(rerun).toEqual({
      billsAdded: 0,
      billsChanged: 0,
      billsEnded: 0,
      overdueBillsChanged: 0,
      depositsAdded: 0,
      depositsChanged: 0,
      depositsEnded: 0,
    });
    expect(await snapshot()).toEqual(first);
    // The members are told once that the changes apply (spec 3 §9): the notice written in the applying transaction.
    await server.app.services.jobs.drain(SEND_NOTICE_JOB);
    const told = await sql<{ name: string }>(
      server,
      'select name from notification where agreement_id = ? and source_type = 3 order by id',
      [versionId],
    );
    expect(told.map((row) => row.name)).toEqual(['AgreementAppliedNotification']);
    const report = await checkLedger(server.app.database.orm.em.fork());
    expect(report.checks.filter((c) => c.violations > 0)).toEqual([]);
  });
});
