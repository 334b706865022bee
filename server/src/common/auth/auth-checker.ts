import { GraphQLError } from 'graphql';
import type { AuthChecker } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context.js';
import { ForbiddenError } from '../../shared/errors.js';
import { decideAccess, READ_ONLY_REFUSAL } from './access.rules.js';
import { PUBLIC } from './roles.js';

/**
 * `@Authorized(...)` on every operation and on staff-only fields: PUBLIC for anyone, SIGNED_IN for any session,
 * otherwise one of the named roles; a read-only role reaches no mutation outside its allow-list (access.rules.ts,
 * the REST router's rule too). Which records a caller may see is then checked by the services.
 */
export const authChecker: AuthChecker<GraphQLContext, string> = ({ context, info }, rules) => {
  if (rules.includes(PUBLIC)) return true;
  const user = context.user;
  if (!user) {
    throw new GraphQLError('Authentication is required.', { extensions: { code: 'UNAUTHENTICATED' } });
  }
  const decision = decideAccess(`${info.parentType.name}.${info.fieldName}`, rules, user.roles);
  if (decision === 'read-only') throw new ForbiddenError(READ_ONLY_REFUSAL);
  return decision === 'allowed';
};
