import type { ApolloServerPlugin } from '@apollo/server';
import {
  getVariableValues,
  GraphQLError,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { PUBLIC } from '../common/auth/roles.js';
import { UnauthenticatedError } from '../shared/errors.js';
import { findLongList } from '../shared/input-guard.js';
import { badUserInput } from './argument-guard.js';
import type { GraphQLContext } from './context.js';

const ROOT_TYPES = { query: 'Query', mutation: 'Mutation', subscription: 'Subscription' } as const;

/**
 * The root fields a selection asks for (`Mutation.saveBiller`), through fragments; null when one hangs on
 * `@skip`/`@include`, as only execution knows whether it runs. Meta fields (`__typename`, `__schema`) are left out.
 */
export function rootFieldsOf(
  selectionSet: SelectionSetNode,
  document: DocumentNode,
  rootType: string,
  depth = 0,
): string[] | null {
  const fields: string[] = [];
  for (const selection of selectionSet.selections) {
    if ((selection.directives?.length ?? 0) > 0 || depth > 5) return null;
    let inner: SelectionSetNode | undefined;
    if (selection.kind === Kind.FIELD) {
      if (!selection.name.value.startsWith('__')) fields.push(`${rootType}.${selection.name.value}`);
      continue;
    }
    if (selection.kind === Kind.INLINE_FRAGMENT) inner = selection.selectionSet;
    else {
      const name = selection.name.value;
      const fragment = document.definitions.find(
        (definition): definition is FragmentDefinitionNode =>
          definition.kind === Kind.FRAGMENT_DEFINITION && definition.name.value === name,
      );
      inner = fragment?.selectionSet;
    }
    if (!inner) return null;
    const nested = rootFieldsOf(inner, document, rootType, depth + 1);
    if (nested === null) return null;
    fields.push(...nested);
  }
  return fields;
}

export interface OperationRequest {
  schema: GraphQLSchema;
  document: DocumentNode;
  operation: OperationDefinitionNode;
  variables: Record<string, unknown> | undefined;
  signedIn: boolean;
}

/**
 * What is refused before graphql-js coerces a variable (issue 21 item 7), in this order: an operation reaching
 * nothing public sent without a session (the one UNAUTHENTICATED its resolvers would answer, without first
 * listing what is wrong with its input); a list in the variables longer than any form (one error, not one per
 * item); the first variable that does not fit its type (graphql-js would list up to 50,
 * then fail with an internal error). Null: the operation runs, and its resolvers check the rest. Without
 * `publicOperations` the session is left to the resolvers (a subscription's client reads that refusal as a result).
 */
export function operationProblem(
  request: OperationRequest,
  publicOperations: ReadonlySet<string> | null,
): GraphQLError | null {
  const { schema, document, operation, variables } = request;
  if (publicOperations && !request.signedIn) {
    const fields = rootFieldsOf(operation.selectionSet, document, ROOT_TYPES[operation.operation]);
    if (fields && fields.length > 0 && !fields.some((field) => publicOperations.has(field))) {
      return new GraphQLError(new UnauthenticatedError().message, { extensions: { code: 'UNAUTHENTICATED' } });
    }
  }
  const problem = findLongList(variables ?? {});
  if (problem) return badUserInput(problem);
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables ?? {}, { maxErrors: 1 });
  if (!coerced.errors) return null;
  const [first] = coerced.errors;
  return new GraphQLError(first.message, { nodes: first.nodes, extensions: { code: 'BAD_USER_INPUT' } });
}

/**
 * `operationProblem` on every HTTP request once its operation is known. A refused session answers 200 as the
 * resolvers' refusal did; refused input 400 as graphql-js's own variable errors do.
 */
export function operationGuard(publicOperations: ReadonlySet<string>): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, operation, request, contextValue }) {
          if (!operation) return; // Apollo has already refused it
          const problem = operationProblem(
            { schema, document, operation, variables: request.variables, signedIn: !!contextValue.user },
            publicOperations,
          );
          if (!problem) return;
          const status = problem.extensions.code === 'UNAUTHENTICATED' ? 200 : 400;
          throw new GraphQLError(problem.message, {
            nodes: problem.nodes,
            extensions: { ...problem.extensions, http: { status } },
          });
        },
      };
    },
  };
}

/** The operations anyone may call (`@Authorized(PUBLIC)`), as `Query.settings`. */
export function publicOperationsOf(access: readonly { operation: string; access: readonly string[] }[]): Set<string> {
  return new Set(access.filter((entry) => entry.access.includes(PUBLIC)).map((entry) => entry.operation));
}
