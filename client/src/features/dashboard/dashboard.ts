import { isApprover } from '../../auth/session-rules';

/**
 * The staff dashboard's rules (agent.myDashboard; issue 11 item 8, issue 22 item 3): which panels a staff member has
 * and how many of the worklist's rows it shows.
 */

/** The worklist rows the dashboard shows before its link to the whole list. */
export const DASHBOARD_TOP = 5;

export interface DashboardPanels {
  /** The worklist's counts and most urgent rows: every staff role, the read-only reporter included. */
  worklist: boolean;
  /** Agents are told that managers decide approvals (approvers see them in the worklist). */
  approvalsNote: boolean;
}

export function dashboardPanels(roles: readonly string[]): DashboardPanels {
  const staff = roles.some((role) => role !== 'MEMBER');
  const agent = roles.some((role) => role !== 'MEMBER' && role !== 'REPORTER');
  return { worklist: staff, approvalsNote: agent && !isApprover(roles) };
}
