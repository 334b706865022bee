import {
  CANCEL_TITLES,
  continueFromList,
  navigationIndex,
  WizardCancelFlow,
  WizardKind,
  WizardMode,
} from '@shared/agreement/wizard-steps';

/**
 * The wizard frame's client rules (spec 2 §2, spec 3 §2): which route opened it, what a cancel closes, where continue
 * goes, which navigation label is current. The step model itself is the server's (`wizard-steps.ts`), shared.
 */

export { CANCEL_TITLES, WizardCancelFlow, WizardKind, WizardMode };

/** How the wizard was entered: member.newagreement, member.modifyagreement, or member.continue. */
export type WizardFlow = 'new' | 'modify' | 'continue';

/** The flow carried by the continue page's query string (`?flow=new` right after a start); continue otherwise. */
export function flowOf(search: string | null): WizardFlow {
  return search === 'new' || search === 'modify' ? search : 'continue';
}

/**
 * The cancel that closes a flow (its message's title): creation and modification discard their draft. A modification
 * or renewal (`kind` Modify) is discarded however it was opened, continued too (issue 26 item 1): the menu then
 * offers Modify, Renew and Move end date again. A new agreement continued keeps its draft to be continued.
 */
export function cancelFlowOf(flow: WizardFlow, kind?: `${WizardKind}`): WizardCancelFlow {
  if (flow === 'new') return WizardCancelFlow.Create;
  if (flow === 'modify' || kind === WizardKind.Modify) return WizardCancelFlow.Modify;
  return WizardCancelFlow.Continue;
}

/** Where a cancel leads (spec 2 §2 and 3 §2, the cancel button): a given target, else the overview from the profile, else the same page reloaded. */
export type CancelDestination = { kind: 'navigate'; to: string } | { kind: 'reload' };

/**
 * The cancel button's three branches (spec 2 §2): navigation to a given target; on member.profile
 * (`/member/{m}/account/{a}/member/profile`) to that account's overview; otherwise a reload of the current state
 * (the page's data asked for again where it stands, its unsaved edits dropped).
 */
export function cancelDestination(to: string | undefined, pathname: string): CancelDestination {
  if (to !== undefined) return { kind: 'navigate', to };
  const profile = /^(\/member\/\d+\/account\/\d+)\/member\/profile\/?$/i.exec(pathname);
  if (profile) return { kind: 'navigate', to: `${profile[1]}/overview` };
  return { kind: 'reload' };
}

/** The paths of the wizard's routes for a member's account. */
export function wizardPaths(memberId: number, accountId: number) {
  const base = `/member/${memberId}/account/${accountId}`;
  return {
    newAgreement: `${base}/newagreement`,
    modify: `${base}/modifyagreement`,
    /** The spec's continue link (spec 3 §2), optionally with the flow a start opened. */
    continue: (flow?: 'new' | 'modify') => `${base}/contract/continue${flow ? `?flow=${flow}` : ''}`,
    overview: `${base}/overview`,
  };
}

/** The session as the frame reads it (the server's AgreementWizard). */
export interface FrameSession {
  kind: `${WizardKind}`;
  step: number;
  lastStep: number;
  threeStepFlow: boolean;
  navigationLabels: readonly string[];
}

export interface Position {
  step: number;
  mode?: number | null;
  categoryId?: number | null;
  companyId?: number | null;
  itemId?: number | null;
  itemType?: number | null;
  threeStepFlow?: boolean;
}

/** The list's continue button (spec 2 §2): four steps on, flagged as the three-step flow in modify mode. */
export function continuePosition(session: FrameSession): Position {
  const next = continueFromList(session.kind as WizardKind, session.step);
  return { step: next.step, mode: WizardMode.Continue, threeStepFlow: next.threeStepFlow };
}

/** The position one step back or on (the frame's back and next), keeping the three-step flag past the list. */
export function stepBy(session: FrameSession, delta: number): Position {
  const step = Math.min(Math.max(session.step + delta, 0), session.lastStep);
  return { step, threeStepFlow: step === 0 ? false : session.threeStepFlow };
}

/** Which of the shown navigation labels is current (the three-step flow drops the first). */
export function currentLabelIndex(session: FrameSession): number {
  const index = navigationIndex(session.kind as WizardKind, session.step);
  return session.threeStepFlow ? Math.max(index - 1, 0) : index;
}

/** Each step's title, by wizard (spec 3 §2). */
export const STEP_TITLES: Readonly<Record<`${WizardKind}`, readonly string[]>> = {
  Create: [
    'Billers',
    'Choose a category',
    'Choose a company',
    'Biller details',
    'Deposits',
    'Capacity to pay',
    'Preferences',
    'Confirm',
    'Activate',
  ],
  Modify: [
    'Billers',
    'Choose a category',
    'Choose a company',
    'Biller details',
    'Deposits',
    'Preferences',
    'Confirm',
    'Save all',
  ],
};

/** The before-you-proceed checklist (spec 3 §9): every statement must be ticked before a new application. */
export function checklistComplete(statements: readonly string[], ticked: ReadonlySet<number>): boolean {
  return statements.every((_, i) => ticked.has(i));
}
