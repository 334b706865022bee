import { AgreementStatus, type AgreementStatusName } from '@shared/agreement-status.js';
import { codeOf } from '@shared/code-names.js';
import { canSendNotification } from '@shared/notification/notification-templates.rules.js';

/** Spec 1 §5 / 3 §5: staff may contact the member in the statuses the server's rule allows (1, 4, 7, 8). */
export function canContactMember(status: AgreementStatusName | null | undefined): boolean {
  const code = codeOf(AgreementStatus, status);
  return code !== null && canSendNotification(code);
}

export const NOTIFICATION_FAILED = 'Could not send the notification. Please try again later.';

/** The hint under a template's texts: the placeholders it may use (the server says which, per template). */
export function placeholderHint(placeholders: readonly string[]): string {
  return `Placeholders this template may use: ${placeholders.map((p) => `{${p}}`).join(', ')}.`;
}
