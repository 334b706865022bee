// @vitest-environment jsdom
import { ApolloClient, ApolloLink, CombinedGraphQLErrors, InMemoryCache, ServerError, gql } from '@apollo/client';
import { Observable, Subject, firstValueFrom, of, throwError } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { REPLAY_REFUSED_WITHIN_MS, createAuthRecoveryLink, isAuthRefusal } from './auth-recovery-link';

const query = gql`
  query Me {
    me {
      username
    }
  }
`;
const client = new ApolloClient({ cache: new InMemoryCache(), link: ApolloLink.empty() });
const unauthenticated = { data: null, errors: [{ message: 'No token', extensions: { code: 'UNAUTHENTICATED' } }] };
const ok = { data: { me: { username: 'alex' } } };

type Reply = ApolloLink.Result | Error;

function run(replies: Reply[], recoverAnswers: boolean[], context: Record<string, unknown> = {}) {
  const server = vi.fn((): Observable<ApolloLink.Result> => {
    const reply = replies.shift() ?? ok;
    return reply instanceof Error ? throwError(() => reply) : of(reply);
  });
  const recover = vi.fn(async (_alreadyRetried: boolean) => recoverAnswers.shift() ?? false);
  const link = createAuthRecoveryLink(recover).concat(new ApolloLink(server));
  const result = firstValueFrom(ApolloLink.execute(link, { query, context }, { client }));
  return { server, recover, result };
}

function serverError(status: number) {
  return new ServerError('refused', { response: new Response('', { status }), bodyText: '' });
}

describe('isAuthRefusal', () => {
  it('recognises HTTP 401 and GraphQL UNAUTHENTICATED, and nothing else', () => {
    expect(isAuthRefusal(serverError(401))).toBe(true);
    expect(isAuthRefusal(serverError(500))).toBe(false);
    expect(isAuthRefusal(new CombinedGraphQLErrors(unauthenticated))).toBe(true);
    const forbidden = { data: null, errors: [{ message: 'No', extensions: { code: 'FORBIDDEN' } }] };
    expect(isAuthRefusal(new CombinedGraphQLErrors(forbidden))).toBe(false);
    expect(isAuthRefusal(new Error('offline'))).toBe(false);
  });

  it('recognises a subscription socket closed because its token was refused', () => {
    expect(isAuthRefusal(new Error('Socket closed with event 4403 Forbidden'))).toBe(true);
    expect(isAuthRefusal(new Error('Socket closed with event 4401 Unauthorized'))).toBe(true);
    expect(isAuthRefusal(new Error('Socket closed with event 1006 '))).toBe(false);
  });
});

describe('createAuthRecoveryLink', () => {
  it('replays the operation once after a successful refresh', async () => {
    const { server, recover, result } = run([unauthenticated, ok], [true]);
    expect(await result).toEqual(ok);
    expect(recover).toHaveBeenCalledWith(false);
    expect(server).toHaveBeenCalledTimes(2);
  });

  it('retries after an HTTP 401 too', async () => {
    const { server, result } = run([serverError(401), ok], [true]);
    expect(await result).toEqual(ok);
    expect(server).toHaveBeenCalledTimes(2);
  });

  it('gives up, telling recovery the retry was refused as well', async () => {
    const { server, recover, result } = run([unauthenticated, unauthenticated], [true, false]);
    expect(await result).toEqual(unauthenticated);
    expect(recover.mock.calls).toEqual([[false], [true]]);
    expect(server).toHaveBeenCalledTimes(2);
  });

  it('passes the refusal on when recovery cannot help', async () => {
    const { server, result } = run([serverError(401)], [false]);
    await expect(result).rejects.toBeInstanceOf(ServerError);
    expect(server).toHaveBeenCalledTimes(1);
  });

  it('leaves other errors and operations marked skipAuthRecovery alone', async () => {
    const failing = run([serverError(500)], [true]);
    await expect(failing.result).rejects.toBeInstanceOf(ServerError);
    expect(failing.recover).not.toHaveBeenCalled();

    const logout = run([unauthenticated], [true], { skipAuthRecovery: true });
    expect(await logout.result).toEqual(unauthenticated);
    expect(logout.recover).not.toHaveBeenCalled();
  });

  it('recovers a long-lived subscription again when its socket is refused long after the replay', async () => {
    let time = 0;
    const sockets: Subject<ApolloLink.Result>[] = [];
    const server = vi.fn(() => {
      const socket = new Subject<ApolloLink.Result>();
      sockets.push(socket);
      return socket.asObservable();
    });
    const recover = vi.fn(async (_alreadyRetried: boolean) => true);
    const link = createAuthRecoveryLink(recover, () => time).concat(new ApolloLink(server));
    const received: unknown[] = [];
    ApolloLink.execute(link, { query }, { client }).subscribe({ next: (value) => received.push(value) });
    const closed = () => new Error('Socket closed with event 4401 Token expired');

    sockets[0].error(closed());
    await vi.waitFor(() => expect(sockets).toHaveLength(2));
    sockets[1].next(ok);
    time += 15 * 60_000; // the next token's socket ends too, much later
    sockets[1].error(closed());
    await vi.waitFor(() => expect(sockets).toHaveLength(3));
    time += REPLAY_REFUSED_WITHIN_MS - 1; // refused again right after that replay: the renewed token was refused
    sockets[2].error(closed());
    await vi.waitFor(() => expect(recover).toHaveBeenCalledTimes(3));
    expect(recover.mock.calls).toEqual([[false], [false], [true]]);
    expect(received).toEqual([ok]);
  });
});
