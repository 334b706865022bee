import { describe, expect, it } from 'vitest';
import type { LocalDate } from '../../shared/local-date.js';
import { AgreementStatus as S } from '../agreement/agreement-status.js';
import type { StatusChange } from '../agreement/state/status-events.js';
import { AgreementEvent as E } from '../agreement/state/transitions.rules.js';
import { statusNotice } from './status-notices.rules.js';

const facts = { today: '2027-03-01' as LocalDate, endDate: '2027-06-30', activated: true };
const change = (event: E, from: StatusChange['from'], to: S, activityId: number | null = 90): StatusChange => ({
  agreementId: 6,
  accountId: 4,
  previousId: null,
  event,
  from,
  to,
  activityId,
});

describe('statusNotice (the member’s notice of a status change)', () => {
  it.each([
    ['a new agreement set up', change(E.ApplyNew, S.InProgress, S.Active), { event: 'agreementApproved', key: '6' }],
    ['a change taking effect', change(E.ApplyChange, S.InProgress, S.Active), { event: 'agreementApplied', key: '6' }],
    [
      'cancelled',
      change(E.Cancel, S.Active, S.Cancelled),
      { event: 'agreementCancelled', key: '6', facts: { date: '2027-03-01' } },
    ],
    [
      'locked',
      change(E.Lock, S.Active, S.Locked),
      {
        event: 'agreementChanged',
        key: 'locked:90',
        facts: { change: 'it is locked, so no bills are paid from it for now' },
      },
    ],
    [
      'unlocked, without an activity',
      change(E.Unlock, S.Locked, S.Active, null),
      {
        event: 'agreementChanged',
        key: 'unlocked:6:2027-03-01',
        facts: { change: 'it is unlocked, and your bills are paid from it again' },
      },
    ],
    [
      'the end date moved',
      change(E.MoveEndDate, S.Active, S.Active),
      { event: 'agreementChanged', key: 'end-date:90', facts: { change: 'it now ends on 30-06-2027' } },
    ],
  ])('%s', (_name, statusChange, notice) => {
    expect(statusNotice(statusChange, facts)).toEqual({ agreementId: 6, ...notice });
  });

  it.each([
    [
      'a draft never shown to the member, cancelled',
      change(E.Cancel, S.PendingApproval, S.Cancelled),
      { activated: false },
    ],
    ['a change withdrawn with its agreement', change(E.Withdraw, S.ModificationPendingApproval, S.Cancelled), {}],
    ['a missed deposit (told per deposit)', change(E.MissDeposit, S.Active, S.MissedDeposit), {}],
    ['an approval queued', change(E.MemberApprove, S.PendingApproval, S.Queued), {}],
    ['the apply job claiming a change', change(E.BeginApply, S.Queued, S.InProgress), {}],
    ['the old version replaced', change(E.Supersede, S.Active, S.Renewed), {}],
  ])('none for %s', (_name, statusChange, extra) => {
    expect(statusNotice(statusChange, { ...facts, ...extra })).toBeNull();
  });

  it('tells the cancellation of an agreement the member was asked to approve', () => {
    expect(statusNotice(change(E.Cancel, S.PendingApproval, S.Cancelled), facts)?.event).toBe('agreementCancelled');
  });
});
