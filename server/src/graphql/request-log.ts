import type { ApolloServerPlugin } from '@apollo/server';
import type { GraphQLContext } from './context.js';

/**
 * Names the operation on its request's log line (app.ts logs every request: a GraphQL request's path alone says
 * nothing of what it did): the name the client gave, then the name of the operation the document resolved to.
 */
export const operationNameOnRequestLog: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart({ request, contextValue }) {
    const log = contextValue.requestLog;
    if (!log) return;
    if (request.operationName) log.operation = request.operationName.slice(0, 100);
    return {
      async didResolveOperation({ operation }) {
        log.operation = operation?.name?.value ?? log.operation ?? null;
      },
    };
  },
};
