import { unwrapResolverError } from '@apollo/server/errors';
import type { GraphQLFormattedError } from 'graphql';
import { GraphQLError } from 'graphql';
import { AuthenticationError, AuthorizationError } from 'type-graphql';
import type { Logger } from 'pino';
import { DomainError, ForbiddenError, NotFoundError, UnauthenticatedError } from '../shared/errors.js';

/** Codes a client may see as they are; anything else is an internal error and is logged, not shown. */
const PASS_THROUGH = new Set([
  'BAD_USER_INPUT',
  'GRAPHQL_VALIDATION_FAILED',
  'GRAPHQL_PARSE_FAILED',
  'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'OPERATION_RESOLUTION_FAILURE',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
]);

export function formatGraphQLError(logger: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = unwrapResolverError(error);
    const base = { message: formatted.message, locations: formatted.locations, path: formatted.path };
    if (original instanceof DomainError) {
      return { ...base, message: original.message, extensions: { code: original.code, field: original.field ?? null } };
    }
    if (original instanceof NotFoundError)
      return { ...base, message: original.message, extensions: { code: 'NOT_FOUND' } };
    if (original instanceof ForbiddenError || original instanceof AuthorizationError) {
      const message = original instanceof ForbiddenError ? original.message : 'You do not have access to this.';
      return { ...base, message, extensions: { code: 'FORBIDDEN' } };
    }
    if (original instanceof UnauthenticatedError || original instanceof AuthenticationError) {
      return { ...base, message: original.message, extensions: { code: 'UNAUTHENTICATED' } };
    }
    const code = formatted.extensions?.code;
    if (typeof code === 'string' && PASS_THROUGH.has(code)) {
      const extensions: Record<string, unknown> = { code };
      if (formatted.extensions?.validationErrors) extensions.validationErrors = formatted.extensions.validationErrors;
      if (typeof formatted.extensions?.field === 'string') extensions.field = formatted.extensions.field;
      return { ...base, extensions };
    }
    if (original instanceof GraphQLError && !original.originalError && !code) {
      // A parse or validation error from graphql-js itself.
      return { ...base, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } };
    }
    logger.error({ err: original, path: formatted.path }, 'unexpected GraphQL error');
    return { ...base, message: 'An error has occurred.', extensions: { code: 'INTERNAL_SERVER_ERROR' } };
  };
}
