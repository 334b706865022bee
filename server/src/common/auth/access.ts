import type { EntityManager } from '@mikro-orm/postgresql';
import { ForbiddenError, UnauthenticatedError } from '../../shared/errors.js';
import type { CurrentUser } from './current-user.js';
import { isStaff } from './roles.js';

/**
 * A member only ever sees their own records; staff and reporters see every member's.
 * Refusals are identical whether or not the other record exists, so ids cannot be probed.
 */
export const NO_ACCESS = 'You do not have access to this member or account.';

export function requireUser(user: CurrentUser | null | undefined): CurrentUser {
  if (!user) throw new UnauthenticatedError();
  return user;
}

export function assertMemberAccess(user: CurrentUser | null | undefined, memberId: number): CurrentUser {
  const caller = requireUser(user);
  if (isStaff(caller.roles)) return caller;
  if (caller.memberId === null || caller.memberId !== memberId) throw new ForbiddenError(NO_ACCESS);
  return caller;
}

/** A member may reach an account they are (or were) linked to; whether the link is still active is shown, not hidden. */
export async function assertAccountAccess(
  em: EntityManager,
  user: CurrentUser | null | undefined,
  accountId: number,
): Promise<CurrentUser> {
  const caller = requireUser(user);
  if (isStaff(caller.roles)) return caller;
  if (caller.memberId === null) throw new ForbiddenError(NO_ACCESS);
  // em.execute, not em.getConnection().execute: inside a transaction the check must run on it (issue 21).
  const rows = await em.execute<{ n: number }[]>(
    'select 1 as n from member_account_link where member_id = ? and account_id = ? limit 1',
    [caller.memberId, accountId],
  );
  if (rows.length === 0) throw new ForbiddenError(NO_ACCESS);
  return caller;
}
