import { EVENTS_ONLY } from '../../shared/subscription-events';
import { useApolloClient } from '@apollo/client/react';
import { useState } from 'react';
import { figuresRefresherOf } from '../../app/live-figures';
import { useActivityAddedSubscription } from '../../gql/hooks';

/**
 * The open queries that show the activities: the lists; the overview's query carries a list's first page with its
 * totals, and is refreshed by that part alone (live-figures.ts PARTS_OF), not the whole page.
 */
const ACTIVITY_QUERIES: ReadonlySet<string> = new Set(['Activities']);

/**
 * New activities as the server writes them (`activityAdded(accountId)`): the open activity pages and the
 * overview's list (its first page and totals, asked alone) are asked again through the one refresher (live-figures.ts:
 * a change that adds several activities and moves money asks once), and the newest one's label is returned for the
 * live region.
 */
export function useActivityLive(accountId: number): string | null {
  const client = useApolloClient();
  const [newest, setNewest] = useState<string | null>(null);
  useActivityAddedSubscription({
    ...EVENTS_ONLY,
    variables: { accountId },
    onData: ({ data }) => {
      const activity = data.data?.activityAdded;
      if (!activity) return;
      setNewest(activity.label || 'an activity');
      void figuresRefresherOf(client)({ accountIds: new Set([accountId]), queries: ACTIVITY_QUERIES });
    },
  });
  return newest;
}
