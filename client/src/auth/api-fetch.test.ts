// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { apiFetch } from './api-fetch';
import { createSessionStore } from './session';
import { memoryStorage, tokenFixture } from './test-support';

function setup(statuses: number[], recoverAnswers: boolean[]) {
  const store = createSessionStore(memoryStorage);
  store.save(tokenFixture());
  const fetchImpl = vi.fn<typeof fetch>(async () => new Response('{}', { status: statuses.shift() ?? 200 }));
  const recover = vi.fn(async (_alreadyRetried: boolean) => {
    const answer = recoverAnswers.shift() ?? false;
    if (answer) store.save(tokenFixture({ access_token: 'access-2' }));
    return answer;
  });
  return { fetchImpl, recover, deps: { store, recovery: { recover }, fetchImpl } };
}

const authorizationOf = (call: Parameters<typeof fetch> | undefined) =>
  new Headers(call?.[1]?.headers).get('Authorization');

describe('apiFetch', () => {
  it('sends the bearer token and the person’s idle seconds, without caching', async () => {
    const { fetchImpl, deps } = setup([200], []);
    await apiFetch('/api/settings', {}, deps);
    expect(authorizationOf(fetchImpl.mock.calls[0])).toBe('Bearer access-1');
    expect(new Headers(fetchImpl.mock.calls[0]?.[1]?.headers).get('X-Idle-Seconds')).toMatch(/^\d+$/);
    expect(fetchImpl.mock.calls[0]?.[1]?.cache).toBe('no-store');
  });

  it('retries once with the renewed token after a 401', async () => {
    const { fetchImpl, recover, deps } = setup([401, 200], [true]);
    const response = await apiFetch('/api/members/1', {}, deps);
    expect(response.status).toBe(200);
    expect(recover).toHaveBeenCalledWith(false);
    expect(authorizationOf(fetchImpl.mock.calls[1])).toBe('Bearer access-2');
  });

  it('ends the session when the retry is refused as well', async () => {
    const { fetchImpl, recover, deps } = setup([401, 401], [true, false]);
    const response = await apiFetch('/api/members/1', {}, deps);
    expect(response.status).toBe(401);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(recover).toHaveBeenLastCalledWith(true);
  });

  it('does not retry when no refresh was possible', async () => {
    const { fetchImpl, deps } = setup([401], [false]);
    expect((await apiFetch('/api/members/1', {}, deps)).status).toBe(401);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});
