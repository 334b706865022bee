import type { ApolloLink } from '@apollo/client';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import type { SessionStore } from '../auth/session';
import { createTokenSocketClient } from './ws-client';

const GRAPHQL_PATH = '/graphql';

function websocketUrl(): string {
  const url = new URL(GRAPHQL_PATH, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/**
 * Subscriptions over graphql-ws (loaded with the first subscription: apollo.ts). The token is read at every
 * (re)connection, and a renewed token reconnects the socket: the server ends a socket when the token it connected
 * with expires.
 */
export function createSubscriptionLink(store: SessionStore, authorization: () => string | undefined): ApolloLink {
  const sockets = createTokenSocketClient({ url: websocketUrl, lazy: true, authorization });
  store.subscribe(sockets.tokenChanged);
  return new GraphQLWsLink(sockets.client);
}
