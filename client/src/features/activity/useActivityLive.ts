import { useState } from 'react';

/**
 * New activities as they are written (spec: subscription `activityAdded(accountId)`). Returns the label of the
 * newest one for the live region; `onAdded` refetches the page so totals and paging stay right.
 *
 * The server has not published `activityAdded` in schema.graphql yet: until then this is a no-op.
 */
export function useActivityLive(_accountId: number, _onAdded: () => void): string | null {
  const [newest] = useState<string | null>(null);
  return newest;
}
