/** The staff actions on the agreement in force, as the server's transition table allows them (lifecycle.rules.ts). */
export type LifecycleActionName = 'lock' | 'unlock' | 'cancel' | 'renew' | 'move';

export interface LifecycleActionView {
  name: LifecycleActionName;
  label: string;
  confirm: string;
  explanation: string;
  input: 'reason' | 'date' | null;
}

const ACTIONS: Readonly<Record<LifecycleActionName, LifecycleActionView & { from: readonly number[] }>> = {
  lock: {
    name: 'lock',
    label: 'Lock agreement',
    confirm: 'Lock',
    explanation: 'No bills are paid while the agreement is locked.',
    input: 'reason',
    from: [7, 4],
  },
  unlock: {
    name: 'unlock',
    label: 'Unlock agreement',
    confirm: 'Unlock',
    explanation: 'The agreement becomes active again (or missed deposit while deposits are still missed).',
    input: 'reason',
    from: [8],
  },
  renew: {
    name: 'renew',
    label: 'Renew agreement',
    confirm: 'Renew',
    explanation: 'A new version from the day after the end date; continue it in the modify wizard.',
    input: null,
    from: [7, 4],
  },
  move: {
    name: 'move',
    label: 'Move end date',
    confirm: 'Move end date',
    explanation: 'The agreement will end on the new date.',
    input: 'date',
    from: [1, 7, 4, 8],
  },
  cancel: {
    name: 'cancel',
    label: 'Cancel agreement',
    confirm: 'Cancel agreement',
    explanation: 'The agreement stops: no more deposits or bill payments. This cannot be undone.',
    input: 'reason',
    from: [0, 1, 7, 4, 8],
  },
};

/** The actions offered for an agreement in `status` (the server decides again, and refuses the rest). */
export function lifecycleActions(status: number): LifecycleActionView[] {
  return Object.values(ACTIONS)
    .filter((action) => action.from.includes(status))
    .map(({ from: _from, ...view }) => view);
}
