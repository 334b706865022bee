import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { CurrentUser } from '../common/auth/current-user.js';
import type { Clock } from '../shared/clock.js';
import {
  isSessionEnded,
  sessionTopic,
  type AuthService,
  type SessionTimes,
  type SocketCredentials,
} from '../modules/auth/index.js';
import type { EventBus } from './event-bus.js';

/**
 * How a subscription socket ends when its authority does (graphql-ws close codes):
 * - 4401 Unauthorized: the credentials were valid and no longer are. `Session ended`: logout (in any tab, on any
 *   instance), revocation, inactivity, the absolute limit or a locked user. `Token expired`: the access token the
 *   socket connected with has run out (the client renews it before that and reconnects with the new one).
 *   The client refreshes once and reconnects, or leaves for the expired page.
 * - 4403 Forbidden: refused at connection, when the token in the connection parameters is not valid (forged,
 *   expired, or its session already over): graphql-ws's own code for a refused `connection_init`.
 * - 1013 Try again later: the session could not be checked (the database did not answer).
 */
export const SOCKET_CLOSE = {
  sessionEnded: { code: 4401, reason: 'Session ended' },
  tokenExpired: { code: 4401, reason: 'Token expired' },
  unavailable: { code: 1013, reason: 'Try again later' },
} as const;

export type SocketClose = (typeof SOCKET_CLOSE)[keyof typeof SOCKET_CLOSE];

/**
 * At most this long between two reads of the session for one socket, however many events it delivers. A logout
 * reaches the socket at once through the bus; the reads catch what sends no signal (a revoked refresh token, a
 * locked user). Inactivity and the absolute end need no read: they follow from the times last read.
 */
export const SESSION_RECHECK_MS = 10_000;

export type SocketVerdict = 'live' | 'recheck' | 'token-expired' | 'ended';

/**
 * Whether a socket may deliver now, from what it holds without the database: its token's expiry (ms), the session
 * as last read (`liveByLastRead`: the session rule applied to those times now) and when it was read. A session
 * that looks over by its last read is read again before the socket closes: a request may have moved it forward.
 */
export function socketVerdict(input: {
  now: number;
  ended: boolean;
  tokenExpiresAt: number;
  liveByLastRead: boolean;
  checkedAt: number;
  recheckMs: number;
}): SocketVerdict {
  if (input.ended) return 'ended';
  if (input.now >= input.tokenExpiresAt) return 'token-expired';
  const age = input.now - input.checkedAt;
  if (!input.liveByLastRead || age < 0 || age >= input.recheckMs) return 'recheck';
  return 'live';
}

/** The root field of a subscription that carries the news of the session's end itself. */
export const SESSION_NEWS_FIELD = 'sessionEvents';

/** A `sessionEvents` stream that has not sent its news within this time no longer holds the socket open. */
const SESSION_NEWS_GRACE_MS = 1_000;

const MAX_TIMER_MS = 2 ** 31 - 1;

export interface SocketSessionDeps {
  auth: AuthService;
  clock: Clock;
  events: EventBus;
  logger: Logger;
  em: () => EntityManager;
  recheckMs?: number;
}

/**
 * The session behind one graphql-ws socket. Checked on every subscribe and before every event is delivered
 * (`check`, cheap: no database read within `SESSION_RECHECK_MS` of the last one), told at once of a logout by the
 * session's topic on the event bus (which crosses instances), and timed to the token's expiry. When the session
 * ends the socket closes (4401); nothing is delivered after that. Socket traffic never counts as activity.
 */
export class SocketSession {
  readonly user: CurrentUser;
  private readonly tokenExpiresAt: number;
  private readonly recheckMs: number;
  private times: SessionTimes;
  private checkedAt: number;
  private reading: Promise<boolean> | null = null;
  private ended: SocketClose | null = null;
  private closed = false;
  private newsStreams = 0;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly signals: AsyncIterator<unknown>;

  constructor(
    credentials: SocketCredentials,
    private readonly deps: SocketSessionDeps,
    private readonly closeSocket: (code: number, reason: string) => void,
  ) {
    this.user = credentials.user;
    this.tokenExpiresAt = credentials.tokenExpiresAt.getTime();
    this.times = credentials.times;
    this.checkedAt = deps.clock.now().getTime();
    this.recheckMs = deps.recheckMs ?? SESSION_RECHECK_MS;
    this.signals = deps.events.subscribe(sessionTopic(this.user.sessionId))[Symbol.asyncIterator]();
    void this.listen();
    // A little after the expiry, so that the check finds the token expired.
    this.after(this.tokenExpiresAt - this.checkedAt + 100, () => void this.check());
  }

  /** True while the socket may deliver; false once the session has ended (the socket is then closing). */
  async check(): Promise<boolean> {
    const now = this.deps.clock.now();
    const verdict = socketVerdict({
      now: now.getTime(),
      ended: this.ended !== null,
      tokenExpiresAt: this.tokenExpiresAt,
      liveByLastRead: this.deps.auth.isLive(this.times, now),
      checkedAt: this.checkedAt,
      recheckMs: this.recheckMs,
    });
    switch (verdict) {
      case 'live':
        return true;
      case 'ended':
        return false;
      case 'token-expired':
        this.end(SOCKET_CLOSE.tokenExpired);
        return false;
      case 'recheck':
        return this.read();
    }
  }

  /**
   * Guards one subscription's results. Each waits for `check` and is dropped (the socket closing) once the session
   * has ended. The `sessionEvents` stream (`sessionNews`) is the exception: it carries the news of the end to the
   * tab, so its results are sent, and the socket closes right after the news has gone out.
   */
  guard<T>(source: AsyncIterator<T>, sessionNews: boolean): AsyncIterableIterator<T> {
    let done = false;
    let delivered = false;
    if (sessionNews) this.newsStreams += 1;
    const finish = async (): Promise<IteratorResult<T>> => {
      if (!done && sessionNews) this.newsStreams -= 1;
      done = true;
      await source.return?.();
      return { value: undefined, done: true };
    };
    const iterator: AsyncIterableIterator<T> = {
      next: async () => {
        if (done) return { value: undefined, done: true };
        if (sessionNews && delivered && this.ended) {
          // graphql-ws asks for the next result once the previous one has been sent: the news has gone out.
          this.closeNow();
          return finish();
        }
        const result = await source.next();
        if (result.done || done) return finish();
        if (sessionNews) {
          delivered = true;
          return result;
        }
        return (await this.check()) ? result : finish();
      },
      return: finish,
      throw: async (error?: unknown) => {
        await finish();
        throw error;
      },
      [Symbol.asyncIterator]: () => iterator,
    };
    return iterator;
  }

  /** Stops listening (the socket has closed). */
  dispose(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    void this.signals.return?.();
  }

  private read(): Promise<boolean> {
    this.reading ??= (async () => {
      try {
        const times = await this.deps.auth.sessionTimes(this.deps.em(), this.user);
        const now = this.deps.clock.now();
        if (!times || !this.deps.auth.isLive(times, now)) {
          this.end(SOCKET_CLOSE.sessionEnded);
          return false;
        }
        this.times = times;
        this.checkedAt = now.getTime();
        return this.ended === null;
      } catch (error) {
        this.deps.logger.warn({ err: error }, 'subscription socket: the session could not be checked');
        this.end(SOCKET_CLOSE.unavailable);
        return false;
      }
    })().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  /** Waits for the session's end on the bus (published after the logout has committed, on any instance). */
  private async listen(): Promise<void> {
    try {
      for (;;) {
        const signal = await this.signals.next();
        if (signal.done) return;
        if (isSessionEnded(signal.value)) {
          this.end(SOCKET_CLOSE.sessionEnded, true);
          return;
        }
      }
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'subscription socket: stopped listening for the end of its session');
    }
  }

  /**
   * Ends the socket's authority at once; the socket closes now, or, when the end came as news that a `sessionEvents`
   * stream of this socket is about to send, right after that stream has sent it (or after a short grace, should
   * the stream have sent it before this listener heard it).
   */
  private end(close: SocketClose, announced = false): void {
    if (this.ended) return;
    this.ended = close;
    if (announced && this.newsStreams > 0) {
      this.after(SESSION_NEWS_GRACE_MS, () => this.closeNow());
      return;
    }
    this.closeNow();
  }

  private closeNow(): void {
    if (this.closed || !this.ended) return;
    const { code, reason } = this.ended;
    this.dispose();
    this.closeSocket(code, reason);
  }

  private after(ms: number, run: () => void): void {
    if (this.closed) return;
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        run();
      },
      Math.min(Math.max(ms, 0), MAX_TIMER_MS),
    );
    timer.unref();
    this.timers.add(timer);
  }
}
