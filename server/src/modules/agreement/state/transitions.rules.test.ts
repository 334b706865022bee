import { describe, expect, it } from 'vitest';
import { ActivityType as T } from '../../activity/index.js';
import { AgreementStatus as S } from '../agreement-status.js';
import {
  AgreementEvent as E,
  decideTransition,
  eventAllowedFrom,
  NEW_VERSION,
  statusesAllowing,
  TRANSITIONS,
  type Actor,
  type FromStatus,
  type TransitionFacts,
} from './transitions.rules.js';

const STATUSES = Object.values(S).filter((v): v is S => typeof v === 'number');
const FROM: FromStatus[] = [NEW_VERSION, ...STATUSES];
const ACTORS: Actor[] = ['member', 'staff', 'manager', 'job'];
const EVENTS = Object.values(E);

type Allowed = [E, FromStatus, Actor, TransitionFacts, S, T | null];

type StaffRow = [E, FromStatus, TransitionFacts, S, T | null];

/** A modification or renewal staff sent to the member (save all): what the member approves or declines. */
const SENT: TransitionFacts = { isChange: true, sentToMember: true };

const staff = (row: StaffRow): Allowed[] =>
  (['staff', 'manager'] as const).map((actor) => [row[0], row[1], actor, row[2], row[3], row[4]]);

/** Every allowed change, written out: the state machine as a bank reads it. Anything else is refused. */
const ALLOWED: Allowed[] = [
  ...staff([E.Create, NEW_VERSION, {}, S.PendingApproval, T.AgreementStatusChange]),
  ...[S.Active, S.MissedDeposit, S.Locked].flatMap((copied): Allowed[] => [
    ...staff([
      E.StartModification,
      NEW_VERSION,
      { replacedStatus: copied },
      S.ModificationPendingApproval,
      T.AgreementModification,
    ]),
  ]),
  ...[S.Active, S.MissedDeposit].flatMap((copied) =>
    staff([E.Renew, NEW_VERSION, { replacedStatus: copied }, S.ModificationPendingApproval, T.AgreementRenewal]),
  ),
  ...staff([E.StaffActivate, S.PendingApproval, {}, S.PendingApproval, T.AgreementCreation]),
  // A renewal is sent to the member, who approves it as a new agreement (issue 26 item 1).
  ...staff([
    E.SaveAll,
    S.ModificationPendingApproval,
    { isRenewal: true },
    S.ModificationPendingApproval,
    T.AgreementRenewal,
  ]),
  // Save all: sent to the member (it stays 9) when the change alters what they agreed to, else queued.
  ...staff([
    E.SaveAll,
    S.ModificationPendingApproval,
    { needsMemberApproval: true },
    S.ModificationPendingApproval,
    T.AgreementModification,
  ]),
  ...staff([
    E.SaveAll,
    S.ModificationPendingApproval,
    { needsMemberApproval: false },
    S.Queued,
    T.AgreementModification,
  ]),
  // Only what staff sent the member (activated_by_id): a new agreement activated at step 8, a change by save all.
  [E.MemberApprove, S.PendingApproval, 'member', { sentToMember: true }, S.Queued, T.AgreementCreation],
  [E.MemberApprove, S.ModificationPendingApproval, 'member', SENT, S.Queued, T.AgreementModification],
  [E.MemberDecline, S.ModificationPendingApproval, 'member', SENT, S.Cancelled, T.AgreementModification],
  ...staff([E.Discard, S.PendingApproval, {}, S.Cancelled, T.AgreementStatusChange]),
  ...staff([E.Discard, S.ModificationPendingApproval, { isChange: true }, S.Cancelled, T.AgreementStatusChange]),
  ...[S.ModificationPendingApproval, S.Approved].flatMap((from): Allowed[] => [
    ...staff([E.Withdraw, from, { isChange: true }, S.Cancelled, T.AgreementStatusChange]),
    [E.Withdraw, from, 'job', { isChange: true }, S.Cancelled, T.AgreementStatusChange],
  ]),
  [E.BeginApply, S.Queued, 'job', {}, S.InProgress, T.AgreementStatusChange],
  [E.BeginApply, S.InProgress, 'job', {}, S.InProgress, T.AgreementStatusChange],
  [E.ApplyNew, S.InProgress, 'job', {}, S.Active, T.AgreementActivated],
  [E.ApplyNew, S.InProgress, 'job', { startsLater: true }, S.Approved, T.AgreementActivated],
  // A renewal approved before its first day waits (1); the bank day on that day claims it for the applier.
  [E.AwaitTakeOver, S.InProgress, 'job', { isChange: true }, S.Approved, T.AgreementRenewal],
  [E.TakeOver, S.Approved, 'job', { isChange: true }, S.InProgress, T.AgreementStatusChange],
  [E.ApplyChange, S.InProgress, 'job', { replacedStatus: S.Active }, S.Active, T.AgreementModificationApplied],
  [
    E.ApplyChange,
    S.InProgress,
    'job',
    { replacedStatus: S.MissedDeposit },
    S.MissedDeposit,
    T.AgreementModificationApplied,
  ],
  [E.ApplyChange, S.InProgress, 'job', { replacedStatus: S.Locked }, S.Locked, T.AgreementModificationApplied],
  [E.Supersede, S.Active, 'job', {}, S.Renewed, T.AgreementStatusChange],
  [E.Supersede, S.MissedDeposit, 'job', {}, S.Renewed, T.AgreementStatusChange],
  [E.Supersede, S.Locked, 'job', {}, S.Renewed, T.AgreementStatusChange],
  [E.ApplyFailed, S.Queued, 'job', {}, S.Cancelled, T.AgreementStatusChange],
  [E.ApplyFailed, S.InProgress, 'job', {}, S.Cancelled, T.AgreementStatusChange],
  [E.Start, S.Approved, 'job', {}, S.Active, T.AgreementActivated],
  [E.MissDeposit, S.Active, 'job', {}, S.MissedDeposit, null],
  [E.DepositsRecovered, S.MissedDeposit, 'job', {}, S.Active, null],
  [E.CatchUp, S.MissedDeposit, 'member', {}, S.Active, null],
  ...staff([E.CatchUp, S.MissedDeposit, {}, S.Active, null]),
  [E.Expire, S.Active, 'job', {}, S.Expired, T.AgreementStatusChange],
  [E.Expire, S.MissedDeposit, 'job', {}, S.Expired, T.AgreementStatusChange],
  [E.Expire, S.Locked, 'job', {}, S.Expired, T.AgreementStatusChange],
  ...[S.Approved, S.Active, S.MissedDeposit, S.Locked].flatMap((from) =>
    staff([E.MoveEndDate, from, {}, from, T.AgreementModificationApplied]),
  ),
  ...[S.PendingApproval, S.Approved, S.Active, S.MissedDeposit, S.Locked].flatMap((from) =>
    staff([E.Cancel, from, {}, S.Cancelled, T.AgreementCancelled]),
  ),
  ...[S.Active, S.MissedDeposit].flatMap((from): Allowed[] => [
    ...staff([E.Lock, from, {}, S.Locked, T.LockedAgreement]),
    [E.Lock, from, 'job', {}, S.Locked, T.LockedAgreement],
  ]),
  ...staff([E.Unlock, S.Locked, {}, S.Active, T.AgreementUnlocked]),
  ...staff([E.Unlock, S.Locked, { hasMissedDeposits: true }, S.MissedDeposit, T.AgreementUnlocked]),
];

/** The facts that tell rows apart: every decision is asked under each of them. */
const FACT_VARIANTS: TransitionFacts[] = [
  {},
  { startsLater: true },
  { hasMissedDeposits: true },
  { isChange: true },
  { isRenewal: true },
  SENT,
  { sentToMember: true },
  { needsMemberApproval: true },
  { needsMemberApproval: false },
  ...STATUSES.map((replacedStatus) => ({ replacedStatus })),
];

const key = (event: E, from: FromStatus, actor: Actor, facts: TransitionFacts) =>
  `${event} from ${from} by ${actor} ${JSON.stringify(facts)}`;

describe('decideTransition: the state machine', () => {
  it.each(ALLOWED)('%s from %s by %s (%o) → %s, activity %s', (event, from, actor, facts, to, activity) => {
    expect(decideTransition(event, from, [actor], facts)).toEqual({ to, activity });
  });

  it('refuses every other event, status, actor and facts, and changes nothing by answering a refusal', () => {
    const allowed = new Set(ALLOWED.map(([e, f, a, facts]) => key(e, f, a, facts)));
    const expectedTo = new Map(ALLOWED.map(([e, f, a, facts, to]) => [key(e, f, a, facts), to]));
    let refused = 0;
    for (const event of EVENTS) {
      for (const from of FROM) {
        for (const actor of ACTORS) {
          for (const facts of FACT_VARIANTS) {
            const result = decideTransition(event, from, [actor], facts);
            const name = key(event, from, actor, facts);
            if ('to' in result) {
              // An allowed decision under facts the list does not name must be one the list names with fewer facts
              // (a fact no row of that event reads changes nothing).
              const plain = [...allowed].find(
                (k) => k.startsWith(`${event} from ${from} by ${actor} `) && expectedTo.get(k) === result.to,
              );
              expect(plain, `${name} → ${result.to} is not in the list`).toBeDefined();
            } else {
              expect(allowed.has(name), `${name} was refused: ${result.refusal.message}`).toBe(false);
              refused += 1;
            }
          }
        }
      }
    }
    expect(refused).toBeGreaterThan(2000);
  });

  it('says why in words: the status, the people who may, a change that no longer applies', () => {
    expect(decideTransition(E.Cancel, S.Cancelled, ['staff'])).toEqual({
      refusal: {
        code: 'TRANSITION_NOT_ALLOWED',
        field: 'agreementId',
        message: 'An agreement that is cancelled cannot be cancelled.',
      },
    });
    expect(decideTransition(E.Lock, S.Active, ['member'])).toEqual({
      refusal: {
        code: 'NOT_ALLOWED_FOR_ROLE',
        field: 'agreementId',
        message: 'Only staff or a manager or the bank day can do this to an agreement that is active.',
      },
    });
    expect(decideTransition(E.MemberApprove, S.ModificationPendingApproval, ['staff', 'manager'])).toHaveProperty(
      'refusal.code',
      'NOT_ALLOWED_FOR_ROLE',
    );
    expect(decideTransition(E.Renew, NEW_VERSION, ['staff'], { replacedStatus: S.Locked })).toHaveProperty(
      'refusal.message',
      'An agreement that is locked cannot be renewed.',
    );
    expect(decideTransition(E.CatchUp, S.MissedDeposit, ['member'], { hasMissedDeposits: true })).toHaveProperty(
      'refusal.message',
      'An agreement that is missed deposit cannot be taken out of missed deposit while deposits are still missed.',
    );
    expect(decideTransition(E.CatchUp, S.Locked, ['member'])).toHaveProperty('refusal.code', 'TRANSITION_NOT_ALLOWED');
    expect(decideTransition(E.ApplyChange, S.InProgress, ['job'], { replacedStatus: S.Cancelled })).toHaveProperty(
      'refusal.code',
      'CHANGE_FAILED',
    );
  });

  it('lets a member never modify, lock, unlock, cancel, renew, expire or apply; a job never approves for the member', () => {
    // Members approve (or decline) what staff prepared: they never start, save or discard a change themselves.
    const staffWork = [E.StartModification, E.SaveAll, E.Discard, E.Create];
    for (const event of [E.Lock, E.Unlock, E.Cancel, E.Renew, E.Expire, E.ApplyChange, E.MoveEndDate, ...staffWork]) {
      for (const from of FROM) {
        for (const facts of FACT_VARIANTS)
          expect(decideTransition(event, from, ['member'], facts)).toHaveProperty('refusal');
      }
    }
    expect(decideTransition(E.MemberApprove, S.PendingApproval, ['job'])).toHaveProperty('refusal');
  });

  it('records an activity for every status change but the deposit events (the deposit’s own activity says it)', () => {
    const silent = TRANSITIONS.filter((row) => row.activity === null).map((row) => row.event);
    expect([...new Set(silent)].sort()).toEqual([E.CatchUp, E.DepositsRecovered, E.MissDeposit]);
  });

  it('sends a change to the member unless staff may apply it alone; the member approves or declines only what was sent', () => {
    expect(decideTransition(E.SaveAll, S.ModificationPendingApproval, ['staff'])).toHaveProperty('refusal');
    for (const event of [E.MemberApprove, E.MemberDecline]) {
      expect(decideTransition(event, S.ModificationPendingApproval, ['member'], { isChange: true })).toHaveProperty(
        'refusal.code',
        'NOT_SENT_TO_MEMBER',
      );
      expect(decideTransition(event, S.ModificationPendingApproval, ['staff'], SENT)).toHaveProperty(
        'refusal.code',
        'NOT_ALLOWED_FOR_ROLE',
      );
    }
    expect(decideTransition(E.MemberDecline, S.PendingApproval, ['member'], {})).toHaveProperty('refusal');
  });

  it('refuses the member a version staff have not sent them (still in the wizard), new or a change, in words', () => {
    expect(decideTransition(E.MemberApprove, S.PendingApproval, ['member'], {})).toEqual({
      refusal: {
        code: 'NOT_SENT_TO_MEMBER',
        field: 'agreementId',
        message: 'Staff have not finished preparing this agreement yet. You can approve it once they send it to you.',
      },
    });
    expect(decideTransition(E.MemberDecline, S.ModificationPendingApproval, ['member'], { isChange: true })).toEqual({
      refusal: {
        code: 'NOT_SENT_TO_MEMBER',
        field: 'agreementId',
        message: 'Staff have not finished preparing this agreement yet. You can decline it once they send it to you.',
      },
    });
    // A new agreement sent is approved; the change's row does not take it (nor a change the new agreement's row).
    expect(decideTransition(E.MemberApprove, S.PendingApproval, ['member'], { sentToMember: true })).toHaveProperty(
      'to',
      S.Queued,
    );
    expect(decideTransition(E.MemberApprove, S.PendingApproval, ['member'], SENT)).toHaveProperty(
      'refusal.code',
      'NOT_AWAITING_APPROVAL',
    );
  });

  it('answers the statuses an event starts from (menus read it)', () => {
    expect(statusesAllowing(E.Cancel).sort()).toEqual([0, 1, 4, 7, 8]);
    expect(statusesAllowing(E.Lock).sort()).toEqual([4, 7]);
    expect(eventAllowedFrom(E.Unlock, S.Locked)).toBe(true);
    expect(eventAllowedFrom(E.Unlock, S.Active)).toBe(false);
  });
});
