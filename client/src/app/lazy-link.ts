import { ApolloLink } from '@apollo/client';
import { Observable } from 'rxjs';

/**
 * A terminating link loaded on its first operation. The page renders without its module: subscriptions' link with
 * graphql-ws is fetched when the first subscription starts (issue 13 item 7: the first load's budget). A load that
 * fails fails that operation only; the next one tries again.
 */
export function lazyLink(load: () => Promise<ApolloLink>): ApolloLink {
  let loading: Promise<ApolloLink> | undefined;
  return new ApolloLink(
    (operation, forward) =>
      new Observable<ApolloLink.Result>((observer) => {
        let inner: { unsubscribe(): void } | undefined;
        let closed = false;
        (loading ??= load()).then(
          (link) => {
            if (!closed) inner = link.request(operation, forward).subscribe(observer);
          },
          (error: unknown) => {
            loading = undefined;
            if (!closed) observer.error(error);
          },
        );
        return () => {
          closed = true;
          inner?.unsubscribe();
        };
      }),
  );
}
