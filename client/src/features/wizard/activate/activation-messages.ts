/** The words of activation and save all (spec 3 §8), and the fix of the original's blank failure. */
export const ACTIVATION_MESSAGES = {
  received: 'Activation received. The changes for the agreement will be applied shortly.',
  failed: 'Could not activate the contract. Please try again later.',
  savedForLater: 'The agreement has been saved for later.',
} as const;

interface OutcomeResult {
  outcome?: { message: string } | null;
  errors: readonly { message: string }[];
}

/** What a failed activation says: the server's message, else the spec's fallback; never a blank. */
export function activationFailure(result: OutcomeResult | null | undefined, thrown?: string | null): string {
  const fromServer = result?.errors[0]?.message?.trim() || thrown?.trim();
  return fromServer || ACTIVATION_MESSAGES.failed;
}

/** The step a failed activation returns to: the confirm step (create 8 → 7, modify 7 → 6). */
export function confirmStepOf(kind: 'Create' | 'Modify'): number {
  return kind === 'Create' ? 7 : 6;
}

/** The saved-for-later message's continue link (spec 3 §2). */
export function continueLink(memberId: number, accountId: number): string {
  return `/member/${memberId}/account/${accountId}/contract/continue`;
}

/**
 * The last step's words and button (modify step 7, create step 8). Whether a modification goes to the member or is
 * applied by staff alone is the server's rule (`needsMemberApproval` of the change's review; undefined until it
 * answers); the words only say which. A new agreement is activated, then approved by the member.
 */
export function lastStepWords(
  kind: 'Create' | 'Modify',
  isRenewal: boolean,
  needsMemberApproval: boolean | undefined,
): { explanation: string; button: string } {
  if (kind === 'Create') {
    return {
      explanation:
        'Activate the agreement. It is then sent to the member, who approves it in the member portal; once approved it is applied shortly.',
      button: 'Activate agreement',
    };
  }
  if (isRenewal) {
    return {
      explanation:
        'Send the renewal to the member, who approves it in the member portal; once approved it takes over the day after the current agreement ends.',
      button: 'Send for the member’s approval',
    };
  }
  if (needsMemberApproval === true) {
    return {
      explanation:
        'Send the changes to the member, who approves them in the member portal: they change what the member agreed to. Once approved they are applied shortly.',
      button: 'Send for the member’s approval',
    };
  }
  if (needsMemberApproval === false) {
    return {
      explanation:
        'Save all the changes. They change nothing the member agreed to, so they are applied to the agreement shortly; the overview shows when they are done.',
      button: 'Save all changes',
    };
  }
  return {
    explanation:
      'Save all the changes. Changes to what the member agreed to are sent to them for approval; others are applied shortly.',
    button: 'Save all changes',
  };
}
