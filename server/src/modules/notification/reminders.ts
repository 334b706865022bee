import type { EntityManager } from '@mikro-orm/postgresql';
import type { LocalDate } from '../../shared/local-date.js';
import { parseMoney } from '../../shared/money.js';
import { AgreementStatus, DepositStatus } from '../agreement/index.js';
import { BillStatus } from '../bill/index.js';
import { BillerStatus } from '../../shared/biller/biller-codes.js';
import type { EventNotifier } from './events.js';
import { notificationSettings } from './notification-settings.js';
import { reminderKey, reminderWindow } from './notices.rules.js';

export interface RemindersQueued {
  bills: number;
  deposits: number;
}

/**
 * The bank day's reminders (issue 22 item 1), as member notices: each unpaid bill of an active agreement due within
 * the setting's days whose biller sends reminders (the profile's "Bill reminders"), told it is due (or that the bank
 * pays it, for an automatic payment); and each deposit still to come of an active agreement or one in arrears, due
 * within its days. Each is keyed by the bill or deposit and its due date, so it is told once across re-runs and
 * instances; one transaction for the day.
 */
export async function queueReminders(
  em: EntityManager,
  notifier: EventNotifier,
  today: LocalDate,
): Promise<RemindersQueued> {
  const queued = await em.fork().transactional(async (tx) => {
    const settings = await notificationSettings(tx);
    const result: RemindersQueued = { bills: 0, deposits: 0 };
    const bills = reminderWindow(today, settings.billReminderDays);
    if (bills) {
      const rows = await tx.execute<
        { id: number; agreement_id: number; due_date: string; amount: string; name: string; auto: boolean }[]
      >(
        `select b.id, b.agreement_id, b.due_date::text as due_date, b.expected_amount::text as amount,
           coalesce(br.nickname, sc.nickname, '') as name, coalesce(br.is_auto_payment, false) as auto
         from bill b join agreement g on g.id = b.agreement_id
         left join biller br on br.id = b.biller_id
         left join billing_sub_category sc on sc.id = b.billing_sub_category_id
         where g.status = ${AgreementStatus.Active} and b.status in (${BillStatus.Scheduled}, ${BillStatus.Upcoming})
           and b.due_date between ?::date and ?::date
           and (br.id is null or (br.status = ${BillerStatus.Active} and br.is_notification_enabled))
         order by b.id`,
        [bills.from, bills.to],
      );
      const told = await notifier.notifyEvents(
        tx,
        rows.map((bill) => ({
          agreementId: Number(bill.agreement_id),
          event: bill.auto ? 'billReminderAutoPay' : 'billReminder',
          key: reminderKey('bill', Number(bill.id), bill.due_date),
          facts: { amount: parseMoney(bill.amount), date: bill.due_date, billerName: bill.name },
        })),
      );
      result.bills += told.filter((id) => id !== null).length;
    }
    const deposits = reminderWindow(today, settings.depositReminderDays);
    if (deposits) {
      const rows = await tx.execute<{ id: number; agreement_id: number; due_date: string; amount: string }[]>(
        `select d.id, d.agreement_id, d.due_date::text as due_date, (d.expected_amount - d.received_amount)::text as amount
         from scheduled_deposit d join agreement g on g.id = d.agreement_id
         where g.status in (${AgreementStatus.Active}, ${AgreementStatus.MissedDeposit})
           and d.status = ${DepositStatus.Scheduled} and d.due_date between ?::date and ?::date
           and d.expected_amount > d.received_amount
         order by d.id`,
        [deposits.from, deposits.to],
      );
      const told = await notifier.notifyEvents(
        tx,
        rows.map((deposit) => ({
          agreementId: Number(deposit.agreement_id),
          event: 'depositReminder' as const,
          key: reminderKey('deposit', Number(deposit.id), deposit.due_date),
          facts: { amount: parseMoney(deposit.amount), date: deposit.due_date },
        })),
      );
      result.deposits += told.filter((id) => id !== null).length;
    }
    return result;
  });
  if (queued.bills + queued.deposits > 0) notifier.wake();
  return queued;
}
