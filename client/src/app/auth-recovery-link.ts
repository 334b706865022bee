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
 * when the connection's token is refused, and with 4401 when the session or the socket's token has ended.
 */
const SOCKET_AUTH_CLOSE = /^Socket closed with event 440[13]\b/;

/** True for HTTP 401, a GraphQL UNAUTHENTICATED error, or a subscription socket closed for its token. */
export function isAuthRefusal(error: ErrorLike | unknown): boolean {
  if (ServerError.is(error)) return error.statusCode === 401;
  if (CombinedGraphQLErrors.is(error)) return hasUnauthenticated(error.errors);
  return error instanceof Error && SOCKET_AUTH_CLOSE.test(error.message);
}

/**
 * A refusal this soon after a replay means the renewed credentials were refused too. Later, it is a new refusal of
 * a long-lived subscription (its socket closed again, a token later), which gets its own recovery.
 */
export const REPLAY_REFUSED_WITHIN_MS = 30_000;

/**
 * On a refusal, asks `recover` (refresh once, or end the session) and replays the operation when it says so.
 * Downstream links read the session on every request, so the replay carries the renewed token. An operation sent
 * with context `{ skipAuthRecovery: true }` is passed through untouched.
 */
export function createAuthRecoveryLink(
  recover: (alreadyRetried: boolean) => Promise<boolean>,
  now: () => number = Date.now,
): ApolloLink {
  return new ApolloLink((operation, forward) => {
    // Logout must not bounce to the expired page when its token has already run out.
    if (operation.getContext().skipAuthRecovery === true) return forward(operation);
    const attempt = (replayedAt: number | null): Observable<ApolloLink.Result> => {
      const recoverThen = (fallback: () => Observable<ApolloLink.Result>) =>
        from(recover(replayedAt !== null && now() - replayedAt < REPLAY_REFUSED_WITHIN_MS)).pipe(
          mergeMap((retry) => (retry ? attempt(now()) : fallback())),
        );
      return forward(operation).pipe(
        mergeMap((result) =>
          'errors' in result && hasUnauthenticated(result.errors) ? recoverThen(() => of(result)) : of(result),
        ),
        catchError((error: unknown) =>
          isAuthRefusal(error) ? recoverThen(() => throwError(() => error)) : throwError(() => error),
        ),
      );
    };
    return attempt(null);
  });
}
