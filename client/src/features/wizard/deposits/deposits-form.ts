import type { DepositsInput, DepositsStepFieldsFragment } from '../../../gql/graphql';
import { draftFromStep } from '@shared/deposit/deposits-draft.rules.js';
import { serverMessage } from '../../../shared/errors';
import { formatMoney } from '../../../shared/money';

/** The draft the step sends (the whole deposits model: the server checks every rule on it). */
export type DepositsDraft = Required<{
  [K in keyof DepositsInput]: Exclude<DepositsInput[K], undefined>;
}>;

export const FREQUENCY = { weekly: 1, fortnightly: 2, monthly: 3, quarterly: 5, annually: 7, biMonthly: 10 } as const;
export const DEPOSIT_TYPE = { payroll: 1, periodical: 2 } as const;

/** The draft as the server answered the step (its stored values, with the load rules applied): the shared rule. */
export function draftOf(step: DepositsStepFieldsFragment): DepositsDraft {
  return draftFromStep(step.deposits);
}

/** Spec 1 §8, 3 §8: the save-deposits failure, when the server gives no message of its own. */
export const DEPOSITS_SAVE_FAILED = 'Error: The contract could not be activated.';

/** What a failed save of the deposits says: the server's message (spec 3 §8 toasts), else the spec's failure. */
export function depositsSaveFailure(caught?: unknown): string {
  return serverMessage(caught, DEPOSITS_SAVE_FAILED);
}

/**
 * Back, then forward keeps what was entered (issue 26 item 7). Spec 3 §4 has going back in modify mode clear the
 * contribution and bi-monthly dates; the step then came back with the next deposit date empty and every option card
 * saying the date was out of range before anything was typed. Now the draft entered (dates, frequency, payment
 * preference) is remembered when Back is chosen and comes back on the next visit; the overdraw choice does not (going
 * back is how a bill is removed, which changes it).
 */
export function withRemembered(draft: DepositsDraft, remembered: Partial<DepositsDraft> | null): DepositsDraft {
  if (!remembered) return draft;
  const kept: Partial<DepositsDraft> = { ...remembered };
  delete kept.isTopupPerformed;
  delete kept.isRemoveBillPerformed;
  delete kept.topupAccount;
  return { ...draft, ...kept };
}

const REMEMBERED_KEY = (agreementId: number) => `wizard-deposits-draft:${agreementId}`;

/** Remembers the draft entered when the step is left by Back, for its next visit. */
export function rememberDraft(agreementId: number, draft: DepositsDraft): void {
  try {
    sessionStorage.setItem(REMEMBERED_KEY(agreementId), JSON.stringify(draft));
  } catch {
    // No storage (private mode): the step opens on the stored values.
  }
}

/** The draft remembered on the way back, taken once (null when there is none). */
export function takeRememberedDraft(agreementId: number): Partial<DepositsDraft> | null {
  try {
    const text = sessionStorage.getItem(REMEMBERED_KEY(agreementId));
    sessionStorage.removeItem(REMEMBERED_KEY(agreementId));
    const value: unknown = text ? JSON.parse(text) : null;
    return value !== null && typeof value === 'object' ? (value as Partial<DepositsDraft>) : null;
  } catch {
    return null;
  }
}

/** The overdraw choice of the draft (spec 3 §4). */
export type OverdrawChoice = 'TopupNow' | 'RemoveBill' | null;

export function choiceOf(draft: DepositsDraft): OverdrawChoice {
  if (draft.isTopupPerformed && !draft.isRemoveBillPerformed) return 'TopupNow';
  if (draft.isRemoveBillPerformed && !draft.isTopupPerformed) return 'RemoveBill';
  return null;
}

export function withChoice(draft: DepositsDraft, choice: OverdrawChoice): DepositsDraft {
  return { ...draft, isTopupPerformed: choice === 'TopupNow', isRemoveBillPerformed: choice === 'RemoveBill' };
}

/** The approvals the step needs (spec 3 §3 type 1 and 2), in words. */
export function approvalNotices(step: DepositsStepFieldsFragment): string[] {
  const details = step.paymentDetails;
  if (!details) return [];
  return details.approvalsNeeded.map((type) =>
    type === 1
      ? `Approval type 1 needed: the agreement may be overdrawn by ${formatMoney(details.totalOverDrawOfAmount)}, ` +
        `more than the approved overdraw of ${formatMoney(details.approvedOverDrawOfAmount)}. A manager must approve it.`
      : `Approval type 2 needed: the agreement’s value of ${formatMoney(details.totalContractValue)} is over the ` +
        `upper limit of ${formatMoney(details.upperContractLimit)}. A manager must approve it.`,
  );
}

/** Why Save and continue is not available yet; null when it is (spec 3 §4). Approvals wait after the save. */
export function saveBlockedReason(step: DepositsStepFieldsFragment | null, draft: DepositsDraft | null): string | null {
  if (!step || !draft || !step.paymentDetails) return 'The payment details are loading.';
  if (step.paymentDetails.hasOverDrawDuration && choiceOf(draft) !== 'TopupNow') {
    return choiceOf(draft) === 'RemoveBill'
      ? 'Step back to the billers list and remove a bill.'
      : 'Choose Top up now or Remove a bill.';
  }
  return null;
}
