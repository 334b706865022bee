import { ZERO, type Cents } from '../../shared/money.js';
import { approvalsFor } from '../deposit/index.js';
import { ApprovalKind } from './approval-type.js';

/**
 * The agreement approvals of the deposits step (spec 3 §3-§5, DOMAIN.md § Deposits): type 1 when the lowest point
 * is deeper than the approved overdraw, type 2 when the total value exceeds the upper limit; both when both apply.
 * A manager decides; a refusal is saved and blocks the version for good (while the approval is still needed).
 */
export type AgreementApprovalKind = ApprovalKind.DepositOverdraw | ApprovalKind.ContractUpperLimit;

export const AGREEMENT_APPROVAL_KINDS: readonly AgreementApprovalKind[] = [
  ApprovalKind.DepositOverdraw,
  ApprovalKind.ContractUpperLimit,
];

export const AGREEMENT_APPROVAL_MESSAGES = {
  refusedOverdraw:
    'To continue, please step back and lower the bill amount or you can cancel out of this modification.',
  refusedUpperLimit:
    'To continue, please step back and remove the biller(s) causing this agreement to be over the limit.',
  upperLimitOverridden: 'You have successfully over-ridden the upper limit for an overdraw on an agreement.',
  overdrawApproved: 'The overdraw has been approved.',
  requested: 'The approval has been requested. A manager can decide it from their approvals queue.',
  notNeeded: 'This agreement does not need that approval.',
  invalidType: 'Invalid approval type.',
  alreadyDecided: 'This approval has been decided already.',
  approverRole: 'The agreement may not proceed in this position unless an administrator approves.',
} as const;

export function refusalMessage(kind: AgreementApprovalKind): string {
  return kind === ApprovalKind.DepositOverdraw
    ? AGREEMENT_APPROVAL_MESSAGES.refusedOverdraw
    : AGREEMENT_APPROVAL_MESSAGES.refusedUpperLimit;
}

export function grantMessage(kind: AgreementApprovalKind): string {
  return kind === ApprovalKind.DepositOverdraw
    ? AGREEMENT_APPROVAL_MESSAGES.overdrawApproved
    : AGREEMENT_APPROVAL_MESSAGES.upperLimitOverridden;
}

/**
 * The sentence beside one approval kind: the refusal's step-back message, the grant's, or while a needed approval
 * is not decided the approver role text (spec 3 §6: '…unless an administrator approves').
 */
export function kindMessage(kind: AgreementApprovalKind, decision: ApprovalDecision, needed: boolean): string | null {
  if (decision === ApprovalDecision.Refused) return refusalMessage(kind);
  if (decision === ApprovalDecision.Granted) return grantMessage(kind);
  return needed ? AGREEMENT_APPROVAL_MESSAGES.approverRole : null;
}

export interface ApprovalNeedFacts {
  /** The deepest the balance goes (a positive amount) as the deposits were saved; null when not computed. */
  totalOverdrawAmount: Cents | null;
  totalContractValue: Cents | null;
  /** The agreement's approved overdraw, else the server setting. */
  approvedOverdraw: Cents;
  upperLimit: Cents;
}

/**
 * Which approvals a version needs, from the figures its deposits were saved with: the deposits step's own rule
 * (`approvalsFor`), never a second copy of it.
 */
export function approvalsNeeded(facts: ApprovalNeedFacts): AgreementApprovalKind[] {
  const overdraw = facts.totalOverdrawAmount === null ? ZERO : (Math.abs(facts.totalOverdrawAmount) as Cents);
  return approvalsFor(overdraw, facts.totalContractValue ?? ZERO, {
    approvedOverdraw: facts.approvedOverdraw,
    upperContractLimit: facts.upperLimit,
  }) as number[] as AgreementApprovalKind[];
}

export enum ApprovalDecision {
  None = 'NONE',
  Pending = 'PENDING',
  Granted = 'GRANTED',
  Refused = 'REFUSED',
}

export interface StoredDecision {
  kind: number;
  decided: boolean;
  granted: boolean;
}

/** The state of one kind from its stored rows (newest last): a refusal wins for good, then a grant, then a request. */
export function decisionOf(kind: AgreementApprovalKind, rows: readonly StoredDecision[]): ApprovalDecision {
  const mine = rows.filter((r) => r.kind === kind);
  if (mine.some((r) => r.decided && !r.granted)) return ApprovalDecision.Refused;
  if (mine.some((r) => r.decided && r.granted)) return ApprovalDecision.Granted;
  if (mine.some((r) => !r.decided)) return ApprovalDecision.Pending;
  return ApprovalDecision.None;
}

/** What activation reads: approvals needed and not granted, and refused ones. */
export function activationApprovals(
  needed: readonly AgreementApprovalKind[],
  rows: readonly StoredDecision[],
): { missing: number; refused: number } {
  let missing = 0;
  let refused = 0;
  for (const kind of needed) {
    const decision = decisionOf(kind, rows);
    if (decision === ApprovalDecision.Refused) refused += 1;
    else if (decision !== ApprovalDecision.Granted) missing += 1;
  }
  return { missing, refused };
}
