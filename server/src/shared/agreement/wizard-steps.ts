/**
 * The agreement wizard's step model (spec 2 §2, spec 3 §2) and cancel messages (spec 2 §8): pure, with no import,
 * so that the client uses the same rules (client/src/features/wizard).
 */

/** Which wizard a version is edited in: a new agreement (create, steps 0-8) or a modification (steps 0-7). */
export enum WizardKind {
  Create = 'Create',
  Modify = 'Modify',
}

/** Wizard step values (spec 2 §2): what the agent is doing to an item of the list. */
export enum WizardMode {
  New = 1,
  Edit = 2,
  Remove = 3,
  /** Reinstate. */
  Enable = 4,
  Continue = 5,
}

/** Create wizard steps (spec 3 §2). */
export enum CreateStep {
  List = 0,
  Category = 1,
  Company = 2,
  Details = 3,
  Deposits = 4,
  CapacityCheck = 5,
  Preferences = 6,
  Confirm = 7,
  Activate = 8,
}

/** Modify wizard steps (spec 3 §2). */
export enum ModifyStep {
  List = 0,
  Category = 1,
  Company = 2,
  Details = 3,
  Deposits = 4,
  Preferences = 5,
  Confirm = 6,
  SaveAll = 7,
}

/** The last step of each wizard. */
export const LAST_STEP: Readonly<Record<WizardKind, number>> = {
  [WizardKind.Create]: CreateStep.Activate,
  [WizardKind.Modify]: ModifyStep.SaveAll,
};

/** A newly created pending contract starts at step 1, adding a biller (spec 2 §2); a modification at its list. */
export const FIRST_STEP: Readonly<Record<WizardKind, number>> = {
  [WizardKind.Create]: CreateStep.Category,
  [WizardKind.Modify]: ModifyStep.List,
};

/** Continue advances four steps from the list (spec 2 §2): to the deposits step in both wizards. */
export const CONTINUE_ADVANCE = 4;

/** The navigation labels (spec 2 §2): four steps, or three when the biller details are skipped. */
export const NAVIGATION_LABELS = [
  'Add/edit/remove/reinstate biller',
  'Re-calculate deposits',
  'Confirm preferences',
  'Re-confirm agreement',
] as const;

/**
 * Continue from the list (spec 2 §2): advances four steps; in modify mode it flags the three-step flow instead of
 * showing the biller step's label.
 */
export function continueFromList(kind: WizardKind, step: number): { step: number; threeStepFlow: boolean } {
  return { step: Math.min(step + CONTINUE_ADVANCE, LAST_STEP[kind]), threeStepFlow: kind === WizardKind.Modify };
}

/** The navigation labels shown (four, or three when the biller details are skipped). */
export function navigationLabels(threeStepFlow: boolean): string[] {
  return threeStepFlow ? NAVIGATION_LABELS.slice(1) : [...NAVIGATION_LABELS];
}

/** Which navigation label a step belongs to (index into the four labels). */
export function navigationIndex(kind: WizardKind, step: number): number {
  if (step <= 3) return 0;
  if (step === 4) return 1;
  const confirmFrom = kind === WizardKind.Create ? CreateStep.Confirm : ModifyStep.Confirm;
  return step < confirmFrom ? 2 : 3;
}

/** The continue button's wording on the list (spec 2 §2). */
export function continueButtonLabel(kind: WizardKind): string {
  return kind === WizardKind.Modify ? 'Edit agreement settings' : "Let's continue";
}

/** Which flow a cancel closes: it picks the message's title (spec 2 §8). */
export enum WizardCancelFlow {
  Process = 'Process',
  Continue = 'Continue',
  Create = 'Create',
  Modify = 'Modify',
}

export const CANCEL_TITLES: Readonly<Record<WizardCancelFlow, string>> = {
  [WizardCancelFlow.Process]: 'Process cancelled',
  [WizardCancelFlow.Continue]: 'Continue agreement cancelled',
  [WizardCancelFlow.Create]: 'The creation of this agreement has been cancelled',
  [WizardCancelFlow.Modify]: 'Modify agreement cancelled',
};

/** The cancel message (spec 2 §8): '{title}: The unsaved details ... closed and cancelled.' */
export function cancelMessage(flow: WizardCancelFlow): string {
  return `${CANCEL_TITLES[flow]}: The unsaved details you have entered for this agreement have been closed and cancelled.`;
}
