/** The staff actions on the agreement in force: their dialogs' words. Which are offered is the server's answer. */
export type LifecycleActionName = 'lock' | 'unlock' | 'cancel' | 'renew' | 'move';

export interface LifecycleActionView {
  name: LifecycleActionName;
  label: string;
  confirm: string;
  explanation: string;
  input: 'reason' | 'date' | null;
}

const ACTIONS: Readonly<Record<LifecycleActionName, LifecycleActionView & { server: string }>> = {
  lock: {
    name: 'lock',
    label: 'Lock agreement',
    confirm: 'Lock',
    explanation: 'No bills are paid while the agreement is locked.',
    input: 'reason',
    server: 'Lock',
  },
  unlock: {
    name: 'unlock',
    label: 'Unlock agreement',
    confirm: 'Unlock',
    explanation: 'The agreement becomes active again (or missed deposit while deposits are still missed).',
    input: 'reason',
    server: 'Unlock',
  },
  renew: {
    name: 'renew',
    label: 'Renew agreement',
    confirm: 'Renew',
    explanation:
      'A new agreement from the day after the end date, for a year: the wizard opens on it. Review the billers and deposits, then send it for the member’s approval.',
    input: null,
    server: 'Renew',
  },
  move: {
    name: 'move',
    label: 'Move end date',
    confirm: 'Move end date',
    explanation: 'The agreement will end on the new date.',
    input: 'date',
    server: 'MoveEndDate',
  },
  cancel: {
    name: 'cancel',
    label: 'Cancel agreement',
    confirm: 'Cancel agreement',
    explanation: 'The agreement stops: no more deposits or bill payments. This cannot be undone.',
    input: 'reason',
    server: 'Cancel',
  },
};

/**
 * The actions offered, in the page's order, from the server's list for the agreement in force
 * (agreementWizardEntries.lifecycleActions: its status and the account's other versions, lifecycle.rules.ts).
 */
export function lifecycleActions(allowed: readonly string[]): LifecycleActionView[] {
  return Object.values(ACTIONS)
    .filter((action) => allowed.includes(action.server))
    .map(({ server: _server, ...view }) => view);
}
