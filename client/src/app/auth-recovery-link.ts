import { ApolloLink, CombinedGraphQLErrors, ServerError } from '@apollo/client';
import type { ErrorLike } from '@apollo/client';
import type { GraphQLFormattedError } from 'graphql';
import { Observable, catchError, from, mergeMap, of, throwError } from 'rxjs';

/** True when a GraphQL error list says our credentials were refused. */
export function hasUnauthenticated(errors: readonly GraphQLFormattedError[] | undefined): boolean {
  return (errors ?? []).some((error) => error.extensions?.code === 'UNAUTHENTICATED');
}

/**
 * GraphQLWsLink reports a closed socket as `Socket closed with event <code> <reason>`; the server closes with 4403
 * when the connection's token is refused (4401 is graphql-ws's "unauthorized").
 */
const SOCKET_AUTH_CLOSE = /^Socket closed with event 440[13]\b/;

/** True for HTTP 401, a GraphQL UNAUTHENTICATED error, or a subscription socket closed for its token. */
export function isAuthRefusal(error: ErrorLike | unknown): boolean {
  if (ServerError.is(error)) return error.statusCode === 401;
  if (CombinedGraphQLErrors.is(error)) return hasUnauthenticated(error.errors);
  return error instanceof Error && SOCKET_AUTH_CLOSE.test(error.message);
}

/**
 * On a refusal, asks `recover` (refresh once, or end the session) and replays the operation when it says so.
 * Downstream links read the session on every request, so the replay carries the renewed token. An operation sent
 * with context `{ skipAuthRecovery: true }` is passed through untouched.
 */
export function createAuthRecoveryLink(recover: (alreadyRetried: boolean) => Promise<boolean>): ApolloLink {
  return new ApolloLink((operation, forward) => {
    // Logout must not bounce to the expired page when its token has already run out.
    if (operation.getContext().skipAuthRecovery === true) return forward(operation);
    const attempt = (retried: boolean): Observable<ApolloLink.Result> => {
      const recoverThen = (fallback: () => Observable<ApolloLink.Result>) =>
        from(recover(retried)).pipe(mergeMap((retry) => (retry ? attempt(true) : fallback())));
      return forward(operation).pipe(
        mergeMap((result) =>
          'errors' in result && hasUnauthenticated(result.errors) ? recoverThen(() => of(result)) : of(result),
        ),
        catchError((error: unknown) =>
          isAuthRefusal(error) ? recoverThen(() => throwError(() => error)) : throwError(() => error),
        ),
      );
    };
    return attempt(false);
  });
}
