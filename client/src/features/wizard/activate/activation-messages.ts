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
