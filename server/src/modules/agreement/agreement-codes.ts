/** How the member's deposits arrive (spec 3 §5); null until chosen ('Please select a payment preference'). */
export enum DepositType {
  /** Deducted from pay by the employer: needs remitterName and remitterNumber. */
  PayrollDeduction = 1,
  /** A periodical payment from one of the member's savings accounts: needs periodicalPaymentAccount. */
  PeriodicalPayment = 2,
}

export const DEPOSIT_TYPE_LABELS: Readonly<Record<DepositType, string>> = {
  [DepositType.PayrollDeduction]: 'Payroll deduction',
  [DepositType.PeriodicalPayment]: 'Periodical payment',
};

/** A scheduled deposit's state: held by the deposit module (deposit/deposit-status.ts), so that the ledger can name it. */
export { DEPOSIT_STATUS_LABELS, DepositStatus } from '../deposit/index.js';

/** What made a new agreement version (an `agreement_change` row links it to the previous one). */
export enum AgreementChangeType {
  Creation = 1,
  Modification = 2,
  Renewal = 3,
  EndDateMove = 4,
  Cancellation = 5,
}

export const AGREEMENT_CHANGE_TYPE_LABELS: Readonly<Record<AgreementChangeType, string>> = {
  [AgreementChangeType.Creation]: 'Creation',
  [AgreementChangeType.Modification]: 'Modification',
  [AgreementChangeType.Renewal]: 'Renewal',
  [AgreementChangeType.EndDateMove]: 'End date moved',
  [AgreementChangeType.Cancellation]: 'Cancellation',
};

/** The overdraw rule's initial duration: the 8-week good-conduct period (spec 1 §9), stored in days. */
export const DEFAULT_OVERDRAW_RULE_DURATION_DAYS = 56;
