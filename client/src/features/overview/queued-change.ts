import { AgreementStatus, type AgreementStatusName } from '@shared/agreement-status.js';
import { codeOf } from '@shared/code-names.js';
import type { QueuedChangeStage } from '../../gql/graphql';

/** The stages a queued agreement change goes through, in order (the last one is APPLIED or FAILED). */
export const CHANGE_STEPS = ['QUEUED', 'APPLYING', 'APPLIED'] as const satisfies readonly QueuedChangeStage[];

export const STAGE_TEXT: Record<QueuedChangeStage, string> = {
  NONE: 'No agreement change is waiting.',
  QUEUED: 'Queued: the agreement change is waiting to be applied.',
  APPLYING: 'Applying: the agreement change is being applied.',
  APPLIED: 'Applied: the agreement has been updated.',
  FAILED: 'Failed: the agreement change could not be applied.',
};

export interface QueuedChangeState {
  stage: QueuedChangeStage | null;
  message: string | null;
  /** The blocking dialog shows while a change is queued or applying, and then its outcome. */
  open: boolean;
  /** Goes up each time a change is applied: the overview reloads itself then. */
  applied: number;
}

export type QueuedChangeEvent =
  { type: 'status'; stage: QueuedChangeStage; message?: string | null } | { type: 'close' };

export const initialQueuedChange: QueuedChangeState = { stage: null, message: null, open: false, applied: 0 };

export function isInProgress(stage: QueuedChangeStage | null): boolean {
  return stage === 'QUEUED' || stage === 'APPLYING';
}

/**
 * The overview's queued-change status, pushed by the server (replaces the 5-second poll, spec 1 §4): QUEUED or
 * APPLYING open a blocking dialog; APPLIED reloads the overview (and the open dialog shows the outcome);
 * FAILED shows why in the open dialog. Only an outcome can be closed. NONE right after QUEUED or APPLYING means the
 * change was applied while its APPLIED event was missed (at-most-once delivery, a socket reconnecting): it counts as
 * APPLIED, or the overview would go on showing the change queued.
 */
export function queuedChangeReducer(state: QueuedChangeState, event: QueuedChangeEvent): QueuedChangeState {
  if (event.type === 'close') return isInProgress(state.stage) ? state : { ...state, open: false };
  const { stage } = event;
  const message = event.message ?? null;
  if (stage === state.stage && message === state.message) return state;
  switch (stage) {
    case 'QUEUED':
    case 'APPLYING':
      return { ...state, stage, message, open: true };
    case 'APPLIED':
      return { ...state, stage, message, applied: state.applied + 1 };
    case 'FAILED':
      return { ...state, stage, message };
    case 'NONE':
      if (isInProgress(state.stage)) return { ...state, stage: 'APPLIED', message, applied: state.applied + 1 };
      return { ...state, stage, message, open: false };
  }
}

/** Agreement statuses of a version waiting to be applied: 2 queued, 3 in progress. */
const WAITING_STATUSES: ReadonlySet<AgreementStatus | null> = new Set([
  AgreementStatus.Queued,
  AgreementStatus.InProgress,
]);

/**
 * Whether the agreement summary on screen is out of date with the pushed stage: it shows a version waiting to be
 * applied (2 or 3) while nothing waits any more (the change was applied, or failed, between the overview's load
 * and the subscription's first answer). The overview then fetches itself again.
 */
export function summaryBehindStage(
  summaryStatus: AgreementStatusName | null | undefined,
  stage: QueuedChangeStage | null,
): boolean {
  if (!WAITING_STATUSES.has(codeOf(AgreementStatus, summaryStatus))) return false;
  return stage === 'NONE' || stage === 'APPLIED' || stage === 'FAILED';
}

/** Where each step stands in the dialog's list. */
export function stepState(
  step: (typeof CHANGE_STEPS)[number],
  stage: QueuedChangeStage | null,
): 'done' | 'current' | 'todo' | 'failed' {
  const at = stage === 'FAILED' ? CHANGE_STEPS.indexOf('APPLIED') : CHANGE_STEPS.indexOf(stage as never);
  const index = CHANGE_STEPS.indexOf(step);
  if (stage === 'FAILED' && step === 'APPLIED') return 'failed';
  if (at < 0 || index > at) return 'todo';
  if (index < at || stage === 'APPLIED') return 'done';
  return 'current';
}
