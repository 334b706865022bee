import { isApprover } from '../../auth/session-rules';

/**
 * The staff dashboard's rules (agent.myDashboard; issue 11 item 8, issue 8 item 7): which worklist panels a staff
 * member has, how many rows each shows, and the words of its items.
 */

/** Rows each worklist panel shows before its link to the full list. */
export const DASHBOARD_TOP = 5;

export interface DashboardPanels {
  /** The approvals queue: approvers only (agents' requests wait there). */
  approvals: boolean;
  /** The at-risk worklist: every staff role but the read-only reporter. */
  atRisk: boolean;
  /** Failed notifications (the outbox's delivery status): staff and reporters. */
  failedNotifications: boolean;
}

export function dashboardPanels(roles: readonly string[]): DashboardPanels {
  const staff = roles.some((role) => role !== 'MEMBER' && role !== 'REPORTER');
  return {
    approvals: isApprover(roles),
    atRisk: staff,
    failedNotifications: staff || roles.includes('REPORTER'),
  };
}

/** A panel's count line: "No …", "1 …", "3 …", or the first rows of a list cut at its top rows. */
export function countLine(shown: number, more: boolean, one: string, many: string): string {
  if (shown === 0) return `No ${many}.`;
  if (more) return `The first ${shown} ${many}; there are more.`;
  return shown === 1 ? `1 ${one}.` : `${shown} ${many}.`;
}

/** What an agreement approval asks (spec 3 §3: approvals 1 and 2). */
export function agreementApprovalLabel(approvalType: number): string {
  if (approvalType === 1) return 'Overdraw beyond the approved amount';
  if (approvalType === 2) return 'Agreement over the upper contract limit';
  return 'Agreement approval';
}
