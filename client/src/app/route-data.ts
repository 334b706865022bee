import type { ApolloClient } from '@apollo/client';

/**
 * The Apollo client route loaders start their queries on (issue 23 item 1: a route's data is asked for by its
 * loader, beside its code, not by its components one round after another). Set once by createAppRouter.
 */
let current: ApolloClient | null = null;

export function setRouteDataClient(client: ApolloClient | null): void {
  current = client;
}

export function routeDataClient(): ApolloClient | null {
  return current;
}

/** Whether the router has shown its first page: until then a loader may wait for its data (nothing is on screen). */
let firstPageShown: () => boolean = () => true;

export function setFirstPageShown(shown: () => boolean): void {
  firstPageShown = shown;
}

export function isFirstPageShown(): boolean {
  return firstPageShown();
}
