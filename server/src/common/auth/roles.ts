import { registerEnumType } from 'type-graphql';

/** Who a signed-in user is to the bank. A user may hold several roles. */
export enum Role {
  MEMBER = 'MEMBER',
  AGENT = 'AGENT',
  BRANCH_AGENT = 'BRANCH_AGENT',
  MANAGER = 'MANAGER',
  ADMIN = 'ADMIN',
  REPORTER = 'REPORTER',
}

registerEnumType(Role, { name: 'Role', description: 'A role a signed-in user holds.' });

/** Marker for operations anyone may call, signed in or not (`@Authorized(PUBLIC)`). */
export const PUBLIC = 'PUBLIC';
/** Marker for operations any signed-in user may call; access to data is then checked per record. */
export const SIGNED_IN = 'SIGNED_IN';

export const STAFF_ROLES = [Role.AGENT, Role.BRANCH_AGENT, Role.MANAGER, Role.ADMIN] as const;
export const STAFF_AND_REPORTER_ROLES = [...STAFF_ROLES, Role.REPORTER] as const;
export const APPROVER_ROLES = [Role.MANAGER, Role.ADMIN] as const;
/** Who uses the agreement wizard (spec 2 §6): staff agents and members; not the read-only reporting role. */
export const WIZARD_ROLES = [Role.MEMBER, ...STAFF_ROLES] as const;
/** Who may move money: members (their own bills) and staff; reporters are read-only. */
export const PAYER_ROLES = [Role.MEMBER, ...STAFF_ROLES] as const;

export type AccessRule = typeof PUBLIC | typeof SIGNED_IN | Role;

export function isStaff(roles: readonly Role[]): boolean {
  return roles.some((role) => role !== Role.MEMBER);
}

/** Holds a role that acts as staff (an agent, branch agent, manager or admin): not only the read-only reporter. */
export function actsAsStaff(roles: readonly Role[]): boolean {
  return roles.some((role) => (STAFF_ROLES as readonly Role[]).includes(role));
}

export function parseRole(value: string): Role | undefined {
  return (Object.values(Role) as string[]).includes(value) ? (value as Role) : undefined;
}
