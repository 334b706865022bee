import { createClient, type Client, type ClientOptions } from 'graphql-ws';

/**
 * The close a client gives its own socket to reconnect at once (graphql-ws's "restart" recipe): not an error, so
 * graphql-ws reconnects and carries every running subscription over to the new socket.
 */
export const TOKEN_RENEWED_CLOSE = { code: 4205, reason: 'Token renewed' } as const;

export interface TokenSocketOptions extends Omit<ClientOptions, 'connectionParams' | 'retryWait'> {
  /** The `Bearer …` header for the connection parameters, read at every (re)connection; undefined: anonymous. */
  authorization: () => string | undefined;
}

export interface TokenSocketClient {
  client: Client;
  /**
   * Call whenever the stored token may have changed. A socket that connected with another token reconnects with
   * the new one: the server ends a socket when the token it connected with expires (4401), so a renewed token must
   * reach the socket before that. A cleared token changes nothing (the subscriptions end with the session).
   */
  tokenChanged(): void;
}

interface OpenSocket {
  readyState: number;
  close(code: number, reason: string): void;
}

const OPEN = 1;

/** graphql-ws's own default wait between reconnections: exponential, with 0.3–3 s of jitter. */
async function backoff(retries: number): Promise<void> {
  const ms = 2 ** retries * 1000 + Math.floor(Math.random() * 2700 + 300);
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/** A graphql-ws client whose socket follows the session's access token (see `tokenChanged`). */
export function createTokenSocketClient({ authorization, ...options }: TokenSocketOptions): TokenSocketClient {
  let sent: string | undefined; // the header of the socket's connection_init
  let socket: OpenSocket | null = null; // acknowledged and open
  let restarting = false;

  const tokenChanged = () => {
    const current = authorization();
    if (!current || current === sent || socket?.readyState !== OPEN) return;
    restarting = true;
    socket.close(TOKEN_RENEWED_CLOSE.code, TOKEN_RENEWED_CLOSE.reason);
  };

  const client = createClient({
    retryAttempts: 5, // a restart is a reconnection: it needs at least one
    ...options,
    connectionParams: () => {
      sent = authorization();
      return sent ? { authorization: sent } : {};
    },
    retryWait: async (retries) => {
      if (!restarting) return backoff(retries);
      restarting = false; // our own restart: reconnect now
    },
    on: {
      ...options.on,
      connected: (connectedSocket, payload, wasRetry) => {
        socket = connectedSocket as OpenSocket;
        options.on?.connected?.(connectedSocket, payload, wasRetry);
        tokenChanged(); // renewed while this socket was connecting with the old token
      },
      closed: (event) => {
        socket = null;
        options.on?.closed?.(event);
      },
    },
  });
  return { client, tokenChanged };
}
