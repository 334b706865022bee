// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createSessionStore, parseTokenResponse } from './session';
import { memoryStorage, tokenFixture } from './test-support';

describe('parseTokenResponse', () => {
  it('accepts the documented token response and drops unknown roles', () => {
    const token = parseTokenResponse({ ...tokenFixture(), roles: ['MEMBER', 'ROOT'] });
    expect(token?.roles).toEqual(['MEMBER']);
    expect(token?.memberId).toBe(42);
  });

  it('rejects bodies that are not token responses', () => {
    expect(parseTokenResponse(null)).toBeNull();
    expect(parseTokenResponse({ error: 'invalid_grant' })).toBeNull();
    expect(parseTokenResponse({ ...tokenFixture(), memberId: '42' })).toBeNull();
  });
});

describe('createSessionStore', () => {
  it('keeps the session (display name, user name, expiry, roles, member id and token) in storage', () => {
    const storage = memoryStorage();
    const store = createSessionStore(() => storage);
    store.save(tokenFixture());

    const reopened = createSessionStore(() => storage).get();
    expect(reopened).toMatchObject({
      displayname: 'Alex Member',
      username: '100234',
      expires: Date.parse('2030-01-01T00:15:00Z'),
      sessionExpires: Date.parse('2030-01-01T08:00:00Z'),
      roles: ['MEMBER'],
      memberId: 42,
    });
    expect(reopened?.token.access_token).toBe('access-1');
  });

  it('tells subscribers about saves and clears, and returns a stable snapshot', () => {
    const store = createSessionStore(memoryStorage);
    const listener = vi.fn();
    store.subscribe(listener);
    store.save(tokenFixture());
    expect(store.get()).toBe(store.get());
    store.clear();
    store.clear();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(store.get()).toBeNull();
  });

  it('treats corrupt storage as no session', () => {
    const storage = memoryStorage();
    storage.setItem('billsmoothing.session', '{not json');
    expect(createSessionStore(() => storage).get()).toBeNull();
  });
});
