import type { EntityManager } from '@mikro-orm/postgresql';
import { assertAccountAccess, assertMemberAccess, requireUser } from '../../common/auth/access.js';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { isStaff } from '../../common/auth/roles.js';
import { ForbiddenError, NotFoundError } from '../../shared/errors.js';
import { type AccountService, MemberAccountLink } from '../account/index.js';
import { checkAccountId } from '../agreement/index.js';
import type { MemberAccount } from './member-account.types.js';
import { Member } from './member.entity.js';
import { toMemberView } from './member.service.js';
import type { MemberView } from './member.types.js';
import type { CompleteMemberInformation, MemberAccountLinkRecord, MemberListEntry } from './member-directory.types.js';

export interface MemberListRequest {
  allLinks: boolean;
  page: number;
  pageSize: number;
}

export const MEMBER_LIST_MAX_PAGE_SIZE = 1000;

function toLinkRecord(link: MemberAccountLink): MemberAccountLinkRecord {
  return {
    memberId: link.member.id,
    accountId: link.account.id,
    accountNumber: link.account.accountNumber,
    isActive: link.isActive,
    isPrimary: link.isPrimary,
  };
}

function assertStaff(user: CurrentUser | null): CurrentUser {
  const caller = requireUser(user);
  if (!isStaff(caller.roles)) throw new ForbiddenError();
  return caller;
}

/**
 * Members with their accounts: the member area's account (GraphQL `memberAccount`) and the legacy member and link
 * listings of the façade (GET /api/members, /api/memberaccountlink, ...). The account module answers for the
 * accounts; this one shows the members.
 */
export class MemberDirectoryService {
  constructor(private readonly accounts: AccountService) {}

  /** An account as one of its members sees it (the member area's parent data): its member, or staff. */
  async memberAccount(
    em: EntityManager,
    user: CurrentUser | null,
    memberId: number,
    accountId: number,
  ): Promise<MemberAccount> {
    const account = await this.accounts.memberAccount(em, user, memberId, accountId);
    return {
      ...account,
      member: toMemberView(account.member),
      members: account.members.map((member) => toMemberView(member)),
    };
  }

  /** Staff: members by member number, a page at a time (the old API had no paging: the first page is large). */
  async list(
    em: EntityManager,
    user: CurrentUser | null,
    request: MemberListRequest,
  ): Promise<{ members: MemberListEntry[]; total: number }> {
    assertStaff(user);
    const [members, total] = await em.findAndCount(
      Member,
      {},
      {
        populate: ['branch'],
        orderBy: { memberNumber: 'asc' },
        limit: request.pageSize,
        offset: (request.page - 1) * request.pageSize,
      },
    );
    if (!request.allLinks) return { members: members.map((m) => toMemberView(m)), total };
    const links = await em.find(
      MemberAccountLink,
      { member: { $in: members.map((m) => m.id) } },
      { populate: ['account'], orderBy: { id: 'asc' } },
    );
    return {
      members: members.map((m) => ({
        ...toMemberView(m),
        links: links.filter((l) => l.member.id === m.id).map(toLinkRecord),
      })),
      total,
    };
  }

  /** A member with accounts and links: the member themselves, or staff. */
  async completeInformation(
    em: EntityManager,
    user: CurrentUser | null,
    memberId: number,
  ): Promise<CompleteMemberInformation> {
    assertMemberAccess(user, memberId);
    const member = await em.findOne(Member, { id: memberId }, { populate: ['branch'] });
    if (!member) throw new NotFoundError('Could not find member or contract.');
    const links = await em.find(
      MemberAccountLink,
      { member: memberId },
      { populate: ['account'], orderBy: { id: 'asc' } },
    );
    return {
      member: toMemberView(member),
      accounts: await this.accounts.accountList(em, user, memberId),
      links: links.map(toLinkRecord),
    };
  }

  /** The account's members (active links): its members, or staff. */
  async accountMembers(em: EntityManager, user: CurrentUser | null, accountId: number): Promise<MemberView[]> {
    requireUser(user);
    checkAccountId(accountId);
    await assertAccountAccess(em, user, accountId);
    const links = await em.find(
      MemberAccountLink,
      { account: accountId, isActive: true },
      { populate: ['member', 'member.branch'], orderBy: { isPrimary: 'desc', id: 'asc' } },
    );
    return links.map((link) => toMemberView(link.member));
  }

  /** Staff: a member's links (one account's when `accountId` is given), inactive ones too. */
  async links(
    em: EntityManager,
    user: CurrentUser | null,
    memberId: number,
    accountId: number | null,
  ): Promise<MemberAccountLinkRecord[]> {
    assertStaff(user);
    const links = await em.find(
      MemberAccountLink,
      accountId === null ? { member: memberId } : { member: memberId, account: accountId },
      { populate: ['account'], orderBy: { id: 'asc' } },
    );
    return links.map(toLinkRecord);
  }
}
