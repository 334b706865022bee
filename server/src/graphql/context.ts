import type { EntityManager } from '@mikro-orm/postgresql';
import type { CurrentUser } from '../common/auth/current-user.js';
import type { Services } from '../services.js';

/** What every resolver receives: a fresh unit of work, the caller, and the services. */
export interface GraphQLContext {
  em: EntityManager;
  user: CurrentUser | null;
  services: Services;
  requestId: string;
  /** The caller's address (HTTP only): public operations are rate-limited by it. */
  clientAddress?: string;
  /** True for the graphql-ws transport. */
  subscription?: boolean;
  /** Fields added to this request's log line (HTTP only): the operation's name. */
  requestLog?: Record<string, unknown>;
}
