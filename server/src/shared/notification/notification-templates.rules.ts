import { DomainError } from '../errors.js';
import { formatDisplayDate, type LocalDate } from '../local-date.js';
import { formatCurrency, parseMoney } from '../money.js';
import { AgreementStatus } from '../agreement-status.js';
import type { EventKind } from './events.rules.js';
import { NotificationChannel, NotificationPreference } from './notification-codes.js';

/** What every message of an agreement can say in braces: its member, account, agreement and the institution. */
export const AGREEMENT_PLACEHOLDERS = [
  'firstName',
  'lastName',
  'memberNumber',
  'accountNumber',
  'agreementNumber',
  'institutionName',
  'institutionShortName',
  'supportPhone',
  'supportEmail',
  'endDate',
] as const;

/** What a template may say in braces, each filled from the agreement, its account and member, or the event. */
export const TEMPLATE_PLACEHOLDERS = [
  ...AGREEMENT_PLACEHOLDERS,
  'amount',
  'date',
  'billerName',
  'totalOwed',
  'nextDepositAmount',
  'nextDepositDate',
  'change',
  'termEndChoice',
  'balanceAtEnd',
] as const;

export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];
export type TemplateValues = Partial<Record<TemplatePlaceholder, string>>;

/** A manual template's {amount} and {date}: the next deposit's (an arrears template: the amount in arrears). */
const MANUAL_PLACEHOLDERS: readonly TemplatePlaceholder[] = [
  ...AGREEMENT_PLACEHOLDERS,
  'amount',
  'date',
  'billerName',
  'totalOwed',
  'nextDepositAmount',
  'nextDepositDate',
];

const NEXT_DEPOSIT: readonly TemplatePlaceholder[] = ['nextDepositAmount', 'nextDepositDate'];

/**
 * What each event's template may say beyond the agreement's placeholders, and what fills it: a bill's reminder,
 * failure or short pay ({billerName}, {amount} and {date}: the bill's or the payment's); a deposit reminded or missed
 * ({amount}, {date}: that deposit's; {totalOwed}: all missed deposits still owing); a change ({change}: what changed
 * in words); a cancellation ({date}: the day); renewal due ({date}: the end date; {termEndChoice}: the member's
 * choice at term end, or that none was made yet and the balance is rolled, agreement/term-end; {balanceAtEnd}: the
 * same in a few words, for the SMS); approved or applied (the next
 * deposit). An event's template can use no other, so none can reach a member unfilled.
 */
export const EVENT_PLACEHOLDERS: Readonly<Record<EventKind, readonly TemplatePlaceholder[]>> = {
  billReminder: ['billerName', 'amount', 'date'],
  billReminderAutoPay: ['billerName', 'amount', 'date'],
  depositReminder: ['amount', 'date'],
  missedDeposit: ['amount', 'date', 'totalOwed'],
  billPaymentFailed: ['billerName', 'amount', 'date'],
  billPaymentDelayed: ['billerName', 'amount', 'date'],
  shortPaidBill: ['billerName', 'amount', 'date'],
  renewalDue: ['date', 'termEndChoice', 'balanceAtEnd'],
  agreementChanged: ['change'],
  agreementCancelled: ['date'],
  agreementApproved: NEXT_DEPOSIT,
  agreementApplied: NEXT_DEPOSIT,
};

/** The placeholders a template may use: its event's (with the agreement's), or a manual template's. */
export function placeholdersOf(kind: EventKind | null): readonly TemplatePlaceholder[] {
  return kind === null ? MANUAL_PLACEHOLDERS : [...AGREEMENT_PLACEHOLDERS, ...EVENT_PLACEHOLDERS[kind]];
}

/** An SMS is one message: at most this many characters once filled. */
export const SMS_MAX_LENGTH = 160;

export const NOTIFICATION_MESSAGES = {
  queued: 'Notification has been successfully queued and will be sent shortly.',
  failed: 'Could not send the notification. Please try again later.',
  statusNotAllowed:
    'A notification can be sent only while the agreement is approved, in missed deposit, active or locked.',
  approvalStatusNotAllowed:
    'The approval notification can be sent only while the agreement is waiting for the member’s approval.',
  noContact: 'The member has no e-mail address or mobile number to send to.',
  emailSubjectRequired: 'Please enter the e-mail subject.',
  emailBodyRequired: 'Please enter the e-mail text.',
  smsBodyRequired: 'Please enter the SMS text.',
  messageSent: 'Message sent. The support team will contact you shortly.',
  supportMessageRequired: 'Please enter a message.',
} as const;

/** Spec 1 §5 / 3 §5: a notification can be sent in statuses 1, 4, 7 and 8 only. */
export const NOTIFIABLE_STATUSES: readonly AgreementStatus[] = [
  AgreementStatus.Approved,
  AgreementStatus.MissedDeposit,
  AgreementStatus.Active,
  AgreementStatus.Locked,
];

export function canSendNotification(status: AgreementStatus): boolean {
  return NOTIFIABLE_STATUSES.includes(status);
}

/** The template of the approval notification (spec 3 §3): the agreement is ready for the member's approval. */
export const APPROVAL_TEMPLATE = 'ContractApprovingNotification';

/** The approval notification asks the member to approve: only a version awaiting their approval (0 or 9). */
export function canSendApprovalNotification(status: AgreementStatus): boolean {
  return status === AgreementStatus.PendingApproval || status === AgreementStatus.ModificationPendingApproval;
}

/** The template's text with each `{placeholder}` filled (an empty value when the agreement has none). */
export function renderTemplate(text: string, values: TemplateValues): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    (TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name) ? (values[name as TemplatePlaceholder] ?? '') : whole,
  );
}

/** The placeholders of the texts that the values leave empty (or that are not placeholders at all). */
export function unfilledPlaceholders(texts: readonly string[], values: TemplateValues): string[] {
  const names = texts.flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]));
  return [...new Set(names)].filter((name) => !values[name as TemplatePlaceholder]?.trim());
}

/** Limits of the template columns. */
export const TEMPLATE_LIMITS = { title: 120, emailSubject: 200, emailTemplate: 10_000, smsTemplate: 480 } as const;

/**
 * A template text as staff edit it: non-empty, within its column, braces balanced, and only known placeholders
 * (a misspelt one would reach members as-is). Answers the trimmed text or throws naming the field.
 */
export function checkTemplateText(
  value: string | null | undefined,
  field: keyof typeof TEMPLATE_LIMITS,
  allowed: readonly string[] = TEMPLATE_PLACEHOLDERS,
): string {
  const text = (value ?? '').trim();
  if (!text) throw new DomainError('REQUIRED', `Please enter the ${FIELD_LABELS[field]}.`, field);
  if (text.length > TEMPLATE_LIMITS[field]) {
    throw new DomainError(
      'TOO_LONG',
      `The ${FIELD_LABELS[field]} can be at most ${TEMPLATE_LIMITS[field]} characters (it has ${text.length}).`,
      field,
    );
  }
  const stripped = text.replace(/\{\w+\}/g, '');
  if (/[{}]/.test(stripped)) {
    throw new DomainError(
      'INVALID_PLACEHOLDER',
      `The ${FIELD_LABELS[field]} has a brace that is not part of a placeholder such as {firstName}.`,
      field,
    );
  }
  const unknown = [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).filter((name) => !allowed.includes(name));
  if (unknown.length > 0) {
    throw new DomainError(
      'UNKNOWN_PLACEHOLDER',
      `The placeholder {${unknown[0]}} cannot be used in this ${FIELD_LABELS[field]}. Use ${allowed.map((p) => `{${p}}`).join(', ')}.`,
      field,
    );
  }
  return text;
}

/** Likely values, on the long side, for checking that an SMS template stays within one message once filled. */
export const SAMPLE_VALUES: Readonly<Record<TemplatePlaceholder, string>> = {
  firstName: 'Alexandra',
  lastName: 'Papadopoulos',
  memberNumber: '100002',
  accountNumber: '1000020001',
  agreementNumber: '1234',
  institutionName: 'Harbourside Mutual Bank',
  institutionShortName: 'Harbourside',
  supportPhone: '1300 555 010',
  supportEmail: 'billsmoothing.support@example.com',
  endDate: '30-06-2027',
  amount: '$1,072.00',
  date: '06-12-2026',
  billerName: 'Car registration',
  totalOwed: '$3,216.00',
  nextDepositAmount: '$1,072.00',
  nextDepositDate: '13-12-2026',
  change: 'it now ends on 30-06-2027',
  termEndChoice:
    'Your choice for the balance when it ends: Refund the surplus to linked account 30000002. You can change it on your account’s overview in the portal until the renewal takes over.',
  balanceAtEnd: 'Balance at end: rolled into renewal unless you choose in the portal.',
};

/** An SMS template filled with likely values must fit one message; answers the text, or refuses saying by how much. */
export function checkSmsLength(text: string): string {
  const length = renderTemplate(text, SAMPLE_VALUES).length;
  if (length > SMS_MAX_LENGTH) {
    throw new DomainError(
      'SMS_TOO_LONG',
      `The SMS text comes to ${length} characters with typical details filled in; keep it within ${SMS_MAX_LENGTH} so that it goes as one message.`,
      'smsTemplate',
    );
  }
  return text;
}

/** When a manual template is sent: by staff, from Contact member (the approval one from the confirm page). */
export function whenSentByHand(templateName: string): string {
  return templateName === APPROVAL_TEMPLATE
    ? 'By staff, from the confirm page, while the agreement waits for the member’s approval.'
    : 'By staff, from Contact member.';
}

const FIELD_LABELS: Readonly<Record<keyof typeof TEMPLATE_LIMITS, string>> = {
  title: 'title',
  emailSubject: 'e-mail subject',
  emailTemplate: 'e-mail text',
  smsTemplate: 'SMS text',
};

/**
 * The channels a manual notification goes by: the member's preference for the agreement when it can be honoured,
 * otherwise e-mail if the member has an address, else SMS if a mobile. None at all is refused.
 */
export function manualChannels(
  preference: NotificationPreference | null,
  contact: { email: string | null; mobile: string | null },
): NotificationChannel[] {
  const email = Boolean(contact.email?.trim());
  const mobile = Boolean(contact.mobile?.trim());
  if (preference === NotificationPreference.Email && email) return [NotificationChannel.Email];
  if (preference === NotificationPreference.Sms && mobile) return [NotificationChannel.Sms];
  if (email) return [NotificationChannel.Email];
  if (mobile) return [NotificationChannel.Sms];
  throw new DomainError('NO_CONTACT', NOTIFICATION_MESSAGES.noContact, 'memberId');
}

/** A date as the app writes it (spec 1 §9): DD-MM-YYYY; '' for none. */
export function messageDate(date: string | null | undefined): string {
  return date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? formatDisplayDate(date as LocalDate) : '';
}

/** Who the messages come from and whom the member contacts: the institution's names and support (settings). */
export interface InstitutionFacts {
  institutionName: string;
  institutionShortName: string;
  supportPhone: string;
  supportEmail: string;
}

/** What an agreement's messages are filled from: its member, account and next deposit (decimal strings). */
export interface TemplateFacts {
  member: { firstName: string; lastName: string; memberNumber: string };
  accountNumber: string;
  agreementId: number;
  institution: InstitutionFacts;
  /** The next deposit's amount (or the deposit), a decimal string. */
  nextDepositAmount: string | null;
  nextDepositDate: string | null;
  endDate: string | null;
}

/** The placeholders every message of an agreement can use (amount and date: its next deposit). */
export function agreementTemplateValues(facts: TemplateFacts): TemplateValues {
  const nextAmount = facts.nextDepositAmount ? formatCurrency(parseMoney(facts.nextDepositAmount)) : '';
  const nextDate = messageDate(facts.nextDepositDate);
  return {
    firstName: facts.member.firstName,
    lastName: facts.member.lastName,
    memberNumber: facts.member.memberNumber,
    accountNumber: facts.accountNumber,
    agreementNumber: String(facts.agreementId),
    ...facts.institution,
    amount: nextAmount,
    date: nextDate,
    nextDepositAmount: nextAmount,
    nextDepositDate: nextDate,
    endDate: messageDate(facts.endDate),
  };
}

/** An SMS as it goes: within one message; a longer text is cut at a word, never mid-way through a figure. */
export function fitSms(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= SMS_MAX_LENGTH) return flat;
  const cut = flat.slice(0, SMS_MAX_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > SMS_MAX_LENGTH / 2 ? cut.slice(0, space) : cut}…`;
}

/** Manual templates whose {amount} is the amount the agreement is in arrears by (its missed deposits not received). */
export const ARREARS_TEMPLATES: readonly string[] = ['ArrearsReminder'];

/** What a bill or a shortfall tells a template: the biller, an amount and a date, as the messages write them. */
export interface BillValues {
  billerName: string;
  amount: string;
  date: string;
}

/** The template that warns the agreement is going short: {date} the first short day, {amount} the top-up. */
export const SHORTFALL_TEMPLATE = 'ShortfallWarning';

/**
 * The values one template is filled with: the agreement's (amount and date: the next deposit), except that a
 * template about a bill ({billerName}) takes the biller, amount and due date of the agreement's next bill, an
 * arrears template (`ARREARS_TEMPLATES`) takes the amount in arrears, and the shortfall warning the first short day,
 * the bill that takes the agreement short and the top-up that avoids it.
 */
export function valuesForTemplate(
  templateName: string | null,
  texts: readonly string[],
  agreement: TemplateValues,
  context: { nextBill: BillValues | null; arrearsAmount: string; shortfall?: BillValues | null },
): TemplateValues {
  const owing = { ...agreement, totalOwed: context.arrearsAmount };
  if (templateName !== null && ARREARS_TEMPLATES.includes(templateName)) {
    return { ...owing, amount: context.arrearsAmount };
  }
  if (templateName === SHORTFALL_TEMPLATE && context.shortfall) return { ...owing, ...context.shortfall };
  const aboutBill = texts.some((text) => text.includes('{billerName}'));
  const { nextBill } = context;
  if (!aboutBill || !nextBill) return owing;
  return { ...owing, billerName: nextBill.billerName, amount: nextBill.amount, date: nextBill.date };
}
