import type { TokenResponse } from './session';

/** A token response for tests; times are absolute so that tests pass `now` explicitly. */
export function tokenFixture(overrides: Partial<TokenResponse> = {}): TokenResponse {
  return {
    access_token: 'access-1',
    token_type: 'bearer',
    expires_in: 900,
    refresh_token: 'refresh-1',
    userName: '100234',
    displayName: 'Alex Member',
    roles: ['MEMBER'],
    memberId: 42,
    issued: '2030-01-01T00:00:00.000Z',
    expires: '2030-01-01T00:15:00.000Z',
    sessionExpires: '2030-01-01T08:00:00.000Z',
    inactivityExpires: '',
    ...overrides,
  };
}

/** A Web Storage stand-in, so store tests need no browser. */
export function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, value);
    },
  };
}
