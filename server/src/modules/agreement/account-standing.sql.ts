/**
 * A member holding the account has resigned: activity on its agreement is suspended and no money moves (spec 1 §4,
 * §8; shared/money-movement.rules.ts). The one SQL form of that fact, for queries that select what may move money;
 * `accountId` is the SQL expression of the account's id.
 */
export function accountHasResignedMember(accountId: string): string {
  return `exists (select 1 from member_account_link rl join member rm on rm.id = rl.member_id
    where rl.account_id = ${accountId} and rl.is_active and rm.is_resigned)`;
}
