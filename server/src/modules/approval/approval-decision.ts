import type { EntityManager } from '@mikro-orm/postgresql';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { formatCurrency, parseMoney } from '../../shared/money.js';
import { ActivityType, writeActivity } from '../activity/index.js';
import { approvalDecisionWords } from './approval-decision.rules.js';
import type { ApprovalKind } from './approval-type.js';

/**
 * Every approval decision is in the history (issue 26 item 6): who decided, when, granted or refused, the note and
 * the amount (the overdraw, the agreement's value, or the bill paid in arrears), as activity 35 (staff only: the Note
 * filter), in the deciding transaction. The approval row is the record of the decision; this is its history line.
 */
export async function recordApprovalDecision(
  tx: EntityManager,
  approvalId: number,
  by: CurrentUser,
  now: Date,
): Promise<void> {
  const [row] = await tx.execute<Record<string, unknown>[]>(
    `select a.id, a.approval_type, a.approval_granted, a.manager_name, a.note, a.amount::text as amount, a.bill_id,
       a.agreement_id, g.account_id, u.display_name as requested_by, b.expected_amount::text as bill_amount,
       coalesce(r.nickname, s.nickname) as biller
     from approval a join agreement g on g.id = a.agreement_id left join app_user u on u.id = a.requested_by_id
       left join bill b on b.id = a.bill_id left join biller r on r.id = b.biller_id
       left join billing_sub_category s on s.id = b.billing_sub_category_id
     where a.id = ?`,
    [approvalId],
  );
  if (!row) return;
  const amountText = row.amount ?? row.bill_amount;
  const amount = amountText === null || amountText === undefined ? null : parseMoney(String(amountText));
  const kind = Number(row.approval_type) as ApprovalKind;
  const granted = row.approval_granted === true;
  const managerName = String(row.manager_name ?? '');
  const note = row.note === null || row.note === undefined ? '' : String(row.note);
  await writeActivity(tx, {
    type: ActivityType.ApprovalDecision,
    accountId: Number(row.account_id),
    agreementId: Number(row.agreement_id),
    billId: row.bill_id === null ? null : Number(row.bill_id),
    details: approvalDecisionWords({
      kind,
      granted,
      managerName,
      amount,
      requestedBy: row.requested_by === null ? null : String(row.requested_by),
      billerName: row.biller === null ? null : String(row.biller),
    }),
    notes: note || null,
    data: {
      approvalId,
      approvalType: kind,
      granted,
      managerName,
      note,
      amount: amount === null ? null : formatCurrency(amount),
    },
    agentName: by.displayName,
    userId: by.userId,
    occurredAt: now,
  });
}
