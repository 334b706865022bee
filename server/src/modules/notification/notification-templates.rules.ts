import { DomainError } from '../../common/errors.js';
import { AgreementStatus } from '../agreement/agreement-status.js';
import { NotificationChannel, NotificationPreference } from './notification-codes.js';

/** What a template may say in braces, each filled from the agreement, its account and member, or the event. */
export const TEMPLATE_PLACEHOLDERS = [
  'firstName',
  'lastName',
  'memberNumber',
  'accountNumber',
  'agreementNumber',
  'institutionName',
  'amount',
  'date',
  'billerName',
  'endDate',
] as const;

export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];
export type TemplateValues = Partial<Record<TemplatePlaceholder, string>>;

export const NOTIFICATION_MESSAGES = {
  queued: 'Notification has been successfully queued and will be sent shortly.',
  failed: 'Could not send the notification. Please try again later.',
  statusNotAllowed:
    'A notification can be sent only while the agreement is approved, in missed deposit, active or locked.',
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

/** The template's text with each `{placeholder}` filled (an empty value when the agreement has none). */
export function renderTemplate(text: string, values: TemplateValues): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    (TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name) ? (values[name as TemplatePlaceholder] ?? '') : whole,
  );
}

/** Limits of the template columns. */
export const TEMPLATE_LIMITS = { title: 120, emailSubject: 200, emailTemplate: 10_000, smsTemplate: 480 } as const;

/**
 * A template text as staff edit it: non-empty, within its column, braces balanced, and only known placeholders
 * (a misspelt one would reach members as-is). Answers the trimmed text or throws naming the field.
 */
export function checkTemplateText(value: string | null | undefined, field: keyof typeof TEMPLATE_LIMITS): string {
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
  const unknown = [...text.matchAll(/\{(\w+)\}/g)]
    .map((match) => match[1])
    .filter((name) => !(TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new DomainError(
      'UNKNOWN_PLACEHOLDER',
      `Unknown placeholder {${unknown[0]}} in the ${FIELD_LABELS[field]}. Use ${TEMPLATE_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}.`,
      field,
    );
  }
  return text;
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

/** A date as the messages write it: DD/MM/YYYY. */
export function messageDate(date: string | null): string {
  const match = date ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/**
 * The values one template is filled with: the agreement's (amount and date: the next deposit), except that a
 * template about a bill ({billerName}) takes the biller, amount and due date of the agreement's next bill.
 */
export function valuesForTemplate(
  texts: readonly string[],
  agreement: TemplateValues,
  nextBill: { billerName: string; amount: string; date: string } | null,
): TemplateValues {
  const aboutBill = texts.some((text) => text.includes('{billerName}'));
  if (!aboutBill || !nextBill) return agreement;
  return { ...agreement, billerName: nextBill.billerName, amount: nextBill.amount, date: nextBill.date };
}
