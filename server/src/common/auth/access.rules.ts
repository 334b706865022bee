import { PUBLIC, Role, SIGNED_IN } from './roles.js';

/**
 * Who may call an operation: one rule for GraphQL (the auth checker) and the REST façade (its router). An
 * operation is named as the permission snapshot names it: `Mutation.logout`, `Query.me`, `POST /api/notes`.
 */

/** Roles that only read (issue 21 item 2): they make no change anywhere, whatever an operation's own rule says. */
export const READ_ONLY_ROLES: readonly Role[] = [Role.REPORTER];

/** The only writes a read-only role may make: ending its own session (its token refresh is POST /Token). */
export const READ_ONLY_WRITES: ReadonlySet<string> = new Set([
  'Mutation.logout',
  'POST /api/authentication/logout',
  'POST /Token',
]);

export const READ_ONLY_REFUSAL = 'Your access is read-only: it cannot make changes.';

/** A mutation, or a REST route that is not a GET (POST, PUT, PATCH, DELETE). */
export function isWrite(operation: string): boolean {
  return operation.startsWith('Mutation.') || /^(POST|PUT|PATCH|DELETE) /.test(operation);
}

/** The caller's roles that count for an operation: a read-only role grants no write outside READ_ONLY_WRITES. */
export function rolesFor(operation: string, roles: readonly Role[]): Role[] {
  if (!isWrite(operation) || READ_ONLY_WRITES.has(operation)) return [...roles];
  return roles.filter((role) => !READ_ONLY_ROLES.includes(role));
}

export type AccessDecision = 'allowed' | 'read-only' | 'role';

/**
 * Whether a signed-in caller holding `roles` may call `operation`, guarded by `rules` (PUBLIC, SIGNED_IN or role
 * names): allowed; refused because the only roles that would admit it are read-only; or refused by role.
 */
export function decideAccess(operation: string, rules: readonly string[], roles: readonly Role[]): AccessDecision {
  if (rules.includes(PUBLIC)) return 'allowed';
  const counted = rolesFor(operation, roles);
  const admits = (held: readonly Role[]) =>
    held.length > 0 && (rules.includes(SIGNED_IN) || held.some((r) => rules.includes(r)));
  if (admits(counted)) return 'allowed';
  return admits(roles) ? 'read-only' : 'role';
}
