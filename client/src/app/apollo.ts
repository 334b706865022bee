import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { OperationTypeNode } from 'graphql';
import { idleHeader } from '../auth/activity';
import type { SessionStore } from '../auth/session';
import { createAuthRecoveryLink } from './auth-recovery-link';
import { lazyLink } from './lazy-link';

const GRAPHQL_PATH = '/graphql';

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
      // A biller's id or a billing sub-category's (isSubCategory): two tables, two sequences, so the same number may be both.
      OverviewBiller: { keyFields: ['billerId', 'isSubCategory'] },
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
  // With the token, how long the person has been idle in this tab: only their actions are activity (activity.ts).
  const authHeader = new SetContextLink((previous) => {
    const authorization = bearer();
    return authorization ? { headers: { ...previous.headers, authorization, ...idleHeader() } } : {};
  });
  // Subscriptions (graphql-ws) load with the first subscription, after the page has rendered: ws-link.ts.
  const ws = lazyLink(() => import('./ws-link').then((module) => module.createSubscriptionLink(store, bearer)));

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
