import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import {
  getOperationAST,
  GraphQLError,
  Kind,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionArgs,
  type GraphQLSchema,
} from 'graphql';
import { CloseCode } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import type { WebSocketServer } from 'ws';
import type { MikroORM } from '@mikro-orm/postgresql';
import { STAFF_AND_REPORTER_ROLES } from '../common/auth/roles.js';
import type { CurrentUser } from '../common/auth/current-user.js';
import type { Services } from '../services.js';
import type { GraphQLContext } from './context.js';
import { formatGraphQLError } from './format-error.js';
import { asksForIntrospection, hardeningRules, LIMITS } from './hardening.js';
import { operationGuard, operationProblem, publicOperationsOf } from './operation-guard.js';
import { operationNameOnRequestLog } from './request-log.js';
import { operationAccess } from './schema.js';
import { SESSION_NEWS_FIELD, SocketSession } from './socket-session.js';
import { randomUUID } from 'node:crypto';

let publicOperationNames: ReadonlySet<string> | null = null;
/** The operations anyone may call, read once from the decorators. */
function publicOperations(): ReadonlySet<string> {
  publicOperationNames ??= publicOperationsOf(operationAccess());
  return publicOperationNames;
}

export function mayIntrospect(user: CurrentUser | null, services: Services): boolean {
  if (services.config.development) return true;
  return !!user && user.roles.some((role) => (STAFF_AND_REPORTER_ROLES as readonly string[]).includes(role));
}

const introspectionGuard = (services: Services): ApolloServerPlugin<GraphQLContext> => ({
  async requestDidStart() {
    return {
      async didResolveOperation({ document, contextValue }) {
        if (asksForIntrospection(document) && !mayIntrospect(contextValue.user, services)) {
          throw new GraphQLError('Introspection is not allowed.', {
            extensions: { code: 'FORBIDDEN', http: { status: 403 } },
          });
        }
      },
    };
  },
});

/** The HTTP server is drained by app.ts's stop (serving.ts), before Apollo stops. */
export function createApolloServer(schema: GraphQLSchema, services: Services) {
  const development = services.config.development;
  return new ApolloServer<GraphQLContext>({
    schema,
    introspection: true, // allowed per caller by introspectionGuard
    includeStacktraceInErrorResponses: development,
    hideSchemaDetailsFromClientErrors: true,
    csrfPrevention: true,
    stopOnTerminationSignals: false, // main.ts stops everything in order on SIGINT/SIGTERM
    parseOptions: { maxTokens: LIMITS.maxTokens },
    validationRules: hardeningRules,
    formatError: formatGraphQLError(services.logger),
    plugins: [
      ApolloServerPluginLandingPageDisabled(),
      // No response is cached by hints (answers carry a caller's data): without this default plugin Apollo no
      // longer wraps every field resolver to collect cache hints (issue 13 item 8, about 3 % of an overview).
      ApolloServerPluginCacheControlDisabled(),
      introspectionGuard(services),
      operationGuard(publicOperations()),
      operationNameOnRequestLog,
    ],
  });
}

/** True when the operation's one root field is `sessionEvents` (the news of the session's end). */
function carriesSessionNews(document: DocumentNode, operationName: string | null | undefined): boolean {
  const operation = getOperationAST(document, operationName);
  const fields = (operation?.selectionSet.selections ?? []).filter(
    (selection) => !(selection.kind === Kind.FIELD && selection.name.value === '__typename'),
  );
  return fields.length === 1 && fields[0].kind === Kind.FIELD && fields[0].name.value === SESSION_NEWS_FIELD;
}

function isAsyncIterator(value: unknown): value is AsyncIterableIterator<unknown> {
  return typeof (value as AsyncIterableIterator<unknown> | null)?.[Symbol.asyncIterator] === 'function';
}

/**
 * graphql-ws on the same path. It does not run Apollo's rules, so the same limits, introspection guard
 * and authentication are applied here again. A signed-in socket lives only as long as its session and its
 * token (see `SocketSession`: checked on every subscribe and before every event; closes with 4401).
 */
export function attachSubscriptions(
  wsServer: WebSocketServer,
  schema: GraphQLSchema,
  orm: MikroORM,
  services: Services,
) {
  type Extra = { user?: CurrentUser | null; session?: SocketSession };
  return useServer<Record<string, unknown> | undefined, Extra>(
    {
      schema,
      async onConnect(ctx) {
        const header = ctx.connectionParams?.authorization ?? ctx.connectionParams?.Authorization;
        try {
          const credentials = await services.auth.authenticateSocket(
            orm.em.fork(),
            typeof header === 'string' ? header : undefined,
          );
          ctx.extra.user = credentials?.user ?? null;
          if (credentials) {
            const socket = ctx.extra.socket;
            ctx.extra.session = new SocketSession(
              credentials,
              {
                auth: services.auth,
                clock: services.sessionClock,
                events: services.events,
                logger: services.logger,
                em: () => orm.em.fork(),
              },
              (code, reason) => socket.close(code, reason),
            );
            if (socket.readyState !== socket.OPEN) ctx.extra.session.dispose(); // closed while we checked
          }
          return true;
        } catch {
          return false; // closes with 4403 Forbidden: the client refreshes its token and reconnects
        }
      },
      async onSubscribe(ctx, id, payload) {
        const session = ctx.extra.session;
        if (session && !(await session.check())) {
          // The socket is closing (4401); nothing of this operation runs.
          return [new GraphQLError('This session has ended.', { extensions: { code: 'UNAUTHENTICATED' } })];
        }
        let document;
        try {
          document = parse(payload.query, { maxTokens: LIMITS.maxTokens });
        } catch (error) {
          return [error instanceof GraphQLError ? error : new GraphQLError('The query could not be parsed.')];
        }
        const errors = validate(schema, document, [...specifiedRules, ...hardeningRules]);
        if (errors.length > 0)
          return errors.map((e) => new GraphQLError(e.message, { extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }));
        const user = ctx.extra.user ?? null;
        if (asksForIntrospection(document) && !mayIntrospect(user, services)) {
          return [new GraphQLError('Introspection is not allowed.', { extensions: { code: 'FORBIDDEN' } })];
        }
        const operation = getOperationAST(document, payload.operationName);
        const problem =
          operation &&
          operationProblem(
            { schema, document, operation, variables: payload.variables ?? undefined, signedIn: !!user },
            null, // a refused session reaches the client as the subscription's result, as it always has
          );
        if (problem) return [problem];
        const contextValue: GraphQLContext = {
          em: orm.em.fork(),
          user,
          services,
          requestId: randomUUID(),
          subscription: true,
        };
        const args: ExecutionArgs = {
          schema,
          document,
          operationName: payload.operationName,
          variableValues: payload.variables,
          contextValue,
        };
        void id;
        return args;
      },
      onOperation(ctx, _id, _payload, args, result) {
        const session = ctx.extra.session;
        if (!session || !isAsyncIterator(result)) return undefined;
        return session.guard(result, carriesSessionNews(args.document, args.operationName));
      },
      onClose(ctx) {
        ctx.extra.session?.dispose();
      },
      onNext(_ctx, _id, _payload, _args, result) {
        if (!('errors' in result) || !result.errors) return result;
        const format = formatGraphQLError(services.logger);
        const errors = result.errors.map((error) => {
          const formatted = format(error.toJSON(), error);
          return new GraphQLError(formatted.message, { path: error.path, extensions: formatted.extensions });
        });
        return { ...result, errors };
      },
      onError(_ctx, _id, _payload, errors) {
        services.logger.warn({ errors: errors.map((e) => e.message) }, 'subscription error');
      },
    },
    wsServer,
  );
}

export { CloseCode };
