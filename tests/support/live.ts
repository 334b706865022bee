import { createClient, type Client, type FormattedExecutionResult } from 'graphql-ws';
import WebSocket from 'ws';

/** A graphql-ws client on a test server's /graphql (Node 20 has no global WebSocket). */
export function wsClient(httpUrl: string, token?: string): Client {
  return createClient({
    url: `${httpUrl.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
    lazy: true,
  });
}

export interface Received<T> {
  at: number;
  result: FormattedExecutionResult<T, unknown>;
}

/** A running subscription that keeps everything it receives, with the time it arrived. */
export interface LiveSubscription<T> {
  received: Received<T>[];
  /** Resolves with all results once `predicate` holds for one of them (rejects after `timeoutMs`). */
  waitFor(
    predicate: (result: FormattedExecutionResult<T, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Received<T>[]>;
  /** Resolves when the server completes or errors the subscription. */
  ended: Promise<unknown>;
  stop(): void;
}

export function subscribe<T = Record<string, unknown>>(
  client: Client,
  query: string,
  variables?: Record<string, unknown>,
): LiveSubscription<T> {
  const received: Received<T>[] = [];
  const waiters: (() => void)[] = [];
  let end: (value: unknown) => void = () => undefined;
  const ended = new Promise((resolve) => {
    end = resolve;
  });
  const stop = client.subscribe<T>(
    { query, variables },
    {
      next: (result) => {
        received.push({ at: performance.now(), result });
        waiters.forEach((wake) => wake());
      },
      error: (error) => end({ error }),
      complete: () => end({ complete: true }),
    },
  );
  return {
    received,
    ended,
    stop,
    waitFor(predicate, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.some((r) => predicate(r.result))) {
            clearTimeout(timer);
            resolve(received);
            return true;
          }
          return false;
        };
        const timer = setTimeout(
          () => reject(new Error(`Timed out; received ${JSON.stringify(received.map((r) => r.result))}`)),
          timeoutMs,
        );
        if (!check()) waiters.push(() => void check());
      });
    },
  };
}
