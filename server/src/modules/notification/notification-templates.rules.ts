import { DomainError } from '../../common/errors.js';
import { formatCurrency, parseMoney } from '../../common/money.js';
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

/** What an agreement's messages are filled from: its member, account and next deposit (decimal strings). */
export interface TemplateFacts {
  member: { firstName: string; lastName: string; memberNumber: string };
  accountNumber: string;
  agreementId: number;
  institutionName: string;
  /** The next deposit's amount (or the deposit), a decimal string. */
  nextDepositAmount: string | null;
  nextDepositDate: string | null;
  endDate: string | null;
}

/** The placeholders every message of an agreement can use (amount and date: its next deposit). */
export function agreementTemplateValues(facts: TemplateFacts): TemplateValues {
  return {
    firstName: facts.member.firstName,
    lastName: facts.member.lastName,
    memberNumber: facts.member.memberNumber,
    accountNumber: facts.accountNumber,
    agreementNumber: String(facts.agreementId),
    institutionName: facts.institutionName,
    amount: facts.nextDepositAmount ? formatCurrency(parseMoney(facts.nextDepositAmount)) : '',
    date: messageDate(facts.nextDepositDate),
    endDate: messageDate(facts.endDate),
  };
}

/** Manual templates whose {amount} is the amount the agreement is in arrears by (its missed deposits not received). */
export const ARREARS_TEMPLATES: readonly string[] = ['ArrearsReminder'];

/**
 * The values one template is filled with: the agreement's (amount and date: the next deposit), except that a
 * template about a bill ({billerName}) takes the biller, amount and due date of the agreement's next bill, and an
 * arrears template (`ARREARS_TEMPLATES`) takes the amount in arrears.
 */
export function valuesForTemplate(
  templateName: string | null,
  texts: readonly string[],
  agreement: TemplateValues,
  context: { nextBill: { billerName: string; amount: string; date: string } | null; arrearsAmount: string },
): TemplateValues {
  if (templateName !== null && ARREARS_TEMPLATES.includes(templateName)) {
    return { ...agreement, amount: context.arrearsAmount };
  }
  const aboutBill = texts.some((text) => text.includes('{billerName}'));
  const { nextBill } = context;
  if (!aboutBill || !nextBill) return agreement;
  return { ...agreement, billerName: nextBill.billerName, amount: nextBill.amount, date: nextBill.date };
}
