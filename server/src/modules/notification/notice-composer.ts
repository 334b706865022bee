import type { EntityManager } from '@mikro-orm/postgresql';
import { type Cents, formatCurrency, toDecimalString } from '../../shared/money.js';
import {
  type ProjectionService,
  storedTermEndChoices,
  termEndChoiceNotice,
  termEndChoiceSms,
} from '../agreement/index.js';
import { DEFAULT_EVENTS, type EventSubscriptions } from '../../shared/preferences/preferences.rules.js';
import type { SettingsService } from '../settings/index.js';
import type { EventFacts } from './events.js';
import { EVENT_KINDS, eventRecipients, type EventKind } from '../../shared/notification/events.rules.js';
import { NotificationChannel, type NotificationPreference } from '../../shared/notification/notification-codes.js';
import { institutionFacts } from './notification-settings.js';
import {
  agreementTemplateValues,
  fitSms,
  type InstitutionFacts,
  messageDate,
  placeholdersOf,
  renderTemplate,
  type TemplateValues,
  unfilledPlaceholders,
} from '../../shared/notification/notification-templates.rules.js';

/** A notice that cannot be composed: its template missing, or a placeholder it cannot fill. Not retried. */
export class NoticeNotComposed extends Error {}

export interface NoticeMember {
  memberId: number;
  firstName: string;
  lastName: string;
  memberNumber: string;
  email: string | null;
  mobilePhone: string | null;
  /** The stored preference for the agreement; null: the spec's default from the contact details. */
  preference: NotificationPreference | null;
}

export interface NoticeTemplate {
  id: number;
  emailSubject: string;
  emailTemplate: string;
  smsTemplate: string;
}

/** Everything a notice of an agreement is composed from, read once. */
export interface NoticeContext {
  agreementId: number;
  accountId: number;
  accountNumber: string;
  nextDepositAmount: string | null;
  nextDepositDate: string | null;
  /** What the agreement's missed deposits still lack (the projection's arrears; 0 when none). */
  arrears: Cents;
  endDate: string | null;
  institution: InstitutionFacts;
  subscriptions: EventSubscriptions;
  /** The account's active members, primary holder first. */
  members: NoticeMember[];
  /** The active templates by name. */
  templates: ReadonlyMap<string, NoticeTemplate>;
  /** The account has a request for help with payments open or arranged (modules/hardship). */
  hardshipActive: boolean;
  /** The renewal-due notice's {termEndChoice}: the member's term-end choice in words (agreement/term-end). */
  termEndChoice?: string;
  /** The renewal-due SMS's {balanceAtEnd}: the same choice in a few words (agreement/term-end `termEndChoiceSms`). */
  balanceAtEnd?: string;
}

/** One message composed for one member by one channel. */
export interface ComposedMessage {
  memberId: number;
  accountId: number;
  channel: NotificationChannel;
  to: string;
  subject: string | null;
  body: string;
  templateId: number;
}

/** One notice as it reads for one member: the e-mail (subject and text) and the SMS. */
export interface RenderedNotice {
  subject: string;
  emailBody: string;
  smsBody: string;
}

const SUBSCRIPTION_COLUMNS: Readonly<Record<keyof EventSubscriptions, string>> = {
  notifyMissedDeposit: 'notify_missed_deposit',
  notifyBillPaymentFailed: 'notify_bill_payment_failed',
  notifyRenewalDue: 'notify_renewal_due',
  notifyAgreementChanged: 'notify_agreement_changed',
  notifyShortPaidBill: 'notify_short_paid_bill',
};

/**
 * Reads the agreement (its next deposit and arrears: the projection's, modules/agreement/projection), its
 * subscriptions, members, the templates and the institution's facts.
 */
export async function loadNoticeContext(
  em: EntityManager,
  settings: SettingsService,
  projections: ProjectionService,
  agreementId: number,
): Promise<NoticeContext> {
  const [agreement] = await em.execute<Record<string, unknown>[]>(
    `select g.id, g.account_id, a.account_number, g.end_date::text as end_date
     from agreement g join account a on a.id = g.account_id where g.id = ?`,
    [agreementId],
  );
  if (!agreement) throw new NoticeNotComposed(`Agreement ${agreementId} does not exist.`);
  const deposits = (await projections.depositsOf(em, [agreementId])).get(agreementId);
  const [preferences] = await em.execute<Record<string, unknown>[]>(
    'select * from contract_preferences where agreement_id = ?',
    [agreementId],
  );
  const subscriptions: EventSubscriptions = { ...DEFAULT_EVENTS };
  for (const key of Object.keys(SUBSCRIPTION_COLUMNS) as (keyof EventSubscriptions)[]) {
    subscriptions[key] = preferences?.[SUBSCRIPTION_COLUMNS[key]] !== false;
  }
  const members = await em.execute<Record<string, unknown>[]>(
    `select m.id, m.first_name, m.last_name, m.member_number, m.email, m.mobile_phone, p.notification_preference
     from member_account_link l join member m on m.id = l.member_id
     left join member_notification_preference p on p.member_id = m.id and p.agreement_id = ?
     where l.account_id = ? and l.is_active order by l.is_primary desc, l.id`,
    [agreementId, agreement.account_id],
  );
  const templates = await em.execute<Record<string, unknown>[]>(
    'select id, template_name, email_subject, email_template, sms_template from notification_template where is_active',
  );
  const termEnd = (await storedTermEndChoices(em, [agreementId])).get(agreementId) ?? null;
  const hardship = await em.execute<{ n: number }[]>(
    'select 1 as n from hardship_case where account_id = ? and status in (1, 2) limit 1',
    [agreement.account_id],
  );
  return {
    agreementId,
    accountId: Number(agreement.account_id),
    accountNumber: String(agreement.account_number),
    nextDepositAmount: deposits?.nextDeposit ? toDecimalString(deposits.nextDeposit.amount) : null,
    nextDepositDate: deposits?.nextDeposit?.date ?? null,
    arrears: deposits?.arrears?.amount ?? (0 as Cents),
    endDate: (agreement.end_date as string | null) ?? null,
    institution: await institutionFacts(settings, em),
    subscriptions,
    members: members.map((m) => ({
      memberId: Number(m.id),
      firstName: String(m.first_name),
      lastName: String(m.last_name),
      memberNumber: String(m.member_number),
      email: (m.email as string | null) ?? null,
      mobilePhone: (m.mobile_phone as string | null) ?? null,
      preference:
        m.notification_preference === null || m.notification_preference === undefined
          ? null
          : (Number(m.notification_preference) as NotificationPreference),
    })),
    templates: new Map(
      templates.map((t) => [
        String(t.template_name),
        {
          id: Number(t.id),
          emailSubject: String(t.email_subject),
          emailTemplate: String(t.email_template),
          smsTemplate: String(t.sms_template),
        },
      ]),
    ),
    hardshipActive: hardship.length > 0,
    termEndChoice: termEndChoiceNotice(termEnd),
    balanceAtEnd: termEndChoiceSms(termEnd),
  };
}

/** The event's own values: its amount and date as the app writes them, the biller, what changed, all owing. */
export function eventValues(facts: EventFacts, totalOwed?: string): TemplateValues {
  const values: TemplateValues = {};
  if (facts.amount !== undefined && facts.amount !== null) values.amount = formatCurrency(facts.amount);
  if (facts.date) values.date = messageDate(String(facts.date));
  if (facts.billerName) values.billerName = facts.billerName;
  if (facts.change) values.change = facts.change;
  if (totalOwed) values.totalOwed = totalOwed;
  return values;
}

/**
 * One notice for one member: the kind's template filled with the agreement's values and the event's, only the
 * placeholders the kind may use (`placeholdersOf`: {amount} of a missed deposit is the deposit, never the next one).
 * Refused (NoticeNotComposed) when the template is missing or a placeholder it uses has no value.
 */
export function renderNotice(
  context: NoticeContext,
  kind: EventKind,
  member: NoticeMember,
  values: TemplateValues,
): RenderedNotice & { templateId: number } {
  const name = EVENT_KINDS[kind].template;
  const template = context.templates.get(name);
  if (!template) throw new NoticeNotComposed(`The template ${name} is missing or not active.`);
  // {amount} and {date} of an event are the event's own: never the next deposit's, as a manual template's are.
  const {
    amount: _amount,
    date: _date,
    ...agreementValues
  } = agreementTemplateValues({
    member,
    accountNumber: context.accountNumber,
    agreementId: context.agreementId,
    institution: context.institution,
    nextDepositAmount: context.nextDepositAmount,
    nextDepositDate: context.nextDepositDate,
    endDate: context.endDate,
  });
  const all: TemplateValues = { ...agreementValues, ...values };
  const allowed = new Set<string>(placeholdersOf(kind));
  const filled = Object.fromEntries(Object.entries(all).filter(([key]) => allowed.has(key))) as TemplateValues;
  const texts = [template.emailSubject, template.emailTemplate, template.smsTemplate];
  const missing = unfilledPlaceholders(texts, filled);
  if (missing.length > 0) {
    throw new NoticeNotComposed(
      `${name} for agreement ${context.agreementId}: nothing to fill ${missing.map((m) => `{${m}}`).join(', ')} with.`,
    );
  }
  return {
    templateId: template.id,
    subject: renderTemplate(template.emailSubject, filled),
    emailBody: renderTemplate(template.emailTemplate, filled),
    smsBody: fitSms(renderTemplate(template.smsTemplate, filled)),
  };
}

/**
 * The event's values for a notice: a missed deposit also tells all that is owing (the agreement's arrears); renewal due
 * the member's term-end choice.
 */
export function noticeValues(context: NoticeContext, kind: EventKind, facts: EventFacts): TemplateValues {
  const values = eventValues(facts, kind === 'missedDeposit' ? formatCurrency(context.arrears) : undefined);
  // Renewal due: the member's choice at term end as it stands when the notice is composed.
  if (kind === 'renewalDue' && context.termEndChoice) values.termEndChoice = context.termEndChoice;
  if (kind === 'renewalDue' && context.balanceAtEnd) values.balanceAtEnd = context.balanceAtEnd;
  return values;
}

/** The messages of a notice: one per member told (subscription and preference), by their channel. */
export function composeNotice(context: NoticeContext, kind: EventKind, facts: EventFacts): ComposedMessage[] {
  const stored = new Map<number, NotificationPreference>();
  for (const member of context.members) if (member.preference !== null) stored.set(member.memberId, member.preference);
  const recipients = eventRecipients(EVENT_KINDS[kind].event, context.subscriptions, context.members, stored);
  const values = noticeValues(context, kind, facts);
  return recipients.map((recipient) => {
    const member = context.members.find((m) => m.memberId === recipient.memberId)!;
    const rendered = renderNotice(context, kind, member, values);
    const email = recipient.channel === NotificationChannel.Email;
    return {
      memberId: recipient.memberId,
      accountId: context.accountId,
      channel: recipient.channel,
      to: recipient.to,
      subject: email ? rendered.subject : null,
      body: email ? rendered.emailBody : rendered.smsBody,
      templateId: rendered.templateId,
    };
  });
}
