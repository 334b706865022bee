import { describe, expect, it } from 'vitest';
import { AgreementStatus as S } from '../agreement-status.js';
import { screensMovedBy, ScreensMoved as M, type SeenChange } from './status-seen.rules.js';
import { AgreementEvent as E, NEW_VERSION, TRANSITIONS } from './transitions.rules.js';

type Row = [string, SeenChange, M];

/** Rule "which screens a status change moves", as the screens read the statuses (status-seen.rules.ts). */
const CASES: Row[] = [
  // The apply job claims a change of the version in force: only the change's own pages tell queued from applying.
  ['a modification of an active version, queued → applying', change(S.Queued, S.InProgress, S.Active), M.OwnPages],
  [
    'a modification of a version in arrears, queued → applying',
    change(S.Queued, S.InProgress, S.MissedDeposit),
    M.OwnPages,
  ],
  ['a modification of a locked version, queued → applying', change(S.Queued, S.InProgress, S.Locked), M.OwnPages],
  // Nothing in force stands in front of it: the account's screens show the waiting version's own status.
  ['a new agreement, queued → applying', { from: S.Queued, to: S.InProgress, isChange: false }, M.Every],
  [
    'a renewal whose version in force has expired, queued → applying',
    change(S.Queued, S.InProgress, S.Expired),
    M.Every,
  ],
  [
    'a change whose replaced version was not read, queued → applying',
    { from: S.Queued, to: S.InProgress, isChange: true },
    M.Every,
  ],
  // A claim taken over by a retried run: the status stays applying, nothing else is written.
  ['a modification, applying → applying (a retried claim)', change(S.InProgress, S.InProgress, S.Active), M.None],
  [
    'a new agreement, applying → applying (a retried claim)',
    { from: S.InProgress, to: S.InProgress, isChange: false },
    M.None,
  ],
  // Whatever leaves or enters the waiting statuses moves the screens.
  [
    'a change sent to the member, approved (9 → 2): the notice goes',
    change(S.ModificationPendingApproval, S.Queued, S.Active),
    M.Every,
  ],
  [
    'a modification saved by staff (9 → 2): the wizard closes',
    change(S.ModificationPendingApproval, S.Queued, S.Active),
    M.Every,
  ],
  ['a modification applied (3 → 7)', change(S.InProgress, S.Active, S.Active), M.Every],
  [
    'a renewal waiting for its first day (3 → 1): staff may cancel again',
    change(S.InProgress, S.Approved, S.Active),
    M.Every,
  ],
  ['a renewal taking over (1 → 3): staff may no longer cancel', change(S.Approved, S.InProgress, S.Active), M.Every],
  ['a change failing (3 → 6)', change(S.InProgress, S.Cancelled, S.Active), M.Every],
  ['a change failing before it was claimed (2 → 6)', change(S.Queued, S.Cancelled, S.Active), M.Every],
  // Unchanged statuses that write what the screens show: an end date, a sending, an activation.
  ['an end date moved (7 → 7)', { from: S.Active, to: S.Active, isChange: false }, M.Every],
  [
    'a change sent to the member (9 → 9)',
    change(S.ModificationPendingApproval, S.ModificationPendingApproval, S.Active),
    M.Every,
  ],
  [
    'a new agreement activated by staff (0 → 0)',
    { from: S.PendingApproval, to: S.PendingApproval, isChange: false },
    M.Every,
  ],
  ['a new version written', { from: NEW_VERSION, to: S.ModificationPendingApproval, isChange: true }, M.Every],
];

function change(from: SeenChange['from'], to: S, replacedStatus: S): SeenChange {
  return { from, to, isChange: true, replacedStatus };
}

describe('screensMovedBy: which screens a status change moves', () => {
  it.each(CASES)('%s', (_name, seen, moved) => {
    expect(screensMovedBy(seen)).toBe(moved);
  });

  it('moves every screen for every transition of the table but the apply job’s claim (BeginApply)', () => {
    const running = [S.Active, S.MissedDeposit, S.Locked];
    for (const row of TRANSITIONS) {
      for (const from of row.from) {
        for (const replacedStatus of [...running, undefined]) {
          const moved = screensMovedBy({ from, to: row.to, isChange: true, replacedStatus });
          if (row.event === E.BeginApply) continue;
          expect(moved, `${row.event} ${String(from)} → ${row.to}`).toBe(M.Every);
        }
      }
    }
  });
});
