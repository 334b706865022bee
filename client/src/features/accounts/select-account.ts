import type { AccountStatus } from '../../gql/graphql';

export interface SelectableAccount {
  accountId: number;
  agreementId: number | null;
  status: AccountStatus;
  isActive: boolean;
}

/** Accounts with status Modified are currently filtered out of the list (spec 1 §2). */
export function visibleAccounts<T extends SelectableAccount>(accounts: readonly T[]): T[] {
  return accounts.filter((account) => account.status !== 'Modified');
}

/**
 * Where selecting an account goes (spec 1 §2): Pending or Modified to the agreement view with menus hidden, any
 * other status to the overview with menus shown.
 */
export function accountDestination(memberId: number, account: SelectableAccount): string {
  const base = `/member/${memberId}/account/${account.accountId}`;
  if (account.status === 'Pending' || account.status === 'Modified') {
    return `${base}/viewagreement/${account.agreementId ?? 0}?viewMode=hideMenus`;
  }
  return `${base}/overview?viewMode=showMenus`;
}

/** Spec 1 §8: the warning for an inactive account. */
export const INACTIVE_ACCOUNT_WARNING =
  'The product account is not active. Review the account before proceeding to ensure the agreement can be ' +
  'activated and bills are paid.';
