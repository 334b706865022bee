import { AgreementStatus } from '../agreement/index.js';

/** What about the agreement decides which Contact member template fits (issue 22 item 4). */
export interface ContactSituation {
  status: AgreementStatus;
  /** Missed deposits still owing (the projection's arrears). */
  inArrears: boolean;
  /** The forecast goes short (the projection's first short day). */
  goingShort: boolean;
  /** The end date is within the renewal notice days. */
  renewalDue: boolean;
  /** A bill is due within `BILL_DUE_SOON_DAYS`. */
  billDueSoon: boolean;
}

/** A bill due within this many days makes the bill reminder the template that fits. */
export const BILL_DUE_SOON_DAYS = 7;

/** Templates that say something true only in a situation: offered only then (arrears only when in arrears). */
const ONLY_WHEN: Readonly<Record<string, (situation: ContactSituation) => boolean>> = {
  ArrearsReminder: (s) => s.inArrears,
  LockedAgreementContact: (s) => s.status === AgreementStatus.Locked,
  ShortfallWarning: (s) => s.goingShort,
};

/** Whether Contact member offers the template for the agreement as it stands. */
export function templateOffered(templateName: string, situation: ContactSituation): boolean {
  return ONLY_WHEN[templateName]?.(situation) ?? true;
}

/**
 * The template Contact member opens with: the most pressing thing to say. A locked agreement (call us), arrears
 * (deposit what is owing), going short (top up before the bill), the end coming (renew), a bill due soon, else a
 * general request to get in touch.
 */
export function suggestedTemplate(situation: ContactSituation): string {
  if (situation.status === AgreementStatus.Locked) return 'LockedAgreementContact';
  if (situation.inArrears) return 'ArrearsReminder';
  if (situation.goingShort) return 'ShortfallWarning';
  if (situation.renewalDue) return 'RenewalReminder';
  if (situation.billDueSoon) return 'BillReminder';
  return 'GeneralContact';
}
