import { formatDateTime } from '../../shared/dates';

/** What a worklist row needs from the server to say where its actions lead. */
export interface WorkRow {
  key: string;
  kind: string;
  memberId: number | null;
  accountId: number | null;
  agreementId: number | null;
  done: { at: string; by: string; action: string } | null;
}

export interface WorkButton {
  action: string;
  label: string;
  templateName: string | null;
  notificationId: number | null;
}

/** Where a row's link actions lead (the agreement's pages, the approvals queue); null for in-place actions. */
export function actionPath(row: WorkRow, action: string): string | null {
  const account =
    row.memberId !== null && row.accountId !== null ? `/member/${row.memberId}/account/${row.accountId}` : null;
  if (action === 'approve') return '/approvals';
  // A deposit review is answered on the agreement's page, where its panel is (issue 24 item 2).
  if (action === 'open' && row.kind === 'DepositReview' && row.agreementId !== null) {
    return account && `${account}/viewagreement/${row.agreementId}#deposit-review`;
  }
  if (action === 'open') return account && `${account}/overview`;
  if (action === 'lock') return account && `${account}/manageagreement?action=lock`;
  if (action === 'arrange') return account && `${account}/member/hardship`;
  return null;
}

/** "Done: contacted by Agent on 27-11-2026 14:03". */
export function doneLine(done: NonNullable<WorkRow['done']>): string {
  return `Done: ${done.action}${done.by ? ` by ${done.by}` : ''} on ${formatDateTime(done.at)}.`;
}

/** The rows a filter shows: one kind, or all (null). */
export function rowsOf<T extends WorkRow>(items: readonly T[], kind: string | null): T[] {
  return kind === null ? [...items] : items.filter((item) => item.kind === kind);
}

/** The dashboard's line over the counts: how many rows need someone. */
export function openLine(counts: readonly { open: number }[]): string {
  const open = counts.reduce((sum, count) => sum + count.open, 0);
  if (open === 0) return 'Nothing needs you today.';
  return open === 1 ? '1 thing needs a person today.' : `${open} things need a person today.`;
}
