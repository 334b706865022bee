import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, zonedInstant, type LocalDate } from '../../server/src/shared/local-date.js';
import { ActivityType } from '../../server/src/modules/activity/index.js';
import { BillStatus } from '../../server/src/modules/bill/index.js';
import { billDayChange } from '../../server/src/modules/core-banking/bank-day.rules.js';
import { SimulationClock } from '../../server/src/modules/core-banking/simulation.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { createBankAgreement, type AgreementSpec } from './core-banking-world.js';
import { createMember } from './payment-world.js';

const TZ = 'Australia/Sydney';
const START = '2026-01-01' as LocalDate;
const TODAY = '2026-03-10' as LocalDate;

/** A monthly bill paid by hand (reminders) and a monthly bill paid automatically (no reminder). */
const SPEC: AgreementSpec = {
  start: START,
  end: '2026-12-31' as LocalDate,
  frequency: 2,
  billers: [
    {
      nickname: 'Phone',
      paymentMethod: 4,
      value: '80.00',
      frequency: 3,
      dateOfBill: '2026-01-12' as LocalDate,
      autoPayment: false,
    },
    { nickname: 'Power', paymentMethod: 4, value: '150.00', frequency: 3, dateOfBill: '2026-01-20' as LocalDate },
  ],
};

interface BillRow {
  id: number;
  agreement_id: number;
  status: number;
  due_date: string;
  auto: boolean;
}

/**
 * The bills' calendar step (bill-days.ts `calendar`) against its rule (`billDayChange`), bill by bill: every unpaid
 * bill of a running agreement gets the status the rule gives on the day, a missed bill is told once, a bill paid by
 * hand three days ahead is reminded of once, and a second run of the day changes and tells nothing.
 */
describe('the bills’ calendar of a bank day', () => {
  let server: TestServer;
  const em = () => server.app.database.orm.em.fork();

  beforeAll(async () => {
    const clock = new SimulationClock(zonedInstant(TODAY, TZ, 0, 10), TZ);
    server = await startTestServer({ env: { DEMO_DATA: 'false' }, clock });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  const bills = (agreementIds: number[]) =>
    em().execute<BillRow[]>(
      `select b.id, b.agreement_id, b.status, b.due_date::text as due_date, coalesce(br.is_auto_payment, false) as auto
       from bill b left join biller br on br.id = b.biller_id where b.agreement_id = any(?::int[]) order by b.id`,
      [`{${agreementIds.join(',')}}`],
    );
  const told = (agreementIds: number[]) =>
    em().execute<{ type: number; bill_id: number; details: string }[]>(
      `select type, bill_id, details from activity where agreement_id = any(?::int[]) and type in (?, ?)
       order by id`,
      [`{${agreementIds.join(',')}}`, ActivityType.MissedBill, ActivityType.BillReminder],
    );

  it('moves every unpaid bill as the rule says, tells a missed bill and a reminder once, and a second run does nothing', async () => {
    const first = await createBankAgreement(em(), await createMember(em(), 'cal1'), SPEC);
    const second = await createBankAgreement(em(), await createMember(em(), 'cal2'), SPEC);
    const ids = [first.agreementId, second.agreementId];
    // Bills in every state the calendar meets, on the first agreement: by hand three days ahead (a reminder, and
    // it enters the window), overdue long enough to be missed, upcoming and due yesterday, scheduled entering the
    // window, paid (left alone); the second agreement's bills stay as the engines scheduled them.
    const [phone, power] = first.billerIds;
    const billsOf = new Map<number, number[]>();
    for (const billerId of [phone, power]) {
      const rows = await em().execute<{ id: number }[]>(
        'select id from bill where biller_id = ? order by due_date, id',
        [billerId],
      );
      billsOf.set(
        billerId,
        rows.map((row) => Number(row.id)),
      );
    }
    const set = (billerId: number, nth: number, due: LocalDate, status: BillStatus) =>
      em().execute('update bill set due_date = ?, status = ? where id = ?', [due, status, billsOf.get(billerId)![nth]]);
    // The weeks before were paid (as the bank day would have), so the day's calendar is a normal one.
    await em().execute(`update bill set status = ? where agreement_id = any(?::int[]) and due_date < ?`, [
      BillStatus.Paid,
      `{${ids.join(',')}}`,
      TODAY,
    ]);
    await set(phone, 0, addDays(TODAY, -5), BillStatus.Overdue);
    await set(phone, 1, addDays(TODAY, 3), BillStatus.Scheduled);
    await set(phone, 2, addDays(TODAY, 30), BillStatus.Scheduled);
    await set(power, 0, addDays(TODAY, -1), BillStatus.Upcoming);
    await set(power, 1, addDays(TODAY, 3), BillStatus.Upcoming);
    await set(power, 2, addDays(TODAY, -4), BillStatus.Paid);

    const before = await bills(ids);
    const expected = before.map((bill) => ({
      bill,
      ...billDayChange(
        { status: bill.status as BillStatus, dueDate: bill.due_date as LocalDate, autoPayment: bill.auto },
        TODAY,
      ),
    }));
    // The rule has work for the calendar here: statuses to move, a missed bill and a reminder.
    expect(expected.filter((e) => e.status !== e.bill.status).length).toBeGreaterThanOrEqual(4);
    const missed = expected.filter((e) => e.notice === 'missedBill').length;
    const reminders = expected.filter((e) => e.notice === 'reminder').length;
    expect(missed).toBeGreaterThanOrEqual(1);
    expect(reminders).toBeGreaterThanOrEqual(1);

    const report = await server.app.services.bankDay.runStep(em(), 'calendar', TODAY);
    const after = new Map((await bills(ids)).map((bill) => [bill.id, bill.status]));
    for (const { bill, status } of expected) {
      // A bill of a running agreement within the window follows the rule; one beyond it is not read at all.
      const inWindow = bill.due_date <= addDays(TODAY, 31);
      expect({ id: bill.id, status: after.get(bill.id) }).toEqual({
        id: bill.id,
        status: inWindow ? status : bill.status,
      });
    }
    const notices = await told(ids);
    expect(notices.map((n) => [n.type, n.bill_id]).sort()).toEqual(
      expected
        .filter((e) => e.notice !== null)
        .map((e) => [e.notice === 'missedBill' ? ActivityType.MissedBill : ActivityType.BillReminder, e.bill.id])
        .sort(),
    );
    expect(notices.find((n) => n.type === ActivityType.MissedBill)!.details).toMatch(
      /^Phone bill of \$80\.00 due on \d\d-\d\d-\d{4} has not been paid$/,
    );
    expect(notices.find((n) => n.type === ActivityType.BillReminder)!.details).toMatch(
      /^Phone bill of \$80\.00 is due on \d\d-\d\d-\d{4}$/,
    );
    if (report.step !== 'calendar') throw new Error('not the calendar');
    expect(report.bills.missedBills).toBe(missed);
    expect(report.bills.reminders).toBe(reminders);
    expect(report.bills.overdue).toBe(
      expected.filter((e) => e.status === BillStatus.Overdue && e.bill.status !== BillStatus.Overdue).length,
    );

    // The day again (a retry, another instance): nothing moves and nobody is told twice.
    const again = await server.app.services.bankDay.runStep(em(), 'calendar', TODAY);
    if (again.step !== 'calendar') throw new Error('not the calendar');
    expect([again.bills.missedBills, again.bills.reminders, again.bills.overdue]).toEqual([0, 0, 0]);
    expect(new Map((await bills(ids)).map((bill) => [bill.id, bill.status]))).toEqual(after);
    expect(await told(ids)).toHaveLength(notices.length);
  });
});
