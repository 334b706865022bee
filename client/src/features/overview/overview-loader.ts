import type { ApolloClient } from '@apollo/client';
import { OverviewPageDocument, type OverviewPageQueryVariables } from '../../gql/graphql';
import { initialActivityView } from '../activity/activity-filters';

/** The overview's activity list page size (spec 1 §9). */
export const OVERVIEW_ACTIVITY_PAGE_SIZE = 20;

/** The overview's one query's variables: the screen asks with the same, so it finds the loader's answer. */
export function overviewPageVariables(
  ids: { memberId: number; accountId: number },
  staff: boolean,
): OverviewPageQueryVariables {
  const { filters, page } = initialActivityView(staff);
  return { ...ids, staff, filters, page, pageSize: OVERVIEW_ACTIVITY_PAGE_SIZE };
}

/**
 * The overview's data: ONE query (`OverviewPage`, overview.graphql, built from its parts' fragments), asked for by
 * its route's loader (router.tsx) while the browser fetches the screen's code (issue 23 item 1: the page made its
 * operations in rounds, each waiting for the one before, and rendered again on each answer).
 *
 * On the first page of a visit (`wait`) the loader waits for it: nothing is on screen yet, and the page (shell,
 * member layout and overview, whose queries find their parts in the cache) then renders once with all its data.
 * On a move from another page it asks nothing: the URL and the page change at once, showing the overview's loading
 * state, and the screen asks the query itself. The screen never joins a request in flight (a refetch after a change
 * must read after it), so a request started here would be asked twice.
 * A failure is left to the screen, which asks again and shows it as before.
 */
export async function loadOverviewData(
  client: ApolloClient,
  ids: { memberId: number; accountId: number },
  staff: boolean,
  { wait }: { wait: boolean } = { wait: true },
): Promise<null> {
  if (!wait) return null;
  await client
    .query({ query: OverviewPageDocument, variables: overviewPageVariables(ids, staff) })
    .catch(() => undefined);
  return null;
}
