/**
 * Where a member asks for help on an account (the route the overview, Support and the worklist lead to). On its own,
 * so the overview's way in (HardshipEntry, part of the overview's first render) does not carry the forms' rules.
 */
export function hardshipPath(memberId: number, accountId: number): string {
  return `/member/${memberId}/account/${accountId}/member/hardship`;
}
