import { GraphQLError } from 'graphql';
import type { AuthChecker } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context.js';
import { PUBLIC, SIGNED_IN } from './roles.js';

/**
 * `@Authorized(...)` on every operation and on staff-only fields: PUBLIC for anyone, SIGNED_IN for any session,
 * otherwise one of the named roles. Which records a caller may see is then checked by the services.
 */
export const authChecker: AuthChecker<GraphQLContext, string> = ({ context }, rules) => {
  if (rules.includes(PUBLIC)) return true;
  const user = context.user;
  if (!user) {
    throw new GraphQLError('Authentication is required.', { extensions: { code: 'UNAUTHENTICATED' } });
  }
  if (rules.includes(SIGNED_IN)) return true;
  return user.roles.some((role) => rules.includes(role));
};
