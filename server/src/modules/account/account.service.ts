import type { EntityManager } from '@mikro-orm/postgresql';
import { assertAccountAccess, assertMemberAccess } from '../../common/auth/access.js';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { DomainError, NotFoundError } from '../../shared/errors.js';
import {
  accountStandingName,
  type AccountStatus,
  accountStatusOf,
  type AgreementStatus,
  currentAgreementFirst,
  SUPERSEDED_AGREEMENT_STATUSES,
} from '../agreement/index.js';
import type { Member } from '../member/index.js';
import { Account } from './account.entity.js';
import { MemberAccountLink } from './member-account-link.entity.js';
import type { AccountListItem, MemberAccountLinkView } from './account.types.js';

/**
 * An account as one of its members reaches it: its standing, the member and the account's members (active links),
 * as entities. The member module shows it (`MemberAccount`, the member area's parent data); the façade's
 * /api/memberaccountlink/memberget answers its link.
 */
export interface AccountOfMember {
  accountId: number;
  memberId: number;
  accountNumber: string;
  isActive: boolean;
  status: AccountStatus;
  statusName: string;
  agreementId: number | null;
  agreementStatus: AgreementStatus | null;
  member: Member;
  members: Member[];
  link: MemberAccountLinkView;
}

interface CurrentAgreementRow {
  account_id: number;
  id: number;
  status: AgreementStatus;
}

export class AccountService {
  /** The member's accounts (active links) with the status of each account's current agreement. */
  async accountList(em: EntityManager, user: CurrentUser | null, memberId: number): Promise<AccountListItem[]> {
    assertMemberAccess(user, memberId);
    const links = await em.find(
      MemberAccountLink,
      { member: memberId, isActive: true },
      { populate: ['account', 'member'], orderBy: { account: { id: 'asc' } } },
    );
    const current = await this.currentAgreements(
      em,
      links.map((link) => link.account.id),
    );
    return links.map(({ account, member }) => {
      const agreement = current.get(account.id);
      return {
        accountId: account.id,
        accountNumber: account.accountNumber,
        agreementId: agreement?.id ?? null,
        isActive: account.isActive,
        productName: account.productName,
        status: accountStatusOf(agreement?.status),
        statusName: accountStandingName(agreement?.status, member.isResigned),
      };
    });
  }

  async memberAccount(
    em: EntityManager,
    user: CurrentUser | null,
    memberId: number,
    accountId: number,
  ): Promise<AccountOfMember> {
    if (!Number.isInteger(accountId) || accountId <= 0) {
      throw new DomainError('INVALID_ACCOUNT_ID', 'Invalid accountId.', 'accountId');
    }
    assertMemberAccess(user, memberId);
    await assertAccountAccess(em, user, accountId);
    const account = await em.findOne(Account, { id: accountId });
    // By its entity name: the member module is above this one (it shows members with their accounts).
    const member = await em.findOne<Member, 'branch'>('Member', { id: memberId }, { populate: ['branch'] });
    if (!account || !member) throw new NotFoundError('Could not find member or contract.');
    const links = await em.find(
      MemberAccountLink,
      { account: accountId },
      { populate: ['member', 'member.branch'], orderBy: { id: 'asc' } },
    );
    const own = links.find((link) => link.member.id === memberId);
    const agreement = (await this.currentAgreements(em, [accountId])).get(accountId);
    return {
      accountId,
      memberId,
      accountNumber: account.accountNumber,
      isActive: account.isActive,
      status: accountStatusOf(agreement?.status),
      statusName: accountStandingName(agreement?.status, member.isResigned),
      agreementId: agreement?.id ?? null,
      agreementStatus: agreement?.status ?? null,
      member,
      members: links.filter((link) => link.isActive).map((link) => link.member),
      link: { memberId, accountId, isActive: own?.isActive ?? false },
    };
  }

  /**
   * The current agreement of each account: its newest version that has not been superseded or ended; a queued
   * or in-progress change (2, 3) is not current until it is applied, so the version it changes stays current.
   */
  private async currentAgreements(em: EntityManager, accountIds: number[]): Promise<Map<number, CurrentAgreementRow>> {
    if (accountIds.length === 0) return new Map();
    const rows = await em.execute<CurrentAgreementRow[]>(
      `select distinct on (account_id) account_id, id, status from agreement
       where account_id in (${accountIds.map(() => '?').join(',')}) and status not in (${SUPERSEDED_AGREEMENT_STATUSES.join(',')})
       order by account_id, ${currentAgreementFirst()}`,
      accountIds,
    );
    return new Map(rows.map((row) => [row.account_id, row]));
  }
}
