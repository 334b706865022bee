import type { EntityManager } from '@mikro-orm/postgresql';
import { requireUser } from '../../common/auth/access.js';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { isStaff } from '../../common/auth/roles.js';
import { ForbiddenError } from '../../shared/errors.js';
import { intArray } from '../../database/bulk.js';
import type { AccountListItem } from '../account/index.js';
import {
  accountStandingName,
  accountStatusOf,
  type AgreementStatus,
  currentAgreementFirst,
  SUPERSEDED_AGREEMENT_STATUSES,
} from '../agreement/index.js';
import {
  accountNumberText,
  containsPattern,
  MEMBER_SEARCH_TEXT,
  resultLimit,
  searchText,
} from './member-search.rules.js';
import type { MemberSearchResult } from './member-search.types.js';

interface MemberRow {
  id: number;
  member_number: string;
  first_name: string;
  last_name: string;
  email: string | null;
  mobile_phone: string | null;
  is_active: boolean;
  is_resigned: boolean;
}

interface AccountRow {
  member_id: number;
  account_id: number;
  account_number: string;
  product_name: string;
  is_active: boolean;
  agreement_id: number | null;
  agreement_status: AgreementStatus | null;
}

const MEMBER_COLUMNS =
  'm.id, m.member_number, m.first_name, m.last_name, m.email, m.mobile_phone, m.is_active, m.is_resigned';

/** Staff only (the resolvers and routes say so too; checked here as well, so that no caller can forget). */
function assertStaff(user: CurrentUser | null): void {
  if (!isStaff(requireUser(user).roles)) throw new ForbiddenError();
}

/** The staff member search (header search modal) and the lookup by account number. */
export class MemberSearchService {
  /** Members whose number, names or email contain the text, best first: exact number, then by name. */
  async search(
    em: EntityManager,
    user: CurrentUser | null,
    searchString: string,
    resultCount: number | null,
  ): Promise<MemberSearchResult[]> {
    assertStaff(user);
    const text = searchText(searchString);
    if (text === null) return [];
    const rows = await em.execute<MemberRow[]>(
      `select ${MEMBER_COLUMNS} from member m
       where ${MEMBER_SEARCH_TEXT} like ?
       order by (lower(m.member_number) = ?) desc, lower(m.last_name), lower(m.first_name), m.member_number
       limit ?`,
      [containsPattern(text), text, resultLimit(resultCount)],
    );
    return this.withAccounts(em, rows);
  }

  /** The holders of the account(s) whose number starts with the digits given (exact match first). */
  async byAccountNumber(
    em: EntityManager,
    user: CurrentUser | null,
    accountNumber: string,
    maxResults: number | null,
  ): Promise<MemberSearchResult[]> {
    assertStaff(user);
    const digits = accountNumberText(accountNumber);
    const rows = await em.execute<MemberRow[]>(
      `select ${MEMBER_COLUMNS} from member m
       join lateral (
         select bool_or(a.account_number = ?) as exact from member_account_link l
         join account a on a.id = l.account_id
         where l.member_id = m.id and a.account_number like ?
       ) hit on hit.exact is not null
       order by hit.exact desc, m.member_number
       limit ?`,
      [digits, `${digits}%`, resultLimit(maxResults)],
    );
    return this.withAccounts(em, rows);
  }

  /** Each member's accounts (active links) with their current agreement, in one statement for all of them. */
  private async withAccounts(em: EntityManager, members: MemberRow[]): Promise<MemberSearchResult[]> {
    if (members.length === 0) return [];
    const rows = await em.execute<AccountRow[]>(
      `select l.member_id, a.id as account_id, a.account_number, a.product_name, a.is_active,
              cur.id as agreement_id, cur.status as agreement_status
       from member_account_link l
       join account a on a.id = l.account_id
       left join lateral (
         select g.id, g.status from agreement g
         where g.account_id = a.id and g.status not in (${SUPERSEDED_AGREEMENT_STATUSES.join(',')})
         order by ${currentAgreementFirst('g')} limit 1
       ) cur on true
       where l.is_active and l.member_id = any(?::int[])
       order by l.member_id, a.id`,
      [intArray(members.map((m) => m.id))],
    );
    const accounts = new Map<number, AccountListItem[]>();
    const resigned = new Set(members.filter((m) => m.is_resigned).map((m) => m.id));
    for (const row of rows) {
      const list = accounts.get(row.member_id) ?? [];
      list.push({
        accountId: row.account_id,
        accountNumber: row.account_number,
        agreementId: row.agreement_id,
        isActive: row.is_active,
        productName: row.product_name,
        status: accountStatusOf(row.agreement_status),
        statusName: accountStandingName(row.agreement_status, resigned.has(row.member_id)),
      });
      accounts.set(row.member_id, list);
    }
    return members.map((m) => ({
      memberId: m.id,
      memberNumber: m.member_number,
      firstName: m.first_name,
      lastName: m.last_name,
      email: m.email,
      mobilePhone: m.mobile_phone,
      isActive: m.is_active,
      accounts: accounts.get(m.id) ?? [],
    }));
  }
}
