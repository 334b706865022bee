// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionRecovery, scheduleProactiveRefresh } from './session-recovery';
import { createSessionStore } from './session';
import { memoryStorage, tokenFixture } from './test-support';
import type { TokenResult } from './token-api';

function setup(refreshResult: TokenResult) {
  const store = createSessionStore(memoryStorage);
  const refreshGrant = vi.fn(async (_refreshToken: string) => refreshResult);
  const onEnded = vi.fn();
  let now = 0;
  const recovery = createSessionRecovery({ store, refreshGrant, onEnded, now: () => now });
  return { store, refreshGrant, onEnded, recovery, advance: (ms: number) => (now += ms) };
}

const renewed: TokenResult = {
  ok: true,
  token: tokenFixture({ access_token: 'access-2', refresh_token: 'refresh-2' }),
};
const refused: TokenResult = {
  ok: false,
  status: 400,
  error: { error: 'invalid_grant', error_description: 'Session expired.' },
};

afterEach(() => {
  vi.useRealTimers();
});

describe('session recovery after a refusal', () => {
  it('refreshes once for concurrent refusals and keeps the rotated refresh token', async () => {
    const { store, refreshGrant, onEnded, recovery } = setup(renewed);
    store.save(tokenFixture());

    const retries = await Promise.all([recovery.recover(false), recovery.recover(false)]);

    expect(retries).toEqual([true, true]);
    expect(refreshGrant).toHaveBeenCalledTimes(1);
    expect(refreshGrant).toHaveBeenCalledWith('refresh-1');
    expect(store.get()?.token).toMatchObject({ access_token: 'access-2', refresh_token: 'refresh-2' });
    expect(onEnded).not.toHaveBeenCalled();
  });

  it('ends on the expired page, once, when the refresh fails', async () => {
    const { store, onEnded, recovery } = setup(refused);
    store.save(tokenFixture());

    const retries = await Promise.all([recovery.recover(false), recovery.recover(false), recovery.recover(false)]);

    expect(retries).toEqual([false, false, false]);
    expect(store.get()).toBeNull();
    expect(onEnded).toHaveBeenCalledTimes(1);
    expect(onEnded).toHaveBeenCalledWith('/expired');
  });

  it('ends on the expired page when the retried request is refused again', async () => {
    const { store, refreshGrant, onEnded, recovery } = setup(renewed);
    store.save(tokenFixture());

    expect(await recovery.recover(true)).toBe(false);
    expect(refreshGrant).not.toHaveBeenCalled();
    expect(onEnded).toHaveBeenCalledWith('/expired');
  });

  it('ends on the unauthorized page when there was no session', async () => {
    const { refreshGrant, onEnded, recovery } = setup(renewed);

    expect(await recovery.recover(false)).toBe(false);
    expect(refreshGrant).not.toHaveBeenCalled();
    expect(onEnded).toHaveBeenCalledWith('/unauthorized');
  });

  it('takes refusals just after a logout as the old session’s: no refresh, no page to go to', async () => {
    const { store, refreshGrant, onEnded, recovery, advance } = setup(renewed);
    store.save(tokenFixture());
    recovery.loggingOut();
    expect(await recovery.recover(false)).toBe(false);
    store.clear();
    advance(3_000);
    expect(await recovery.recover(false)).toBe(false);
    expect(refreshGrant).not.toHaveBeenCalled();
    expect(onEnded).not.toHaveBeenCalled();
    // Long after, a refusal is news again.
    advance(10_000);
    await recovery.recover(false);
    expect(onEnded).toHaveBeenCalledWith('/unauthorized');
  });

  it('announces a later, separate ending again', async () => {
    const { onEnded, recovery, advance } = setup(renewed);
    await recovery.recover(false);
    advance(5_000);
    await recovery.recover(false);
    expect(onEnded).toHaveBeenCalledTimes(2);
  });
});

describe('scheduleProactiveRefresh', () => {
  it('renews the token a minute before it expires, and ends the session when that fails', async () => {
    vi.useFakeTimers({ now: Date.parse('2030-01-01T00:00:00Z') });
    const { store, refreshGrant, onEnded, recovery } = setup(refused);
    store.save(tokenFixture());
    const stop = scheduleProactiveRefresh(store, recovery);

    await vi.advanceTimersByTimeAsync(14 * 60_000 - 1);
    expect(refreshGrant).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshGrant).toHaveBeenCalledTimes(1);
    expect(onEnded).toHaveBeenCalledWith('/expired');
    stop();
  });

  it('plans the next refresh from the renewed token', async () => {
    vi.useFakeTimers({ now: Date.parse('2030-01-01T00:00:00Z') });
    const { store, refreshGrant, recovery } = setup({
      ok: true,
      token: tokenFixture({ access_token: 'access-2', expires: '2030-01-01T00:30:00.000Z' }),
    });
    store.save(tokenFixture());
    const stop = scheduleProactiveRefresh(store, recovery);

    await vi.advanceTimersByTimeAsync(14 * 60_000);
    expect(refreshGrant).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    expect(refreshGrant).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(refreshGrant).toHaveBeenCalledTimes(2);
  });

  it('asks the server just after the inactivity deadline, and leaves for the expired page when it has ended', async () => {
    vi.useFakeTimers({ now: Date.parse('2030-01-01T00:00:00Z') });
    const { store, refreshGrant, onEnded, recovery } = setup(refused);
    store.save(tokenFixture({ expires: '2030-01-01T00:30:00.000Z', inactivityExpires: '2030-01-01T00:20:00.000Z' }));
    const stop = scheduleProactiveRefresh(store, recovery);

    await vi.advanceTimersByTimeAsync(20 * 60_000);
    expect(refreshGrant).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(refreshGrant).toHaveBeenCalledTimes(1);
    expect(onEnded).toHaveBeenCalledWith('/expired');
    stop();
  });

  it('keeps the session when another tab’s activity moved the deadline on', async () => {
    vi.useFakeTimers({ now: Date.parse('2030-01-01T00:00:00Z') });
    const { store, refreshGrant, onEnded, recovery } = setup({
      ok: true,
      token: tokenFixture({
        access_token: 'access-2',
        expires: '2030-01-01T00:40:00.000Z',
        inactivityExpires: '2030-01-01T00:35:00.000Z',
      }),
    });
    store.save(tokenFixture({ expires: '2030-01-01T00:30:00.000Z', inactivityExpires: '2030-01-01T00:20:00.000Z' }));
    const stop = scheduleProactiveRefresh(store, recovery);

    await vi.advanceTimersByTimeAsync(20 * 60_000 + 1_000);
    expect(refreshGrant).toHaveBeenCalledTimes(1);
    expect(onEnded).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(15 * 60_000 - 1);
    expect(refreshGrant).toHaveBeenCalledTimes(1); // next: the new deadline, 00:35:01
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshGrant).toHaveBeenCalledTimes(2);
    stop();
  });
});
