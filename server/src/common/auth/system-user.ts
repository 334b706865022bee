import type { EntityManager } from '@mikro-orm/postgresql';
import type { CurrentUser } from './current-user.js';
import { Role } from './roles.js';

const cache = new WeakMap<object, Map<string, CurrentUser>>();

/**
 * A user the application acts as, which no person signs in as (its migration makes it locked, with no password):
 * the bank day's automatic payments (`system.core-banking`), a deposit review the member accepted
 * (`system.deposit-review`), a deposit raise the member asked for from the shortfall panel (`system.shortfall-fix`). It acts with the agent's role; who it is shows in the history by its display name.
 * Read once per ORM.
 */
export async function systemUser(em: EntityManager, username: string): Promise<CurrentUser> {
  const known = cache.get(em.config) ?? new Map<string, CurrentUser>();
  cache.set(em.config, known);
  const cached = known.get(username);
  if (cached) return cached;
  const [row] = await em.execute<{ id: number; display_name: string }[]>(
    'select id, display_name from app_user where username = ?',
    [username],
  );
  if (!row) throw new Error(`The ${username} user is missing (run the migrations)`);
  const user: CurrentUser = {
    userId: Number(row.id),
    sessionId: username.replace(/^system\./, ''),
    username,
    displayName: row.display_name,
    roles: [Role.AGENT],
    memberId: null,
  };
  known.set(username, user);
  return user;
}
