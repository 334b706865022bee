import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocketServer } from 'ws';

/** A start-up failure whose message is already the sentence to show (main.ts prints it as it is). */
export class StartupError extends Error {}

const LISTEN_PROBLEMS: Record<string, (where: string, port: number) => string> = {
  EADDRINUSE: (where, port) =>
    `port ${port} on ${where} is already in use by another program: stop it, or set PORT to a free port.`,
  EACCES: (where, port) => `this user may not listen on port ${port} on ${where}: set PORT to a port above 1023.`,
  EADDRNOTAVAIL: (where) => `${where} is not an address of this machine: set HOST to one of its addresses.`,
};

/** Listens on `port` (0: any free one); a taken port or a forbidden address rejects with a StartupError. */
export function listen(httpServer: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // The WebSocket server re-emits the HTTP server's errors: without this listener a failed listen never settles.
    const onError = (error: NodeJS.ErrnoException) => {
      const problem = error.code ? LISTEN_PROBLEMS[error.code] : undefined;
      reject(problem ? new StartupError(problem(host, port)) : error);
    };
    httpServer.once('error', onError);
    httpServer.listen(port, host, () => {
      httpServer.off('error', onError);
      resolve();
    });
  });
}

export interface Sockets {
  /** Closes every subscription socket (1001 "going away") and stops taking new ones. */
  dispose(): Promise<void> | void;
}

/**
 * Stops serving, in this order: no new connection is accepted (and idle keep-alive ones close), the subscription
 * sockets are closed, and requests under way finish. After `graceMs` whatever is still open is cut, so a client
 * that never answers (a stalled socket, a half-sent request) cannot hold the stop.
 */
export async function stopServing(
  httpServer: Server,
  wsServer: WebSocketServer,
  sockets: Sockets,
  graceMs: number,
): Promise<void> {
  const closed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
  const idle = setInterval(() => httpServer.closeIdleConnections(), 50);
  const cut = setTimeout(() => {
    httpServer.closeAllConnections();
    for (const client of wsServer.clients) client.terminate();
  }, graceMs);
  try {
    // Disposing waits for every socket to have closed; it rejects if the socket server never started.
    await Promise.all([Promise.resolve(sockets.dispose()).catch(() => undefined), closed]);
  } finally {
    clearInterval(idle);
    clearTimeout(cut);
  }
}

/**
 * Hands the HTTP server's upgrade requests on `wsServer`'s path to it (a `noServer` WebSocket server: one attached
 * to the HTTP server would re-emit its errors, a taken port included, to graphql-ws, which prints them with a stack).
 */
export function acceptSockets(httpServer: Server, wsServer: WebSocketServer): void {
  httpServer.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    wsServer.handleUpgrade(req, socket, head, (ws) => wsServer.emit('connection', ws, req));
  });
}
