/**
 * Whose an agreement is, for every report that groups or filters by member or branch (the missed-deposit report,
 * the at-risk worklist, the reporting API): one rule, here. Its SQL form (for a filter inside a paged statement)
 * is in agreement-owner.sql.ts, tested against this one.
 */

/** One member_account_link of the account, with its member. */
export interface AccountHolderLink {
  linkId: number;
  memberId: number;
  isActive: boolean;
  isPrimary: boolean;
  /** The member's own branch. */
  branchId: number | null;
}

export interface AgreementOwner {
  /** The account's member (null: no active holder). */
  memberId: number | null;
  /** The agreement's branch (null: neither its preferences nor its member name one). */
  branchId: number | null;
}

/**
 * Rule "an account's holders, in order": its active links only; the primary holder first, then the others by
 * link, oldest first (as the account was opened, then joint holders added). The first is "the account's member".
 */
export function accountHolders<T extends AccountHolderLink>(links: readonly T[]): T[] {
  return links
    .filter((link) => link.isActive)
    .sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary) || a.linkId - b.linkId);
}

/** "The account's member": the first of its holders (null: no active holder). */
export function accountMember<T extends AccountHolderLink>(links: readonly T[]): T | null {
  return accountHolders(links)[0] ?? null;
}

/**
 * Rule "which branch an agreement belongs to": the branch its preferences chose (contract_preferences.branch_id),
 * else the branch of the account's member; null when neither names one.
 */
export function agreementOwner(links: readonly AccountHolderLink[], preferenceBranchId: number | null): AgreementOwner {
  const member = accountMember(links);
  return {
    memberId: member?.memberId ?? null,
    branchId: preferenceBranchId ?? member?.branchId ?? null,
  };
}
