import type { ApolloClient } from '@apollo/client';
import {
  AccountOverviewDocument,
  ActivitiesDocument,
  ClientSettingsDocument,
  MemberAccountDocument,
  OverviewAutoBillersDocument,
  OverviewBannersDocument,
  OverviewManualBillersDocument,
} from '../../gql/graphql';
import { initialActivityView } from '../activity/activity-filters';

/** The overview's activity list page size (spec 1 §9). */
export const OVERVIEW_ACTIVITY_PAGE_SIZE = 20;

/**
 * The overview's data, asked for by its route's loader (router.tsx) at once and side by side, while the browser
 * fetches the screen's code (issue 23 item 1: the page made 11 operations in 3 rounds, each waiting for the one
 * before: the account, then the overview, then its sections). Each query has the variables its component asks
 * with, so the component finds the answer in the cache, or joins the request in flight.
 *
 * On the first page of a visit (`wait`) the loader waits for the account and the overview: nothing is on screen
 * yet, and the screen then renders with its data. On a move from another page it waits for nothing (the URL and
 * the page change at once, showing the overview's loading state) and leaves the overview itself to its screen,
 * which never joins a request in flight (a refetch after a change must read after it).
 * A failure is left to the component, which asks again and shows it as before.
 */
export async function loadOverviewData(
  client: ApolloClient,
  ids: { memberId: number; accountId: number },
  staff: boolean,
  { wait }: { wait: boolean } = { wait: true },
): Promise<null> {
  const quietly = (request: Promise<unknown>) => request.catch(() => undefined);
  const { filters, page } = initialActivityView(staff);
  for (const request of [
    client.query({ query: OverviewBannersDocument }),
    client.query({ query: ClientSettingsDocument }),
    client.query({ query: OverviewAutoBillersDocument, variables: ids }),
    client.query({ query: OverviewManualBillersDocument, variables: ids }),
    client.query({
      query: ActivitiesDocument,
      variables: { ...ids, filters, page, pageSize: OVERVIEW_ACTIVITY_PAGE_SIZE, staff },
    }),
  ])
    void quietly(request);
  const account = quietly(client.query({ query: MemberAccountDocument, variables: ids }));
  if (!wait) return null;
  await Promise.all([
    account,
    quietly(client.query({ query: AccountOverviewDocument, variables: { ...ids, withNotes: staff } })),
  ]);
  return null;
}
