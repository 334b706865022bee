import type { EntityManager } from '@mikro-orm/postgresql';
import { runPrepared } from '../../database/prepared.js';
import { assertMemberAccess, NO_ACCESS } from '../../common/auth/access.js';
import { isStaff } from '../../common/auth/roles.js';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { DomainError, ForbiddenError, NotFoundError } from '../../shared/errors.js';
import {
  AGREEMENT_COLUMNS,
  agreementFactsOf,
  currentAgreementJoin,
  type AgreementFacts,
  type AgreementRow,
} from './agreement-facts.js';

/** Spec 1 §8, word for word. */
export const OVERVIEW_MESSAGES = {
  missingAccountId: 'Could not load member overview. Missing account id.',
  invalidAccountId: 'Invalid accountId.',
  notLinked: 'Member is not active or not linked to this account anymore.',
  notFound: 'Could not find member or contract.',
} as const;

/** A member's account as the member area's pages need it: the link's state and the current agreement. */
export interface AccountContext {
  accountId: number;
  accountNumber: string;
  accountActive: boolean;
  memberId: number;
  /** The membership was resigned: activity on the account is suspended (spec 1 §4). */
  memberResigned: boolean;
  /** The account's current agreement: its newest version not expired, cancelled or renewed. */
  agreement: AgreementFacts | null;
}

/** The account id must be a positive whole number (spec 1 §4, §5); a missing one has its own message. */
export function checkAccountId(accountId: number | null | undefined): number {
  if (accountId === null || accountId === undefined) {
    throw new DomainError('MISSING_ACCOUNT_ID', OVERVIEW_MESSAGES.missingAccountId, 'accountId');
  }
  if (!Number.isSafeInteger(accountId) || accountId <= 0) {
    throw new DomainError('INVALID_ACCOUNT_ID', OVERVIEW_MESSAGES.invalidAccountId, 'accountId');
  }
  return accountId;
}

/**
 * One statement: the account, the member and their link, and the current agreement. Checks, in order: the id,
 * who may see the member and the account (a member: only themselves, and an account they have a link to; a
 * refusal says the same whether or not they exist), that both exist, and that the member is active and still
 * linked (spec 1 §4: the overview is disabled otherwise). The access check rides on the same statement: one
 * round trip fewer on every member page (issue 13 item 8). The statement is prepared (runPrepared): planned once
 * per connection, not on every page.
 */
export async function loadMemberAccount(
  em: EntityManager,
  user: CurrentUser | null,
  memberId: number,
  accountId: number | null | undefined,
): Promise<AccountContext> {
  return (await loadMemberAccountWith(em, user, memberId, accountId, null)).context;
}

const statements = new WeakMap<readonly { name: string; sql: string }[], string>();
let plainStatement: string | undefined;

/**
 * The statement's text for a page's columns, built once per columns list (a page's list is a constant): the text of
 * a few kilobytes was joined again, and hashed for its prepared statement's name, on every page.
 */
function memberAccountSql(columns: readonly { name: string; sql: string }[] | null): string {
  const known = columns ? statements.get(columns) : plainStatement;
  if (known !== undefined) return known;
  const extra = (columns ?? [])
    .map((column) => `,\n            case when l.is_active and m.is_active then (${column.sql}) end as ${column.name}`)
    .join('');
  const sql = `select a.id as account_id, a.account_number, a.is_active as account_active, m.id as member_id,
            m.is_active as member_active, m.is_resigned as member_resigned, l.member_id as link_member_id, l.is_active as link_active,
            ${AGREEMENT_COLUMNS}${extra}
     from account a
     left join member m on m.id = ?
     left join member_account_link l on l.account_id = a.id and l.member_id = m.id
     ${currentAgreementJoin('a')}
     where a.id = ?`;
  if (columns) statements.set(columns, sql);
  else plainStatement = sql;
  return sql;
}

/**
 * loadMemberAccount's statement carrying a page's own columns too, so that the page is one round trip (the
 * overview: overview.queries.ts). `columns` may name the account as `a`, the current agreement as `g` (its
 * columns null without one) and take no parameters. They are computed only when the member is active and
 * linked: a refused caller's statement reads nothing more than loadMemberAccount's. The same checks, in the same
 * order, before the row is handed back.
 */
export async function loadMemberAccountWith(
  em: EntityManager,
  user: CurrentUser | null,
  memberId: number,
  accountId: number | null | undefined,
  columns: readonly { name: string; sql: string }[] | null,
): Promise<{ context: AccountContext; row: AgreementRow }> {
  const id = checkAccountId(accountId);
  const caller = assertMemberAccess(user, memberId);
  const rows = await runPrepared<AgreementRow>(em, memberAccountSql(columns), [memberId, id]);
  const row = rows[0];
  // The account access check, in the same statement: a member reaches only an account they are (or were)
  // linked to (assertAccountAccess's rule, refused with its words whether or not the account exists).
  if (!isStaff(caller.roles) && (!row || row.link_member_id === null)) throw new ForbiddenError(NO_ACCESS);
  if (!row || row.member_id === null) throw new NotFoundError(OVERVIEW_MESSAGES.notFound);
  if (row.link_active !== true || row.member_active !== true) {
    throw new DomainError('MEMBER_NOT_LINKED', OVERVIEW_MESSAGES.notLinked, 'memberId');
  }
  return {
    context: {
      accountId: id,
      accountNumber: String(row.account_number),
      accountActive: Boolean(row.account_active),
      memberId,
      memberResigned: row.member_resigned === true,
      agreement: agreementFactsOf(row),
    },
    row,
  };
}
