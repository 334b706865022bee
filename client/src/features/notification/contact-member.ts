/** Spec 1 §5 / 3 §5: staff may contact the member while the agreement is approved (1), in missed deposit (4),
 * active (7) or locked (8). The server checks the same rule (notification-templates.rules.ts). */
export const NOTIFIABLE_STATUSES: readonly number[] = [1, 4, 7, 8];

export function canContactMember(status: number | null | undefined): boolean {
  return status !== null && status !== undefined && NOTIFIABLE_STATUSES.includes(status);
}

export const NOTIFICATION_FAILED = 'Could not send the notification. Please try again later.';

/** The placeholders a template may use (the server's list: notification-templates.rules.ts). */
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

export const TEMPLATE_PLACEHOLDER_HINT = `Placeholders: ${TEMPLATE_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}.`;
