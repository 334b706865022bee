import type { EntityManager } from '@mikro-orm/postgresql';
import type { LocalDate } from '../../common/local-date.js';
import { formatCurrency, parseMoney, type Cents } from '../../common/money.js';
import { DepositStatus } from '../agreement/agreement-codes.js';
import { DEFAULT_EVENTS, type EventSubscriptions } from '../preferences/preferences.rules.js';
import type { SettingsService } from '../settings/settings.service.js';
import { NotificationChannel, type NotificationPreference, NotificationSourceType } from './notification-codes.js';
import { EVENT_KINDS, eventRecipients, type EventKind } from './events.rules.js';
import {
  agreementTemplateValues,
  messageDate,
  renderTemplate,
  type TemplateValues,
} from './notification-templates.rules.js';
import type { NotificationOutbox } from './outbox.js';

/** What the event itself tells the message: the amount, the date and the biller it is about. */
export interface EventFacts {
  amount?: Cents | null;
  date?: LocalDate | string | null;
  billerName?: string | null;
}

export interface EventNotice {
  agreementId: number;
  event: EventKind;
  facts?: EventFacts;
}

/** The amount an agreement is in arrears by: its missed (or partly received) deposits still owing. */
export async function amountInArrears(em: EntityManager, agreementId: number): Promise<Cents> {
  const [row] = await em.execute<{ owing: string }[]>(
    `select coalesce(sum(expected_amount - received_amount), 0)::text as owing from scheduled_deposit
     where agreement_id = ? and status in (${DepositStatus.Missed}, ${DepositStatus.PartlyReceived})`,
    [agreementId],
  );
  return parseMoney(row?.owing ?? '0');
}

/**
 * Subscribed-event notifications (spec 3 §9): `notifyEvent` is called inside the transaction of the event that
 * caused it (a deposit marked missed, a payment failed, a short pay, a lifecycle change) and queues, through the
 * outbox, one message per member who is told (`eventRecipients`: the agreement's subscription and each member's
 * Email / Sms / None), from the event's template with its placeholders filled. It commits or rolls back with the
 * event, so a re-run that finds the event already done sends nothing.
 */
export class EventNotifier {
  constructor(
    private readonly outbox: NotificationOutbox,
    private readonly settings: SettingsService,
  ) {}

  /** Queues the event's messages in `tx`; answers the outbox ids (none when nobody is told). */
  async notifyEvent(tx: EntityManager, notice: EventNotice): Promise<number[]> {
    const { event, template: templateName } = EVENT_KINDS[notice.event];
    const [agreement] = await tx.execute<Record<string, unknown>[]>(
      `select g.id, g.account_id, a.account_number, coalesce(g.next_deposit_amount, g.deposit_amount)::text as amount,
         g.next_deposit_date::text as next_date, g.end_date::text as end_date
       from agreement g join account a on a.id = g.account_id where g.id = ?`,
      [notice.agreementId],
    );
    if (!agreement) return [];
    const [preferences] = await tx.execute<Record<string, unknown>[]>(
      'select * from contract_preferences where agreement_id = ?',
      [notice.agreementId],
    );
    const subscriptions: EventSubscriptions = { ...DEFAULT_EVENTS };
    if (preferences) {
      for (const key of Object.keys(DEFAULT_EVENTS) as (keyof EventSubscriptions)[]) {
        const column = key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
        subscriptions[key] = preferences[column] !== false;
      }
    }
    const members = await tx.execute<Record<string, unknown>[]>(
      `select m.id, m.first_name, m.last_name, m.member_number, m.email, m.mobile_phone, p.notification_preference
       from member_account_link l join member m on m.id = l.member_id
       left join member_notification_preference p on p.member_id = m.id and p.agreement_id = ?
       where l.account_id = ? and l.is_active order by l.is_primary desc, l.id`,
      [notice.agreementId, agreement.account_id],
    );
    const stored = new Map<number, NotificationPreference>();
    for (const m of members) {
      if (m.notification_preference !== null && m.notification_preference !== undefined) {
        stored.set(Number(m.id), Number(m.notification_preference) as NotificationPreference);
      }
    }
    const recipients = eventRecipients(
      event,
      subscriptions,
      members.map((m) => ({
        memberId: Number(m.id),
        email: (m.email as string | null) ?? null,
        mobilePhone: (m.mobile_phone as string | null) ?? null,
      })),
      stored,
    );
    if (recipients.length === 0) return [];
    const [template] = await tx.execute<
      { id: number; email_subject: string; email_template: string; sms_template: string }[]
    >(
      'select id, email_subject, email_template, sms_template from notification_template where template_name = ? and is_active',
      [templateName],
    );
    if (!template) return [];
    const { institutionName } = await this.settings.serverSettings(tx);
    const eventValues: TemplateValues = {};
    const facts = notice.facts ?? {};
    if (facts.amount !== undefined && facts.amount !== null) eventValues.amount = formatCurrency(facts.amount);
    if (facts.date) eventValues.date = messageDate(String(facts.date));
    if (facts.billerName) eventValues.billerName = facts.billerName;
    const ids: number[] = [];
    for (const recipient of recipients) {
      const member = members.find((m) => Number(m.id) === recipient.memberId)!;
      const values = {
        ...agreementTemplateValues({
          member: {
            firstName: String(member.first_name),
            lastName: String(member.last_name),
            memberNumber: String(member.member_number),
          },
          accountNumber: String(agreement.account_number),
          agreementId: notice.agreementId,
          institutionName,
          nextDepositAmount: (agreement.amount as string | null) ?? null,
          nextDepositDate: (agreement.next_date as string | null) ?? null,
          endDate: (agreement.end_date as string | null) ?? null,
        }),
        ...eventValues,
      };
      const email = recipient.channel === NotificationChannel.Email;
      ids.push(
        await this.outbox.enqueue(tx, {
          sourceType: NotificationSourceType.EventNotification,
          name: templateName,
          channel: recipient.channel,
          to: recipient.to,
          subject: email ? renderTemplate(template.email_subject, values) : null,
          body: renderTemplate(email ? template.email_template : template.sms_template, values),
          templateId: Number(template.id),
          memberId: recipient.memberId,
          accountId: Number(agreement.account_id),
          agreementId: notice.agreementId,
        }),
      );
    }
    return ids;
  }

  /** After the commit: deliver now rather than at the next poll. */
  wake(): void {
    this.outbox.wake();
  }
}
