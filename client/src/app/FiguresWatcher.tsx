import { EVENTS_ONLY } from '../shared/subscription-events';
import { useApolloClient } from '@apollo/client/react';
import { useMemo, useRef } from 'react';
import { useSession } from '../auth/useSession';
import { useFiguresChangedSubscription } from '../gql/hooks';
import { figuresChangeOf, figuresRefresherOf, noteAnnounced } from './live-figures';

function FiguresListener() {
  const client = useApolloClient();
  const refresh = useMemo(() => figuresRefresherOf(client), [client]);
  const listening = useRef(0);
  useFiguresChangedSubscription({
    ...EVENTS_ONLY,
    onData: ({ data }) => {
      const change = data.data?.figuresChanged;
      if (!change) return;
      // The first LISTENING is the start: the screens have just loaded. A later one is a reconnection: anything may
      // have changed while the socket was down (delivery is at most once), so every open screen asks again.
      if (change.reasons.includes('LISTENING') && listening.current++ === 0) return;
      const heard = figuresChangeOf(change);
      noteAnnounced(client, heard);
      void refresh(heard);
    },
  });
  return null;
}

/**
 * While signed in, keeps every open screen's figures current (issue 25 item 4): the server's `figuresChanged`
 * announcements refetch the open screens and forget the closed ones (live-figures.ts). Keyed by user, like the
 * session watcher: a new sign-in listens on a fresh connection with its own token and its own accounts.
 */
export function FiguresWatcher() {
  const session = useSession();
  return session ? <FiguresListener key={session.username} /> : null;
}
