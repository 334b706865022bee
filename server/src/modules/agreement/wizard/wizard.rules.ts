import { AgreementStatus, MODIFIABLE_STATUSES } from '../agreement-status.js';
import {
  accountChangeFacts,
  availableStaffActions,
  resignedMembershipRefusal,
  type StaffLifecycleAction,
} from '../lifecycle/lifecycle.rules.js';
import { WizardCancelFlow, WizardKind, WizardMode, LAST_STEP } from '../../../shared/agreement/wizard-steps.js';

export * from '../../../shared/agreement/wizard-steps.js';

/**
 * The agreement wizard's rules (spec 2 §2, spec 3 §2, §8): which flows an account allows, the step model, the saved
 * position, the cancel messages and the read-only lock. Pure: plain data in, decisions out.
 */

/** The kind of wizard a version belongs to: a version that changes another is a modification. */
export function wizardKindOf(version: { previousId: number | null }): WizardKind {
  return version.previousId === null ? WizardKind.Create : WizardKind.Modify;
}

/** Statuses in which a version is open in the wizard: a pending new agreement (0), a modification (9). */
export const WIZARD_OPEN_STATUSES: readonly AgreementStatus[] = [
  AgreementStatus.PendingApproval,
  AgreementStatus.ModificationPendingApproval,
];

/** Versions that no longer speak for the account. */
const CLOSED_STATUSES: readonly AgreementStatus[] = [
  AgreementStatus.Expired,
  AgreementStatus.Cancelled,
  AgreementStatus.Renewed,
];

export const WIZARD_MESSAGES = {
  agreementExists: 'This account already has an agreement. Modify it, or continue the one being set up.',
  nothingToContinue: 'There is no agreement to continue on this account.',
  nothingToModify: 'This account has no running agreement to modify.',
  notModifiableYet: 'The agreement cannot be modified until it is active.',
  modificationOpen:
    'A modification of this agreement is already open. Continue it or cancel it before starting another.',
  changeWaiting: 'A change to this agreement is already waiting to be approved or applied.',
  staffOnlyCreate: 'Only staff can set up a new agreement.',
  staffOnlyContinue: 'Only staff can continue setting up a new agreement.',
  staffOnlyModify: 'Only staff can change an agreement. You approve or decline the changes they prepare.',
  accountNotValid:
    'The product account is not active. Review the account before proceeding to ensure the agreement can be activated and bills are paid.',
  balanceNotZero:
    'The account has currently not a zero balance. It will need to be reset before a agreement can be printed, signed and confirmed.',
  closed: 'This agreement is no longer open in the wizard.',
  invalidStep: 'Invalid wizard step.',
  invalidMode: 'Invalid wizard mode.',
  invalidId: 'Invalid id.',
  invalidItemType: 'Invalid item type.',
  flowMismatch: 'This cancel does not match the agreement being edited.',
} as const;

export interface Refusal {
  code: string;
  field: string | null;
  message: string;
}

/** One wizard entry of the header: whether it shows, and whether it may be taken (else why not). */
export interface EntryDecision {
  visible: boolean;
  allowed: boolean;
  /** The version the entry opens (continue), or modifies (modify). */
  agreementId: number | null;
  refusal: Refusal | null;
}

export interface AccountVersion {
  id: number;
  status: AgreementStatus;
  previousId: number | null;
  /**
   * Sent to the member by staff: a new agreement activated (step 8) or a renewal sent for approval; it waits for the
   * member and is no longer open in the wizard.
   */
  activated?: boolean;
}

export interface EntryFacts {
  /** The account's versions, any order. */
  versions: readonly AccountVersion[];
  isStaff: boolean;
  accountActive: boolean;
  /** A member holding the account has resigned (`../account-standing.sql.ts`): no modification or renewal. */
  memberResigned: boolean;
}

export interface WizardEntries {
  create: EntryDecision;
  modify: EntryDecision;
  continue: EntryDecision;
  /** Staff: the lifecycle actions the version in force allows now (none for members, or with nothing in force). */
  lifecycleActions: StaffLifecycleAction[];
}

const refusal = (code: string, message: string, field: string | null = 'accountId'): Refusal => ({
  code,
  field,
  message,
});
const allow = (agreementId: number | null): EntryDecision => ({
  visible: true,
  allowed: true,
  agreementId,
  refusal: null,
});
const refuse = (visible: boolean, agreementId: number | null, why: Refusal): EntryDecision => ({
  visible,
  allowed: false,
  agreementId,
  refusal: why,
});

/** The open wizard version of an account: the newest pending new agreement (0) or modification (9). */
export function openWizardVersion(versions: readonly AccountVersion[]): AccountVersion | null {
  const open = versions
    .filter((v) => WIZARD_OPEN_STATUSES.includes(v.status))
    .filter((v) => (v.status === AgreementStatus.PendingApproval) === (v.previousId === null))
    .filter((v) => !v.activated);
  return open.sort((a, b) => b.id - a.id)[0] ?? null;
}

/** The version in force: the newest one that is not closed and not a change on its way. */
export function versionInForce(versions: readonly AccountVersion[]): AccountVersion | null {
  const changing = (v: AccountVersion) =>
    v.status === AgreementStatus.Queued ||
    v.status === AgreementStatus.InProgress ||
    (v.previousId !== null &&
      (v.status === AgreementStatus.Approved || v.status === AgreementStatus.ModificationPendingApproval));
  const live = versions.filter((v) => !CLOSED_STATUSES.includes(v.status) && !changing(v));
  return live.sort((a, b) => b.id - a.id)[0] ?? null;
}

/**
 * Create, Modify and Continue for an account (spec 1 §4, spec 3 §2). Create: staff, and only when nothing runs or is
 * being set up. Modify: staff, a running version (7, 4, 8), no resigned member holding the account
 * (`resignedMembershipRefusal`, which Renew asks too), no other change on its way. Continue: staff, the open
 * version (0 new, 9 modification). Members never change an agreement: they approve or decline what staff prepared. An account that is not valid takes no new flow.
 */
export function wizardEntries({ versions, isStaff, accountActive, memberResigned }: EntryFacts): WizardEntries {
  const live = versions.filter((v) => !CLOSED_STATUSES.includes(v.status));
  const open = openWizardVersion(versions);
  const inForce = versionInForce(versions);
  const notValid = refusal('ACCOUNT_NOT_VALID', WIZARD_MESSAGES.accountNotValid);
  const resigned = resignedMembershipRefusal({ memberResigned });

  let create: EntryDecision;
  if (!isStaff) create = refuse(false, null, refusal('STAFF_ONLY', WIZARD_MESSAGES.staffOnlyCreate));
  else if (live.length > 0) create = refuse(false, null, refusal('AGREEMENT_EXISTS', WIZARD_MESSAGES.agreementExists));
  else if (!accountActive) create = refuse(false, null, notValid);
  else create = allow(null);

  let modify: EntryDecision;
  if (!isStaff) modify = refuse(false, inForce?.id ?? null, refusal('STAFF_ONLY', WIZARD_MESSAGES.staffOnlyModify));
  else if (!inForce) modify = refuse(false, null, refusal('NOTHING_TO_MODIFY', WIZARD_MESSAGES.nothingToModify));
  else if (!MODIFIABLE_STATUSES.includes(inForce.status)) {
    const code = inForce.status === AgreementStatus.Approved ? 'NOT_ACTIVE_YET' : 'NOTHING_TO_MODIFY';
    const message =
      inForce.status === AgreementStatus.Approved ? WIZARD_MESSAGES.notModifiableYet : WIZARD_MESSAGES.nothingToModify;
    modify = refuse(false, inForce.id, refusal(code, message));
  } else if (resigned) {
    // Not offered (the header hides it); the page reached by its address says why, and the start refuses it.
    modify = refuse(false, inForce.id, resigned);
  } else if (open && open.status === AgreementStatus.ModificationPendingApproval) {
    modify = refuse(true, inForce.id, refusal('MODIFICATION_OPEN', WIZARD_MESSAGES.modificationOpen));
  } else if (live.some((v) => v.id !== inForce.id)) {
    modify = refuse(true, inForce.id, refusal('CHANGE_ALREADY_WAITING', WIZARD_MESSAGES.changeWaiting));
  } else if (!accountActive) modify = refuse(true, inForce.id, notValid);
  else modify = allow(inForce.id);

  let next: EntryDecision;
  if (!open) next = refuse(false, null, refusal('NOTHING_TO_CONTINUE', WIZARD_MESSAGES.nothingToContinue));
  else if (!isStaff) {
    const message =
      open.status === AgreementStatus.PendingApproval
        ? WIZARD_MESSAGES.staffOnlyContinue
        : WIZARD_MESSAGES.staffOnlyModify;
    next = refuse(false, open.id, refusal('STAFF_ONLY', message));
  } else next = allow(open.id);

  const lifecycleActions =
    isStaff && inForce
      ? availableStaffActions(
          inForce.status,
          accountChangeFacts(
            versions.filter((v) => v.id !== inForce.id).map((v) => v.status),
            { memberResigned },
          ),
        )
      : [];

  return { create, modify, continue: next, lifecycleActions };
}

/** What the read-only lock reads (spec 3 §2: not valid, or in setup a balance that is not zero). */
export interface LockFacts {
  kind: WizardKind;
  accountActive: boolean;
  /** The account's balance in cents (every version's ledger balances added up). */
  accountBalanceCents: number;
}

/** The read-only lock of the wizard, with the spec's wording; null when the agreement may be edited. */
export function wizardLock({ kind, accountActive, accountBalanceCents }: LockFacts): Refusal | null {
  if (!accountActive) return refusal('ACCOUNT_NOT_VALID', WIZARD_MESSAGES.accountNotValid, null);
  if (kind === WizardKind.Create && accountBalanceCents !== 0) {
    return refusal('BALANCE_NOT_ZERO', WIZARD_MESSAGES.balanceNotZero, null);
  }
  return null;
}

/** Where the wizard stands: the step, what is being done and to which item; saved on the server. */
export interface WizardPosition {
  step: number;
  mode: WizardMode | null;
  categoryId: number | null;
  companyId: number | null;
  itemId: number | null;
  /** List item type (spec 2 §3): 0 biller, 1 sub-category. */
  itemType: number | null;
  /** In modify mode, continue flags the three-step flow (the biller details skipped). */
  threeStepFlow: boolean;
}

const isId = (value: number | null) => value === null || (Number.isSafeInteger(value) && value > 0 && value < 2 ** 31);

/** The problems of a position to save for a wizard of `kind` (empty when it may be saved). */
export function checkWizardPosition(kind: WizardKind, position: WizardPosition): Refusal[] {
  const problems: Refusal[] = [];
  const { step, mode, itemType } = position;
  if (!Number.isInteger(step) || step < 0 || step > LAST_STEP[kind]) {
    problems.push(refusal('INVALID_STEP', WIZARD_MESSAGES.invalidStep, 'step'));
  }
  if (mode !== null && !(Number.isInteger(mode) && mode >= WizardMode.New && mode <= WizardMode.Continue)) {
    problems.push(refusal('INVALID_MODE', WIZARD_MESSAGES.invalidMode, 'mode'));
  }
  for (const field of ['categoryId', 'companyId', 'itemId'] as const) {
    if (!isId(position[field])) problems.push(refusal('INVALID_ID', WIZARD_MESSAGES.invalidId, field));
  }
  if (itemType !== null && itemType !== 0 && itemType !== 1) {
    problems.push(refusal('INVALID_ITEM_TYPE', WIZARD_MESSAGES.invalidItemType, 'itemType'));
  }
  return problems;
}

/**
 * What a cancel does to the version: cancelling the creation or the modification discards its draft (status 6, so
 * the account may start again and the version in force runs on); cancelling a continue or a process only closes
 * the session (the version stays to be continued). A flow must match the version's wizard.
 */
export function cancelEffect(flow: WizardCancelFlow, kind: WizardKind): { discard: boolean } | { refusal: Refusal } {
  if (flow === WizardCancelFlow.Create && kind !== WizardKind.Create) {
    return { refusal: refusal('FLOW_MISMATCH', WIZARD_MESSAGES.flowMismatch, 'flow') };
  }
  if (flow === WizardCancelFlow.Modify && kind !== WizardKind.Modify) {
    return { refusal: refusal('FLOW_MISMATCH', WIZARD_MESSAGES.flowMismatch, 'flow') };
  }
  return { discard: flow === WizardCancelFlow.Create || flow === WizardCancelFlow.Modify };
}
