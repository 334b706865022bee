import { AgreementStatus as S, RUNNING_STATUSES } from '../agreement-status.js';
import type { FromStatus } from './transitions.rules.js';

/**
 * Rule "which screens a status change moves" (README.md, "What a change moves on the screens"); the status writer
 * announces figures (`figuresChanged`) as it answers. The account's screens show the version `currentAgreementFirst`
 * puts first: the version in force, or a version waiting to be applied when none is in force. A change waiting behind
 * the version in force is read alike in 2 (queued) and 3 (applying) by every other screen (the change-waiting notice,
 * the wizard's entries and the manage page's actions, the worklist's renewal under way, the term end, the reset); only
 * its own agreement page, opened by its id, names the status. The queued-change dialog follows the stages on its own
 * subscription.
 */
export enum ScreensMoved {
  /** What the account's screens show moved: every open screen of the account asks again. */
  Every = 'every',
  /** Only the version's own pages (its status name there): a change waiting behind the version in force. */
  OwnPages = 'ownPages',
  /** Nothing any screen shows: the status is the one it was (a claim taken over by a retried run, 3 → 3). */
  None = 'none',
}

/** A status change as the writer has it, with what it read of the version it changes. */
export interface SeenChange {
  from: FromStatus;
  to: S;
  /** The version changes another (it has a previous version). */
  isChange: boolean;
  /** The status of the version it changes, when the writer was given it (the change applier's claim). */
  replacedStatus?: S;
}

/** A version waiting to be applied: queued (2) or applying (3). */
const WAITING: readonly FromStatus[] = [S.Queued, S.InProgress];

export function screensMovedBy(change: SeenChange): ScreensMoved {
  if (!WAITING.includes(change.from) || !WAITING.includes(change.to)) return ScreensMoved.Every;
  if (change.from === change.to) return ScreensMoved.None;
  const behindVersionInForce =
    change.isChange && change.replacedStatus !== undefined && RUNNING_STATUSES.includes(change.replacedStatus);
  return behindVersionInForce ? ScreensMoved.OwnPages : ScreensMoved.Every;
}
