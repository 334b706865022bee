import type { EntityManager } from '@mikro-orm/postgresql';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { APPROVER_ROLES, type Role } from '../../common/auth/roles.js';
import { tooManyAttemptsMessage, verifyPassword, type SignInThrottle } from '../auth/index.js';
import { PAYMENT_MESSAGES, PaymentError } from '../payment/index.js';

export const isApprover = (roles: readonly Role[]): boolean =>
  roles.some((r) => (APPROVER_ROLES as readonly Role[]).includes(r));

export interface SigningManager {
  id: number;
  displayName: string;
}

/**
 * Supervisor override: a MANAGER or ADMIN signs the agent's screen with their own username and password. Throttled
 * like sign-in (reserve, then verify; the agent is the attempt's address, so one agent guessing many managers is
 * throttled too). Never the requesting user. Throws the refusal; answers the manager.
 */
export async function verifyManagerSignature(
  em: EntityManager,
  throttle: SignInThrottle,
  agent: CurrentUser,
  username: string,
  password: string,
): Promise<SigningManager> {
  const name = String(username ?? '')
    .trim()
    .toLowerCase();
  const slot = await throttle.reserve(em, { account: name, address: `agent:${agent.userId}` });
  if (!slot.allowed) {
    throw new PaymentError('TOO_MANY_ATTEMPTS', tooManyAttemptsMessage(slot.retryAfterSeconds), 'managerPassword');
  }
  const [manager] = await em.execute<
    { id: number; password_hash: string; display_name: string; roles: Role[]; is_locked: boolean }[]
  >('select id, password_hash, display_name, roles, is_locked from app_user where username = ?', [name]);
  const valid = await verifyPassword(manager?.password_hash, String(password ?? ''));
  if (!manager || !valid || manager.is_locked || !isApprover(manager.roles)) {
    throw new PaymentError('INVALID_MANAGER_CREDENTIALS', PAYMENT_MESSAGES.badManagerCredentials, 'managerUsername');
  }
  await slot.reservation.succeeded();
  if (manager.id === agent.userId) throw new PaymentError('APPROVAL_NOT_ALLOWED', PAYMENT_MESSAGES.approvalNotAllowed);
  return { id: Number(manager.id), displayName: String(manager.display_name) };
}
