export interface MenuEntry {
  label: string;
  /** Path relative to nothing: absolute, with the member and account filled in. */
  to: string;
  visible: boolean;
}

/** Which wizard entries the server shows for the account (agreementWizardEntries: by status and role). */
export interface WizardVisibility {
  create: boolean;
  modify: boolean;
  continue: boolean;
  /** Staff: the lifecycle actions the server allows on the agreement in force now (Renew among them, or not). */
  lifecycleActions?: readonly string[];
}

const NO_WIZARD: WizardVisibility = { create: false, modify: false, continue: false };

/**
 * The agreement dropdown (spec 1 §2 "Header menu"): Agreement summary, Pay a bill (the bill dashboard, issue 8),
 * Profile & preferences and Graphs are shown; Modify, Create agreement and Continue agreement exactly when the
 * server's wizard entries say (the agreement's statuses and the caller's role); Renew (staff, when the server's
 * lifecycle actions include it: not once a renewal or another change is on its way), Manage agreement (staff: lock,
 * unlock, cancel, renew, end date) and Reverse bill payment are for staff.
 */
export function agreementMenu(
  memberId: number,
  accountId: number,
  isStaff = false,
  wizard: WizardVisibility = NO_WIZARD,
): MenuEntry[] {
  const base = `/member/${memberId}/account/${accountId}`;
  return [
    { label: 'Agreement summary', to: `${base}/overview?viewMode=showMenus`, visible: true },
    { label: 'Pay a bill', to: `${base}/paybill`, visible: true },
    { label: 'Profile & preferences', to: `${base}/member/profile`, visible: true },
    { label: 'Graphs', to: `${base}/member/graphs`, visible: true },
    { label: 'Modify agreement', to: `${base}/modifyagreement`, visible: wizard.modify },
    { label: 'Continue agreement', to: `${base}/contract/continue`, visible: wizard.continue },
    {
      label: 'Renew agreement',
      to: `${base}/manageagreement?action=renew`,
      visible: isStaff && (wizard.lifecycleActions ?? []).includes('Renew'),
    },
    { label: 'Create agreement', to: `${base}/newagreement`, visible: wizard.create },
    { label: 'Reverse bill payment', to: `${base}/member/reversebills`, visible: isStaff }, // staff only
    // Staff: lock, unlock, cancel, renew, move the end date (the page offers what the status allows).
    { label: 'Manage agreement', to: `${base}/manageagreement`, visible: isStaff },
  ];
}

export function visibleEntries(entries: readonly MenuEntry[]): MenuEntry[] {
  return entries.filter((entry) => entry.visible);
}

/** The managers' queue of arrears payment requests (`/approvals`), outside any member's account. */
export const APPROVALS_ENTRY: MenuEntry = { label: 'Approvals', to: '/approvals', visible: true };

/** Who decides arrears approvals (and so sees the queue's link): MANAGER and ADMIN. */
export function canDecideApprovals(roles: readonly string[]): boolean {
  return roles.includes('MANAGER') || roles.includes('ADMIN');
}

/** The staff's worklists and reports, outside any member's account (agents, branch agents, managers, admins). */
export const STAFF_REPORT_ENTRIES: readonly MenuEntry[] = [
  // What needs a person, most urgent first (issue 22 item 3).
  { label: 'Worklist', to: '/worklist', visible: true },
  { label: 'Missed deposits', to: '/misseddeposits', visible: true },
  { label: 'At risk', to: '/atrisk', visible: true },
  // The bank's jobs (issue 10 item 5): runs, failures and, in demo mode, "Run the next day".
  { label: 'Bank jobs', to: '/bankjobs', visible: true },
];

/** Who runs the reports: every staff role but the read-only REPORTER (it queries GraphQL directly). */
export function canRunReports(roles: readonly string[]): boolean {
  return roles.some((role) => ['AGENT', 'BRANCH_AGENT', 'MANAGER', 'ADMIN'].includes(role));
}

export interface HeaderMenuInput {
  /** Null outside a member's account. */
  memberId: number | null;
  accountId: number | null;
  /** viewMode=hideMenus: every menu is hidden (spec 1 §2). */
  hideMenus: boolean;
  isStaff: boolean;
  /** The signed-in user's roles (the approvals link is for MANAGER and ADMIN). */
  roles?: readonly string[];
  /** The account's wizard entries (none until known). */
  wizard?: WizardVisibility;
  /** The read-only reporting role: staff who make no change, so not offered the staff's agreement actions. */
  readOnly?: boolean;
}

export interface HeaderMenus {
  /** The agreement dropdown's visible entries; empty outside an account or when menus are hidden. */
  agreementEntries: MenuEntry[];
  /** Staff open the member search modal from the header. */
  memberSearch: boolean;
  /** The link to the managers' approval queue (MANAGER, ADMIN); null for everyone else or when menus are hidden. */
  approvals: MenuEntry | null;
  /** The missed-deposit report and the at-risk worklist (staff); empty for everyone else or when menus are hidden. */
  reports: readonly MenuEntry[];
}

/** Which header menus show (spec 1 §2 "Header menu"): all are hidden in hideMenus mode. */
export function headerMenus({
  memberId,
  accountId,
  hideMenus,
  isStaff,
  roles = [],
  wizard = NO_WIZARD,
  readOnly = false,
}: HeaderMenuInput): HeaderMenus {
  if (hideMenus) return { agreementEntries: [], memberSearch: false, approvals: null, reports: [] };
  const inAccount = memberId !== null && accountId !== null;
  return {
    agreementEntries: inAccount ? visibleEntries(agreementMenu(memberId, accountId, isStaff && !readOnly, wizard)) : [],
    memberSearch: isStaff,
    approvals: canDecideApprovals(roles) ? APPROVALS_ENTRY : null,
    reports: canRunReports(roles) ? STAFF_REPORT_ENTRIES : [],
  };
}

/** Paths are lower case (spec 1 §2); null when the path already is. */
export function lowerCasedPath(pathname: string): string | null {
  const lower = pathname.toLowerCase();
  return lower === pathname ? null : lower;
}
