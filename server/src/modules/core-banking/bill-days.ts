import type { EntityManager } from '@mikro-orm/postgresql';
import { systemUser } from '../../common/auth/system-user.js';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { formatCurrency, parseMoney } from '../../shared/money.js';
import { addDays, formatDisplayDate, type LocalDate } from '../../shared/local-date.js';
import { runSql } from '../../database/bulk.js';
import { ActivityType, allocateActivityIds, writeActivityRows, type ActivityInsertRow } from '../activity/index.js';
import {
  AgreementEvent,
  type AgreementStatus,
  changeStatus,
  RUNNING_STATUSES,
  statusesAllowing,
} from '../agreement/index.js';
import { accountHasResignedMember } from '../member/index.js';
import { MoneyMovement, statusesMoving } from '../../shared/money-movement.rules.js';
import { BillStatus, DATE_DRIVEN_STATUSES, NOTHING_PAID_STATUSES, UPCOMING_WINDOW_DAYS } from '../bill/index.js';
import { BillerStatus } from '../../shared/biller/biller-codes.js';
import type { AutomaticPaymentBill, PaymentService } from '../payment/index.js';
import { EVERY_AGREEMENT, inAgreementRange, type AgreementRange } from '../../jobs/agreement-ranges.rules.js';
import { billDayChange } from './bank-day.rules.js';
import { forEachConcurrently } from './concurrently.js';
import { bankDayBatchSize, bankDayTestPause } from './deposit-arrivals.js';

const RUNNING = RUNNING_STATUSES.join(', ');
/** The bills the calendar moves (their status follows the date), read by `bill_open_due_date_index`. */
const DATE_DRIVEN = DATE_DRIVEN_STATUSES.join(', ');

/** The last due date the calendar looks at on `today`: the upcoming window's end and the day after it. */
function calendarWindowEnd(today: LocalDate): LocalDate {
  return addDays(today, UPCOMING_WINDOW_DAYS + 1);
}

/**
 * Agreements whose automatic payments are made in one transaction (their locks, keys, postings and activities). The
 * test-only fault hooks are the deposits' (deposit-arrivals.ts): batches of BANK_DAY_TEST_BATCH agreements and a pause
 * of BANK_DAY_TEST_PAUSE_MS after each (bankDayTestPause), so that a test can kill a day half-way through.
 */
export const AUTOPAY_BATCH_SIZE = bankDayBatchSize();

/** The user automatic payments are made as (created by the core-banking migration; it cannot sign in). */
export const CORE_BANKING_USERNAME = 'system.core-banking';

export interface BillDayResult {
  paid: { billId: number; agreementId: number; transactionId: number }[];
  notPaid: { billId: number; agreementId: number; code: string; message: string }[];
  overdue: number;
  missedBills: number;
  reminders: number;
  expired: number[];
}

interface CalendarBill {
  id: number;
  agreement_id: number;
  account_id: number;
  member_id: number | null;
  biller_id: number | null;
  name: string;
  due_date: string;
  expected_amount: string;
}

export function emptyBillDay(): BillDayResult {
  return { paid: [], notPaid: [], overdue: 0, missedBills: 0, reminders: 0, expired: [] };
}

/** A bill the automatic payments step pays (`autoPaymentsDue`). */
export interface AutoPaymentDue {
  id: number;
  agreement_id: number;
  expected_amount: string;
  due_date: string;
  /** The biller's nickname. */
  name: string;
}

/**
 * The bills the automatic payments step of `date` pays (one agreement: `onlyAgreementId`; a part of the step: the
 * agreements in `range`), in the order it pays
 * them (agreement, due date, id), each for its expected amount: bills of automatic-payment billers that are active,
 * due by that day and still payable, of agreements the money rule lets the bank day pay from (active, no resigned
 * member; shared/money-movement.rules.ts). The step and the preview of the day (bank-day-run.ts) read this one rule;
 * the preview gives the status the agreement will have once the day's deposits are in (`assumedStatus`).
 */
export async function autoPaymentsDue(
  em: EntityManager,
  date: LocalDate,
  onlyAgreementId: number | null = null,
  assumedStatus: AgreementStatus | null = null,
  range: AgreementRange = EVERY_AGREEMENT,
): Promise<AutoPaymentDue[]> {
  const part = inAgreementRange(['g.id', 'b.agreement_id'], range);
  return em.execute<AutoPaymentDue[]>(
    `select b.id, b.agreement_id, b.expected_amount, b.due_date::text, coalesce(br.nickname, '') as name from bill b
     join agreement g on g.id = b.agreement_id join biller br on br.id = b.biller_id
     where b.due_date <= ? and b.status in (${NOTHING_PAID_STATUSES.join(', ')})
       and (?::int is null or b.agreement_id = ?::int)
       and ${part.sql}
       and coalesce(?::smallint, g.status) = any(?::smallint[]) and not ${accountHasResignedMember('g.account_id')}
       and br.is_auto_payment and br.status = ${BillerStatus.Active}
     order by b.agreement_id, b.due_date, b.id`,
    [
      date,
      onlyAgreementId,
      onlyAgreementId,
      ...part.values,
      assumedStatus,
      `{${statusesMoving(MoneyMovement.AutomaticPayment, 'job').join(',')}}`,
    ],
  );
}

/**
 * The bills' side of the bank's day: automatic payments on their due date (through the payment service, as a
 * manual payment, once per bill), the calendar (overdue 1, missed bill 4 with activity 16, reminders 17) and the
 * expiry of agreements past their end date.
 */
export class BillDays {
  constructor(
    private readonly payments: PaymentService,
    private readonly concurrency = 1,
  ) {}

  /**
   * Pays every automatic-payment bill due by today of an agreement the money rule lets the bank day pay from (active,
   * no resigned member; shared/money-movement.rules.ts) whose biller is active: the bill's expected amount, as the
   * bill (not an allocation), by the payment module's rules and rows (`PaymentService.payAutomatically`, as `payBill`
   * would). Agreements in batches of `AUTOPAY_BATCH_SIZE`, each batch one transaction (a crashed batch leaves
   * nothing); the idempotency key is the bill's, and a paid bill is no longer due, so a bill is paid once whatever
   * the number of runs; a refusal (details no longer valid, a top-up the agreement cannot find) is reported, not
   * retried within the day.
   */
  async autoPay(
    em: EntityManager,
    today: LocalDate,
    result: BillDayResult,
    range: AgreementRange = EVERY_AGREEMENT,
  ): Promise<void> {
    const bills = await autoPaymentsDue(em, today, null, null, range);
    if (bills.length === 0) return;
    const user = await this.user(em);
    const byAgreement = new Map<number, AutomaticPaymentBill[]>();
    for (const bill of bills) {
      const due = { billId: bill.id, agreementId: bill.agreement_id, expectedAmount: String(bill.expected_amount) };
      byAgreement.set(bill.agreement_id, [...(byAgreement.get(bill.agreement_id) ?? []), due]);
    }
    const agreements = [...byAgreement.values()];
    const batches: AutomaticPaymentBill[][] = [];
    for (let i = 0; i < agreements.length; i += AUTOPAY_BATCH_SIZE) {
      batches.push(agreements.slice(i, i + AUTOPAY_BATCH_SIZE).flat());
    }
    // Batches side by side (each its own agreements, locked in id order); an agreement's bills in turn within one.
    await forEachConcurrently(batches, this.concurrency, async (batch) => {
      const done = await em.fork().transactional((tx) => this.payments.payAutomatically(tx, user, batch));
      result.paid.push(...done.paid);
      result.notPaid.push(...done.notPaid);
      await bankDayTestPause();
    });
    result.paid.sort((a, b) => a.billId - b.billId);
    result.notPaid.sort((a, b) => a.billId - b.billId);
  }

  /**
   * The calendar of unpaid bills of running agreements, set-based: statuses follow the due date; a missed bill is
   * told once (the status change 1 → 4 is its key); reminders once per agreement and day (`bank_day_step`).
   * The rule (`billDayChange`) depends only on a bill's status, due date and biller's automatic payment, so it is
   * applied once per combination of those among the window's unpaid bills (a few hundred, whatever the book's size),
   * and each combination's bills are written by one statement; only the bills told of are read one by one.
   */
  async calendar(
    em: EntityManager,
    today: LocalDate,
    now: Date,
    result: BillDayResult,
    range: AgreementRange = EVERY_AGREEMENT,
  ): Promise<void> {
    // A part of the step (core-banking.jobs.ts): only the bills of the agreements in `range`.
    const { sql: inRange, values: bounds } = inAgreementRange(['g.id', 'b.agreement_id'], range);
    const windowEnd = calendarWindowEnd(today);
    await em.fork().transactional(async (tx) => {
      const groups = await tx.execute<{ status: number; due_date: string; auto: boolean }[]>(
        `select b.status, b.due_date::text as due_date, coalesce(br.is_auto_payment, false) as auto
         from bill b join agreement g on g.id = b.agreement_id
         left join biller br on br.id = b.biller_id
         where b.status in (${DATE_DRIVEN}) and b.due_date <= ? and g.status in (${RUNNING}) and ${inRange}
         group by 1, 2, 3`,
        [windowEnd, ...bounds],
      );
      // Status changes by (status, due date): the status the rule gives does not depend on automatic payment.
      const changes = new Map<string, { from: number; due: string; status: number; missed: boolean }>();
      const reminders: { status: number; due: string }[] = [];
      for (const group of groups) {
        const change = billDayChange(
          { status: group.status as BillStatus, dueDate: group.due_date as LocalDate, autoPayment: group.auto },
          today,
        );
        if (change.status !== group.status) {
          changes.set(`${group.status} ${group.due_date}`, {
            from: group.status,
            due: group.due_date,
            status: change.status,
            missed: change.notice === 'missedBill',
          });
        }
        if (change.notice === 'reminder') reminders.push({ status: group.status, due: group.due_date });
      }
      // The bills reminded of are picked before their status moves (a scheduled bill entering the window today).
      const remindedIds =
        reminders.length === 0
          ? []
          : (
              await runSql<{ id: number }>(
                tx,
                `select b.id from bill b join agreement g on g.id = b.agreement_id
                 left join biller br on br.id = b.biller_id
                 join json_to_recordset(?::json) as c(status smallint, due date)
                   on b.status = c.status and b.due_date = c.due
                 where not coalesce(br.is_auto_payment, false) and g.status in (${RUNNING}) and ${inRange}`,
                [JSON.stringify(reminders), ...bounds],
              )
            ).map((row) => Number(row.id));
      // Each bill is written only if it still has the status it was read with (a payment or another run since: left
      // alone), and a missed bill is told by the run whose update moved it. The groups' statuses and window, said
      // again, let the bills be found by their index (a join on the groups alone read every bill).
      const missedIds: number[] = [];
      if (changes.size > 0) {
        // Only what the day reports comes back: the count made overdue and the missed bills (not every bill moved).
        const [moved] = await runSql<{ overdue: number; missed_ids: number[] }>(
          tx,
          `with moved as (
             update bill b set status = c.status
             from json_to_recordset(?::json) as c("from" smallint, due date, status smallint, missed boolean), agreement g
             where b.status = c."from" and b.due_date = c.due and g.id = b.agreement_id and g.status in (${RUNNING})
               and b.status in (${DATE_DRIVEN}) and b.due_date <= ? and ${inRange}
             returning b.id, b.status, c.missed)
           select count(*) filter (where status = ${BillStatus.Overdue})::int as overdue,
             coalesce(array_agg(id) filter (where missed), '{}') as missed_ids
           from moved`,
          [JSON.stringify([...changes.values()]), windowEnd, ...bounds],
        );
        result.overdue += Number(moved?.overdue ?? 0);
        missedIds.push(...(moved?.missed_ids ?? []).map(Number));
      }
      const told = [...missedIds, ...remindedIds];
      const bills =
        told.length === 0
          ? []
          : await tx.execute<CalendarBill[]>(
              `select b.id, b.agreement_id, g.account_id, b.biller_id, coalesce(br.nickname, sc.nickname, '') as name,
                 b.due_date::text, b.expected_amount,
                 (select l.member_id from member_account_link l where l.account_id = g.account_id and l.is_active
                  order by l.is_primary desc, l.id limit 1) as member_id
               from bill b join agreement g on g.id = b.agreement_id
               left join biller br on br.id = b.biller_id
               left join billing_sub_category sc on sc.id = b.billing_sub_category_id
               where b.id = any(?::int[])
               order by b.id`,
              [`{${told.join(',')}}`],
            );
      const missed = new Set(missedIds);
      const notices = bills.map((bill) => ({
        bill,
        type: missed.has(Number(bill.id)) ? ActivityType.MissedBill : ActivityType.BillReminder,
      }));
      // Reminders: once per agreement and day, whatever the number of runs.
      const reminderAgreements = [
        ...new Set(notices.filter((n) => n.type === ActivityType.BillReminder).map((n) => n.bill.agreement_id)),
      ];
      const claimed = new Set<number>();
      if (reminderAgreements.length > 0) {
        const rows = await runSql<{ agreement_id: number }>(
          tx,
          `insert into bank_day_step (step, business_date, agreement_id)
           select 'reminders', ?::date, unnest(?::int[]) on conflict do nothing returning agreement_id`,
          [today, `{${reminderAgreements.join(',')}}`],
        );
        for (const row of rows) claimed.add(row.agreement_id);
      }
      const written = notices.filter((n) => n.type === ActivityType.MissedBill || claimed.has(n.bill.agreement_id));
      const ids = await allocateActivityIds(tx, written.length);
      const rows: ActivityInsertRow[] = written.map(({ bill, type }, i) => {
        const amount = formatCurrency(parseMoney(String(bill.expected_amount)));
        const due = formatDisplayDate(bill.due_date as LocalDate);
        return {
          id: ids[i],
          type,
          occurred_at: now.toISOString(),
          member_id: bill.member_id,
          account_id: bill.account_id,
          agreement_id: bill.agreement_id,
          details:
            type === ActivityType.MissedBill
              ? `${bill.name} bill of ${amount} due on ${due} has not been paid`
              : `${bill.name} bill of ${amount} is due on ${due}`,
          data: { billId: bill.id, dueDate: bill.due_date },
          notes: null,
          agent_name: null,
          user_id: null,
          balance_change: '0.00',
          transaction_status: null,
          ledger_transaction_id: null,
          bill_id: bill.id,
          biller_id: bill.biller_id,
        };
      });
      await writeActivityRows(tx, rows);
      for (const { type } of written) {
        if (type === ActivityType.MissedBill) result.missedBills += 1;
        else result.reminders += 1;
      }
    });
  }

  /**
   * The agreements the calendar works on, to split it into parts: the running ones (the calendar reads only their
   * bills), from the agreements alone. Their bills of the window, asked of the whole book here, were its costliest
   * statement at 1,000,000 agreements: three million bills read through the due-date index, all over the bill table
   * (more than 8 minutes, where each part then reads its own bills by agreement, side by side on the heap). A part
   * whose agreements have no bill in the window finds none at once (`bill_open_agreement_due_date_index`).
   */
  async calendarAgreements(em: EntityManager): Promise<number[]> {
    const rows = await em.execute<{ id: number }[]>(`select id from agreement where status in (${RUNNING})`);
    return rows.map((row) => Number(row.id));
  }

  /** Running agreements past their end date become expired (5): the status change is its own key. */
  async expire(em: EntityManager, today: LocalDate, now: Date, result: BillDayResult): Promise<void> {
    const expired = await em.transactional(async (tx) => {
      const due = await tx.execute<{ id: number }[]>(
        `select id from agreement where status = any(?::smallint[]) and end_date < ? order by id`,
        [`{${statusesAllowing(AgreementEvent.Expire).join(',')}}`, today],
      );
      return changeStatus(tx, {
        event: AgreementEvent.Expire,
        by: 'job',
        agreementIds: due.map((row) => Number(row.id)),
        now,
        whenNotAllowed: 'skip',
      });
    });
    result.expired.push(...expired.map((change) => change.agreementId));
  }

  private async user(em: EntityManager): Promise<CurrentUser> {
    return systemUser(em, CORE_BANKING_USERNAME);
  }
}
