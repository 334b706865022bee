import type { AccountHolderLink } from './agreement-owner.rules.js';

/**
 * The SQL side of agreement-owner.rules.ts. `holderLinksSql` reads an account's links for the rule to choose
 * from (as JSON, any order); `ownerBranchSql` is the rule itself in SQL, for a filter inside a paged statement,
 * and agrees with `agreementOwner` on every case of its table (tests/integration/agreement-owner.test.ts).
 */

/** A JSON array of the account's links with their members (`account` is a SQL expression for its id). */
export function holderLinksSql(account: string): string {
  return `(select coalesce(json_agg(json_build_object(
             'linkId', l.id, 'memberId', m.id, 'isActive', l.is_active, 'isPrimary', l.is_primary,
             'branchId', m.branch_id, 'memberNumber', m.member_number,
             'name', m.first_name || ' ' || m.last_name)), '[]'::json)
           from member_account_link l join member m on m.id = l.member_id where l.account_id = ${account})`;
}

/** A holder link as holderLinksSql gives it. */
export interface HolderLinkRow extends AccountHolderLink {
  memberNumber: string;
  name: string;
}

/** The links of a row read with holderLinksSql (pg parses the JSON already; text when read as text). */
export function holderLinksOf(value: unknown): HolderLinkRow[] {
  const list = (typeof value === 'string' ? JSON.parse(value) : value) as HolderLinkRow[] | null;
  return (list ?? []).map((link) => ({
    ...link,
    linkId: Number(link.linkId),
    memberId: Number(link.memberId),
    branchId: link.branchId === null ? null : Number(link.branchId),
  }));
}

/**
 * The agreement's branch in SQL (`agreement` may be null for rows without one, e.g. an account's activity):
 * the preferences' branch, else the branch of the first active holder, primary first, then by link.
 */
export function ownerBranchSql(account: string, agreement: string): string {
  return `coalesce(
    (select cp.branch_id from contract_preferences cp where cp.agreement_id = ${agreement}),
    (select m.branch_id from member_account_link l join member m on m.id = l.member_id
      where l.account_id = ${account} and l.is_active order by l.is_primary desc, l.id limit 1))`;
}
