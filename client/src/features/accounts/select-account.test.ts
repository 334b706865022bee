// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { AccountStatus } from '../../gql/graphql';
import { accountDestination, visibleAccounts, type SelectableAccount } from './select-account';

const account = (accountId: number, status: AccountStatus, agreementId: number | null = 900 + accountId) =>
  ({ accountId, status, agreementId, isActive: true }) satisfies SelectableAccount;

describe('accountDestination', () => {
  it.each([
    ['Pending', '/member/42/account/7/viewagreement/907?viewMode=hideMenus'],
    ['Modified', '/member/42/account/7/viewagreement/907?viewMode=hideMenus'],
    ['Active', '/member/42/account/7/overview?viewMode=showMenus'],
    ['InArrears', '/member/42/account/7/overview?viewMode=showMenus'],
    ['Locked', '/member/42/account/7/overview?viewMode=showMenus'],
    ['Unknown', '/member/42/account/7/overview?viewMode=showMenus'],
  ] as const)('sends a %s account to %s', (status, path) => {
    expect(accountDestination(42, account(7, status))).toBe(path);
  });
});

describe('visibleAccounts', () => {
  it('filters out Modified accounts and keeps the order of the rest', () => {
    const list = [account(1, 'Active'), account(2, 'Modified'), account(3, 'Pending'), account(4, 'InArrears')];
    expect(visibleAccounts(list).map((item) => item.accountId)).toEqual([1, 3, 4]);
  });

  it('is empty when every account is Modified (the page then sends the member to /nomember)', () => {
    expect(visibleAccounts([account(2, 'Modified')])).toEqual([]);
  });
});
