import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { OperationTypeNode } from 'graphql';
import type { SessionStore } from '../auth/session';
import { createAuthRecoveryLink } from './auth-recovery-link';
import { createTokenSocketClient } from './ws-client';

const GRAPHQL_PATH = '/graphql';

function websocketUrl(): string {
  const url = new URL(GRAPHQL_PATH, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** Types without an `id` field: tell the cache how to recognise them. */
export function createCache(): InMemoryCache {
  return new InMemoryCache({
    typePolicies: {
      Member: { keyFields: ['memberId'] },
      AccountListItem: { keyFields: ['accountId'] },
      MemberAccount: { keyFields: ['memberId', 'accountId'] },
      MemberAccountLinkView: { keyFields: ['memberId', 'accountId'] },
      ServerSettings: { keyFields: [] },
      ClientSettings: { keyFields: [] },
      AgreementWizard: { keyFields: ['agreementId'] },
      WizardEntries: { keyFields: ['accountId'] },
      AccountOverview: { keyFields: ['memberId', 'accountId'] },
      AgreementSummary: { keyFields: ['contractId'] },
      OverviewBiller: { keyFields: ['billerId'] },
      OverviewBill: { keyFields: ['billId'] },
      UpcomingBill: { keyFields: ['billId'] },
      Activity: { keyFields: ['activityId'] },
      Note: { keyFields: ['noteId'] },
      TransactionDetails: { keyFields: ['transactionId'] },
      LinkedAccount: { keyFields: ['linkedAccountId'] },
      MemberSearchResult: { keyFields: ['memberId'] },
      QueuedChangeStatus: { keyFields: ['accountId'] },
      // The deposits step's approvals: the query and its subscription write one object, the newer answer wins.
      AgreementApprovalsState: { keyFields: ['contractId'], fields: { kinds: { merge: false } } },
      // Value objects without ids: a newer answer simply replaces the older one.
      AgreementBalances: { merge: true },
      ActivityFilterTotals: { merge: true },
      NotificationPreferences: { merge: true },
    },
  });
}

interface ApolloDeps {
  store: SessionStore;
  recover: (alreadyRetried: boolean) => Promise<boolean>;
}

export function createApolloClient({ store, recover }: ApolloDeps): ApolloClient {
  const bearer = () => {
    const token = store.get()?.token.access_token;
    return token ? `Bearer ${token}` : undefined;
  };

  const http = new HttpLink({
    uri: GRAPHQL_PATH,
    // Apollo Server's CSRF prevention: a JSON content type already passes; the preflight header is belt and braces.
    headers: { 'apollo-require-preflight': 'true' },
  });
  const authHeader = new SetContextLink((previous) => {
    const authorization = bearer();
    return authorization ? { headers: { ...previous.headers, authorization } } : {};
  });
  // The token is read at every (re)connection, and a renewed token reconnects the socket: the server ends a socket
  // when the token it connected with expires.
  const sockets = createTokenSocketClient({ url: websocketUrl, lazy: true, authorization: bearer });
  store.subscribe(sockets.tokenChanged);
  const ws = new GraphQLWsLink(sockets.client);

  return new ApolloClient({
    cache: createCache(),
    link: ApolloLink.from([
      createAuthRecoveryLink(recover),
      ApolloLink.split(
        (operation) => operation.operationType === OperationTypeNode.SUBSCRIPTION,
        ws,
        authHeader.concat(http),
      ),
    ]),
  });
}
