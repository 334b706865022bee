/** What a ledger transaction did (one per movement of money; the activity row tells the story). */
export enum LedgerTransactionType {
  /** A member deposit into the agreement (from a linked account or from outside, e.g. payroll). */
  Deposit = 1,
  /** A bill paid to a biller (outside world), possibly topped up from rainy day or a linked account. */
  BillPayment = 2,
  /** The agreement pays the member's linked account back for a bill the member paid. */
  Reimbursement = 3,
  /** A linked account tops up the agreement's rainy-day balance. */
  RainyDayTopUp = 4,
  /** Money moved between the agreement's own pockets (e.g. leftovers into rainy day). */
  Transfer = 5,
  /** Undoes an earlier transaction line by line (`reversesTransactionId`). */
  Reversal = 6,
  /** A modification or renewal takes over the previous version's balances. */
  VersionTransfer = 7,
  /** Money arriving in a linked savings account from core banking (opening balance, salary). */
  CoreBankingCredit = 8,
  /** The agreement ends and pays what is left back to the member. */
  Closure = 9,
  Fee = 10,
}

export const LEDGER_TRANSACTION_TYPE_LABELS: Readonly<Record<LedgerTransactionType, string>> = {
  [LedgerTransactionType.Deposit]: 'Deposit',
  [LedgerTransactionType.BillPayment]: 'Bill payment',
  [LedgerTransactionType.Reimbursement]: 'Reimbursement',
  [LedgerTransactionType.RainyDayTopUp]: 'Rainy-day top-up',
  [LedgerTransactionType.Transfer]: 'Transfer',
  [LedgerTransactionType.Reversal]: 'Reversal',
  [LedgerTransactionType.VersionTransfer]: 'Version transfer',
  [LedgerTransactionType.CoreBankingCredit]: 'Core banking credit',
  [LedgerTransactionType.Closure]: 'Closure',
  [LedgerTransactionType.Fee]: 'Fee',
};
