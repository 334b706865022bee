import { describe, expect, it } from 'vitest';
import { AgreementStatus as S } from '../agreement-status.js';
import {
  cancelEffect,
  cancelMessage,
  checkWizardPosition,
  continueButtonLabel,
  continueFromList,
  navigationIndex,
  navigationLabels,
  openWizardVersion,
  versionInForce,
  WIZARD_MESSAGES,
  WizardCancelFlow,
  wizardEntries,
  wizardLock,
  WizardKind,
  type AccountVersion,
  type WizardPosition,
} from './wizard.rules.js';

const v = (id: number, status: S, previousId: number | null = null): AccountVersion => ({ id, status, previousId });

describe('wizardEntries (spec 1 §4, spec 3 §2): which of Create, Modify, Continue an account allows', () => {
  const staff = (versions: AccountVersion[], accountActive = true, memberResigned = false) =>
    wizardEntries({ versions, isStaff: true, accountActive, memberResigned });
  const member = (versions: AccountVersion[]) =>
    wizardEntries({ versions, isStaff: false, accountActive: true, memberResigned: false });
  const codes = (e: ReturnType<typeof staff>) => ({
    create: e.create.allowed ? 'ok' : e.create.refusal?.code,
    modify: e.modify.allowed ? 'ok' : e.modify.refusal?.code,
    continue: e.continue.allowed ? 'ok' : e.continue.refusal?.code,
  });

  type Case = [string, AccountVersion[], Record<'create' | 'modify' | 'continue', string>];
  const cases: Case[] = [
    ['no agreement at all', [], { create: 'ok', modify: 'NOTHING_TO_MODIFY', continue: 'NOTHING_TO_CONTINUE' }],
    [
      'only closed agreements (expired, cancelled, renewed)',
      [v(1, S.Renewed), v(2, S.Expired, 1), v(3, S.Cancelled)],
      { create: 'ok', modify: 'NOTHING_TO_MODIFY', continue: 'NOTHING_TO_CONTINUE' },
    ],
    [
      'a pending new agreement (0)',
      [v(1, S.PendingApproval)],
      { create: 'AGREEMENT_EXISTS', modify: 'NOTHING_TO_MODIFY', continue: 'ok' },
    ],
    [
      'an approved agreement (1): not modifiable until active',
      [v(1, S.Approved)],
      { create: 'AGREEMENT_EXISTS', modify: 'NOT_ACTIVE_YET', continue: 'NOTHING_TO_CONTINUE' },
    ],
    ...[S.Active, S.MissedDeposit, S.Locked].map((status): Case => [
      `a running agreement (${status})`,
      [v(1, status)],
      { create: 'AGREEMENT_EXISTS', modify: 'ok', continue: 'NOTHING_TO_CONTINUE' },
    ]),
    [
      'an active agreement with a modification open (9)',
      [v(1, S.Active), v(2, S.ModificationPendingApproval, 1)],
      { create: 'AGREEMENT_EXISTS', modify: 'MODIFICATION_OPEN', continue: 'ok' },
    ],
    [
      'an active agreement with a queued change (2)',
      [v(1, S.Active), v(2, S.Queued, 1)],
      { create: 'AGREEMENT_EXISTS', modify: 'CHANGE_ALREADY_WAITING', continue: 'NOTHING_TO_CONTINUE' },
    ],
    [
      'an active agreement with an approved change (1 with a previous version)',
      [v(1, S.Active), v(2, S.Approved, 1)],
      { create: 'AGREEMENT_EXISTS', modify: 'CHANGE_ALREADY_WAITING', continue: 'NOTHING_TO_CONTINUE' },
    ],
    [
      'an active agreement whose last modification was cancelled',
      [v(1, S.Active), v(2, S.Cancelled, 1)],
      { create: 'AGREEMENT_EXISTS', modify: 'ok', continue: 'NOTHING_TO_CONTINUE' },
    ],
  ];

  it.each([
    ['a running agreement', [v(1, S.Active)], ['Lock', 'Renew', 'MoveEndDate', 'Cancel']],
    ['after a renewal: Renew is gone', [v(1, S.Active), v(2, S.ModificationPendingApproval, 1)], ['Lock', 'Cancel']],
    ['nothing in force', [v(1, S.Cancelled)], []],
  ])('offers staff the lifecycle actions of the version in force: %s', (_name, versions, actions) => {
    expect(staff(versions).lifecycleActions).toEqual(actions);
    expect(member(versions).lifecycleActions).toEqual([]);
  });

  it.each(cases)('for staff, %s', (_name, versions, expected) => {
    expect(codes(staff(versions))).toEqual(expected);
  });

  it('offers a member no create, modify or continue, and shows none of them (issue 26 item 4: staff change it)', () => {
    for (const versions of [
      [],
      [v(1, S.Active)],
      [v(1, S.Active), v(2, S.ModificationPendingApproval, 1)],
      [v(1, S.PendingApproval)],
    ]) {
      const entries = member(versions);
      expect(codes(entries)).toMatchObject({ create: 'STAFF_ONLY', modify: 'STAFF_ONLY' });
      expect([entries.create.visible, entries.modify.visible, entries.continue.visible]).toEqual([false, false, false]);
    }
    expect(codes(member([v(1, S.Active), v(2, S.ModificationPendingApproval, 1)]))).toMatchObject({
      continue: 'STAFF_ONLY',
    });
  });

  it('shows Create exactly when it is allowed, and Modify whenever a running agreement could be modified', () => {
    expect(staff([]).create.visible).toBe(true);
    expect(staff([v(1, S.Active)]).create.visible).toBe(false);
    expect(staff([v(1, S.Active)]).modify.visible).toBe(true);
    const blocked = staff([v(1, S.Active), v(2, S.ModificationPendingApproval, 1)]).modify;
    expect(blocked).toMatchObject({ visible: true, allowed: false, agreementId: 1 });
    expect(blocked.refusal?.message).toBe(WIZARD_MESSAGES.modificationOpen);
    expect(staff([v(1, S.Approved)]).modify.visible).toBe(false);
  });

  it('refuses a new flow on an account that is not valid, with the spec’s wording', () => {
    expect(staff([], false).create.refusal?.message).toBe(WIZARD_MESSAGES.accountNotValid);
    expect(staff([v(1, S.Active)], false).modify.refusal?.code).toBe('ACCOUNT_NOT_VALID');
  });

  // Rule "a resigned membership takes no change" (lifecycle.rules.ts#resignedMembershipRefusal, issue 25).
  it.each([
    ['active', [v(1, S.Active)], 'MEMBERSHIP_RESIGNED', ['Lock', 'MoveEndDate', 'Cancel'], 'NOTHING_TO_CONTINUE'],
    [
      'missed deposit',
      [v(1, S.MissedDeposit)],
      'MEMBERSHIP_RESIGNED',
      ['Lock', 'MoveEndDate', 'Cancel'],
      'NOTHING_TO_CONTINUE',
    ],
    ['locked', [v(1, S.Locked)], 'MEMBERSHIP_RESIGNED', ['Unlock', 'MoveEndDate', 'Cancel'], 'NOTHING_TO_CONTINUE'],
    [
      'approved, not started: not active yet first',
      [v(1, S.Approved)],
      'NOT_ACTIVE_YET',
      ['MoveEndDate', 'Cancel'],
      'NOTHING_TO_CONTINUE',
    ],
    [
      'a modification opened before the resignation: continued (to be cancelled), no other',
      [v(1, S.Active), v(2, S.ModificationPendingApproval, 1)],
      'MEMBERSHIP_RESIGNED',
      ['Lock', 'Cancel'],
      'ok',
    ],
  ] as const)(
    'a resigned member holds the account, %s: Modify %s and hidden, Renew not offered',
    (_name, versions, modify, actions, next) => {
      const entries = staff([...versions], true, true);
      expect(codes(entries)).toEqual({ create: 'AGREEMENT_EXISTS', modify, continue: next });
      expect(entries.modify.visible).toBe(false);
      expect(entries.lifecycleActions).toEqual(actions);
    },
  );

  it('says why a resigned membership takes no modification, in the spec’s words and what it means here', () => {
    expect(staff([v(1, S.Active)], true, true).modify.refusal).toEqual({
      code: 'MEMBERSHIP_RESIGNED',
      field: 'accountId',
      message:
        'This membership has been resigned. Activity is therefore suspended on this agreement: it cannot be modified or renewed.',
    });
    expect(staff([v(1, S.Active)], true, false).modify.allowed).toBe(true);
  });

  it('continues the open version and modifies the version in force', () => {
    expect(staff([v(1, S.Active), v(4, S.ModificationPendingApproval, 1)]).continue.agreementId).toBe(4);
    expect(staff([v(1, S.Renewed), v(2, S.Active, 1)]).modify.agreementId).toBe(2);
  });
});

describe('versionInForce and openWizardVersion', () => {
  it.each([
    [[v(1, S.Active), v(2, S.ModificationPendingApproval, 1)], 1, 2],
    [[v(1, S.Active), v(2, S.Queued, 1)], 1, null],
    [[v(1, S.Renewed), v(2, S.Active, 1)], 2, null],
    [[v(1, S.PendingApproval)], 1, 1],
    [[v(1, S.Cancelled)], null, null],
  ])('%j: in force %s, open %s', (versions, inForce, open) => {
    expect(versionInForce(versions)?.id ?? null).toBe(inForce);
    expect(openWizardVersion(versions)?.id ?? null).toBe(open);
  });
});

describe('wizardLock (spec 3 §2): read-only when the account is not valid or, in setup, the balance is not zero', () => {
  it.each([
    [WizardKind.Create, true, 0, null],
    [WizardKind.Create, true, 1, 'BALANCE_NOT_ZERO'],
    [WizardKind.Create, true, -500, 'BALANCE_NOT_ZERO'],
    [WizardKind.Modify, true, 12_345, null],
    [WizardKind.Create, false, 0, 'ACCOUNT_NOT_VALID'],
    [WizardKind.Modify, false, 0, 'ACCOUNT_NOT_VALID'],
  ])('%s, account valid %s, balance %s cents: %s', (kind, accountActive, accountBalanceCents, code) => {
    expect(wizardLock({ kind, accountActive, accountBalanceCents })?.code ?? null).toBe(code);
  });

  it('uses the spec’s zero-balance wording', () => {
    expect(wizardLock({ kind: WizardKind.Create, accountActive: true, accountBalanceCents: 1 })?.message).toBe(
      'The account has currently not a zero balance. It will need to be reset before a agreement can be printed, signed and confirmed.',
    );
  });
});

describe('checkWizardPosition: the step model (create 0-8, modify 0-7; modes 1-5)', () => {
  const at = (step: number, more: Partial<WizardPosition> = {}): WizardPosition => ({
    step,
    mode: null,
    categoryId: null,
    companyId: null,
    itemId: null,
    itemType: null,
    threeStepFlow: false,
    ...more,
  });
  const fields = (kind: WizardKind, position: WizardPosition) =>
    checkWizardPosition(kind, position).map((p) => p.field);

  it.each([
    [WizardKind.Create, 0, []],
    [WizardKind.Create, 8, []],
    [WizardKind.Create, 9, ['step']],
    [WizardKind.Modify, 7, []],
    [WizardKind.Modify, 8, ['step']],
    [WizardKind.Modify, -1, ['step']],
    [WizardKind.Create, 1.5, ['step']],
  ])('%s step %s: %j', (kind, step, expected) => {
    expect(fields(kind, at(step))).toEqual(expected);
  });

  it.each([
    [{ mode: 1 }, []],
    [{ mode: 5 }, []],
    [{ mode: 0 }, ['mode']],
    [{ mode: 6 }, ['mode']],
    [{ categoryId: 3, companyId: 17, itemId: 9, itemType: 0 }, []],
    [{ itemType: 1 }, []],
    [{ itemType: 2 }, ['itemType']],
    [{ categoryId: 0 }, ['categoryId']],
    [{ companyId: -4 }, ['companyId']],
    [{ itemId: 2 ** 31 }, ['itemId']],
  ])('%j: %j', (more, expected) => {
    expect(fields(WizardKind.Create, at(1, more))).toEqual(expected);
  });
});

describe('continue and navigation (spec 2 §2)', () => {
  it('advances four steps from the list; in modify mode it flags the three-step flow', () => {
    expect(continueFromList(WizardKind.Create, 0)).toEqual({ step: 4, threeStepFlow: false });
    expect(continueFromList(WizardKind.Modify, 0)).toEqual({ step: 4, threeStepFlow: true });
  });

  it('shows four labels, or three when the biller details are skipped', () => {
    expect(navigationLabels(false)).toEqual([
      'Add/edit/remove/reinstate biller',
      'Re-calculate deposits',
      'Confirm preferences',
      'Re-confirm agreement',
    ]);
    expect(navigationLabels(true)).toEqual(['Re-calculate deposits', 'Confirm preferences', 'Re-confirm agreement']);
  });

  it.each([
    [WizardKind.Create, [0, 0, 0, 0, 1, 2, 2, 3, 3]],
    [WizardKind.Modify, [0, 0, 0, 0, 1, 2, 3, 3]],
  ])('maps each %s step to its label', (kind, expected) => {
    expect(expected.map((_, step) => navigationIndex(kind, step))).toEqual(expected);
  });

  it('words the continue button by mode', () => {
    expect(continueButtonLabel(WizardKind.Modify)).toBe('Edit agreement settings');
    expect(continueButtonLabel(WizardKind.Create)).toBe("Let's continue");
  });
});

describe('cancel (spec 2 §8)', () => {
  it.each([
    [WizardCancelFlow.Process, 'Process cancelled'],
    [WizardCancelFlow.Continue, 'Continue agreement cancelled'],
    [WizardCancelFlow.Create, 'The creation of this agreement has been cancelled'],
    [WizardCancelFlow.Modify, 'Modify agreement cancelled'],
  ])('%s: %s', (flow, title) => {
    expect(cancelMessage(flow)).toBe(
      `${title}: The unsaved details you have entered for this agreement have been closed and cancelled.`,
    );
  });

  it.each([
    [WizardCancelFlow.Create, WizardKind.Create, { discard: true }],
    [WizardCancelFlow.Modify, WizardKind.Modify, { discard: true }],
    [WizardCancelFlow.Continue, WizardKind.Create, { discard: false }],
    [WizardCancelFlow.Continue, WizardKind.Modify, { discard: false }],
    [WizardCancelFlow.Process, WizardKind.Modify, { discard: false }],
  ])('%s of a %s version: %j', (flow, kind, expected) => {
    expect(cancelEffect(flow, kind)).toEqual(expected);
  });

  it('refuses a cancel whose flow is not the version’s wizard', () => {
    expect(cancelEffect(WizardCancelFlow.Create, WizardKind.Modify)).toMatchObject({
      refusal: { code: 'FLOW_MISMATCH', field: 'flow' },
    });
    expect(cancelEffect(WizardCancelFlow.Modify, WizardKind.Create)).toMatchObject({
      refusal: { code: 'FLOW_MISMATCH' },
    });
  });
});
