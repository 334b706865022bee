import { useApolloClient } from '@apollo/client/react';
import { useState } from 'react';
import { useActivityAddedSubscription } from '../../gql/hooks';

/**
 * New activities as the server writes them (`activityAdded(accountId)`): the open activity pages and the
 * overview's query (its totals and the list's first page) refetch (so paging, filters and totals stay right), and the newest one's label is returned
 * for the live region.
 */
export function useActivityLive(accountId: number): string | null {
  const client = useApolloClient();
  const [newest, setNewest] = useState<string | null>(null);
  useActivityAddedSubscription({
    variables: { accountId },
    onData: ({ data }) => {
      const activity = data.data?.activityAdded;
      if (!activity) return;
      setNewest(activity.label || 'an activity');
      void client.refetchQueries({ include: ['Activities', 'OverviewPage'] });
    },
  });
  return newest;
}
