import { describe, expect, it } from 'vitest';
import {
  cancelDestination,
  cancelFlowOf,
  checklistComplete,
  continuePosition,
  currentLabelIndex,
  flowOf,
  stepBy,
  STEP_TITLES,
  WizardCancelFlow,
  WizardKind,
  wizardPaths,
  type CancelDestination,
  type FrameSession,
} from './wizard-frame';

const session = (more: Partial<FrameSession> = {}): FrameSession => ({
  kind: 'Create',
  step: 0,
  lastStep: 8,
  threeStepFlow: false,
  navigationLabels: ['a', 'b', 'c', 'd'],
  ...more,
});

describe('the wizard frame (spec 2 §2)', () => {
  it.each([
    ['new', 'new', WizardCancelFlow.Create],
    ['modify', 'modify', WizardCancelFlow.Modify],
    [null, 'continue', WizardCancelFlow.Continue],
    ['other', 'continue', WizardCancelFlow.Continue],
  ] as const)('reads the flow %s as %s, cancelled as %s', (search, flow, cancel) => {
    expect(flowOf(search)).toBe(flow);
    expect(cancelFlowOf(flowOf(search))).toBe(cancel);
  });

  it('discards a modification or renewal however it was opened, continued too (issue 26 item 1)', () => {
    expect(cancelFlowOf('continue', WizardKind.Modify)).toBe(WizardCancelFlow.Modify);
    expect(cancelFlowOf('continue', WizardKind.Create)).toBe(WizardCancelFlow.Continue);
    expect(cancelFlowOf('new', WizardKind.Create)).toBe(WizardCancelFlow.Create);
  });

  it('builds the spec’s continue link', () => {
    expect(wizardPaths(42, 7).continue()).toBe('/member/42/account/7/contract/continue');
    expect(wizardPaths(42, 7).continue('new')).toBe('/member/42/account/7/contract/continue?flow=new');
  });

  it('continues four steps on from the list, flagging the three-step flow in modify mode', () => {
    expect(continuePosition(session())).toEqual({ step: 4, mode: 5, threeStepFlow: false });
    expect(continuePosition(session({ kind: 'Modify', lastStep: 7 }))).toEqual({
      step: 4,
      mode: 5,
      threeStepFlow: true,
    });
  });

  it('steps back and on within the wizard, dropping the three-step flag back at the list', () => {
    expect(stepBy(session({ step: 1 }), 1)).toEqual({ step: 2, threeStepFlow: false });
    expect(stepBy(session({ step: 8 }), 1).step).toBe(8);
    expect(stepBy(session({ step: 0 }), -1).step).toBe(0);
    expect(stepBy(session({ kind: 'Modify', step: 4, threeStepFlow: true }), -4)).toEqual({
      step: 0,
      threeStepFlow: false,
    });
  });

  it.each([
    [session({ step: 1 }), 0],
    [session({ step: 4 }), 1],
    [session({ step: 6 }), 2],
    [session({ step: 8 }), 3],
    [session({ kind: 'Modify', step: 4, threeStepFlow: true }), 0],
    [session({ kind: 'Modify', step: 6, threeStepFlow: true }), 2],
  ])('marks the current navigation label of %j: %s', (s, index) => {
    expect(currentLabelIndex(s)).toBe(index);
  });

  it('titles every step of both wizards (create 0-8, modify 0-7)', () => {
    expect(STEP_TITLES.Create).toHaveLength(9);
    expect(STEP_TITLES.Modify).toHaveLength(8);
  });

  it('needs every checklist statement ticked', () => {
    expect(checklistComplete(['a', 'b'], new Set([0]))).toBe(false);
    expect(checklistComplete(['a', 'b'], new Set([0, 1]))).toBe(true);
    expect(checklistComplete([], new Set())).toBe(true);
  });
});

describe('cancelDestination (spec 2 §2: the cancel button’s three branches)', () => {
  it.each<[string, string | undefined, string, CancelDestination]>([
    [
      'a given target wins',
      '/member/1/account/2/overview',
      '/member/1/account/2/member/profile',
      { kind: 'navigate', to: '/member/1/account/2/overview' },
    ],
    [
      'on the profile, the account’s overview',
      undefined,
      '/member/1/account/2/member/profile',
      { kind: 'navigate', to: '/member/1/account/2/overview' },
    ],
    ['elsewhere, the current state reloaded', undefined, '/member/1/account/2/contract/continue', { kind: 'reload' }],
  ])('%s', (_rule, to, pathname, destination) => {
    expect(cancelDestination(to, pathname)).toEqual(destination);
  });
});
