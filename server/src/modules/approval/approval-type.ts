/**
 * Approval types: 1 and 2 are the spec's (3 §3) and match `ApprovalType` of the deposit rules; 3 is the
 * manager approval for paying a bill while the agreement is in arrears (1 §3, 1 §4), which the spec sends
 * without a type number.
 */
export enum ApprovalKind {
  DepositOverdraw = 1,
  ContractUpperLimit = 2,
  BillPaymentInArrears = 3,
}

export const APPROVAL_KIND_LABELS: Readonly<Record<ApprovalKind, string>> = {
  [ApprovalKind.DepositOverdraw]: 'Deposit overdraw (5K) approval',
  [ApprovalKind.ContractUpperLimit]: 'Contract upper limit approval',
  [ApprovalKind.BillPaymentInArrears]: 'Bill payment in arrears approval',
};
