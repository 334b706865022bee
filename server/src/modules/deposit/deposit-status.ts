/** A scheduled deposit's state (the missed-deposit report and arrears read it). */
export enum DepositStatus {
  Scheduled = 0,
  Received = 1,
  /** Its date passed without (all of) the money: the agreement goes to missed deposit (4). */
  Missed = 2,
  PartlyReceived = 3,
  /** A full deposit reversed by staff (activity 13). */
  Reversed = 4,
  /** A deposit of a hardship arrangement's holiday: not expected, not asked of the bank, never missed. */
  Holiday = 5,
}

export const DEPOSIT_STATUS_LABELS: Readonly<Record<DepositStatus, string>> = {
  [DepositStatus.Scheduled]: 'Scheduled',
  [DepositStatus.Received]: 'Received',
  [DepositStatus.Missed]: 'Missed',
  [DepositStatus.PartlyReceived]: 'Partly received',
  [DepositStatus.Reversed]: 'Reversed',
  [DepositStatus.Holiday]: 'Deposit holiday',
};
