/**
 * The pockets money can sit in. An agreement has three (allocation, contingency, rainy day); each linked
 * savings account is one; everything outside the institution is one `external` account.
 */
export enum LedgerAccountKind {
  /** Deposits set aside for the agreement's bills. */
  Allocation = 1,
  /** The 10% buffer on variable-amount and direct-debit bills. */
  Contingency = 2,
  /** Leftovers and top-ups; covers a shortfall when a bill is paid. */
  RainyDay = 3,
  /** A member's savings account in core banking. */
  LinkedAccount = 4,
  /** The outside world: billers paid, payroll deductions received. Its balance is never stored. */
  External = 5,
}

export const LEDGER_ACCOUNT_KIND_LABELS: Readonly<Record<LedgerAccountKind, string>> = {
  [LedgerAccountKind.Allocation]: 'Allocation',
  [LedgerAccountKind.Contingency]: 'Contingency',
  [LedgerAccountKind.RainyDay]: 'Rainy day',
  [LedgerAccountKind.LinkedAccount]: 'Linked savings account',
  [LedgerAccountKind.External]: 'External',
};

/** The kinds that belong to one agreement. */
export const AGREEMENT_POCKETS = [
  LedgerAccountKind.Allocation,
  LedgerAccountKind.Contingency,
  LedgerAccountKind.RainyDay,
] as const;

export type AgreementPocket = (typeof AGREEMENT_POCKETS)[number];

export function isAgreementPocket(kind: LedgerAccountKind): kind is AgreementPocket {
  return (
    kind === LedgerAccountKind.Allocation ||
    kind === LedgerAccountKind.Contingency ||
    kind === LedgerAccountKind.RainyDay
  );
}
