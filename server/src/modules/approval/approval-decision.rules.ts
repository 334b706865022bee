import { formatCurrency, type Cents } from '../../shared/money.js';
import { APPROVAL_KIND_LABELS, ApprovalKind } from './approval-type.js';

export interface ApprovalDecisionFacts {
  kind: ApprovalKind;
  granted: boolean;
  managerName: string;
  /** The overdraw (type 1), the agreement's value (type 2), the bill (type 3). */
  amount: Cents | null;
  requestedBy: string | null;
  billerName: string | null;
}

/** A decision's history line: 'Deposit overdraw (5K) approval granted by Morgan Manager for $9,700.00 (asked by Agent).' */
export function approvalDecisionWords(facts: ApprovalDecisionFacts): string {
  const label = APPROVAL_KIND_LABELS[facts.kind] ?? `Approval type ${facts.kind}`;
  const what =
    facts.kind === ApprovalKind.BillPaymentInArrears && facts.billerName ? ` (${facts.billerName} bill)` : '';
  const amount = facts.amount === null ? '' : ` for ${formatCurrency(facts.amount)}`;
  const asked = facts.requestedBy && facts.requestedBy !== facts.managerName ? ` (asked by ${facts.requestedBy})` : '';
  return `${label}${what} ${facts.granted ? 'granted' : 'refused'} by ${facts.managerName}${amount}${asked}.`;
}
