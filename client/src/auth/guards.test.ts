// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { requireSession, requireSessionForMember, sessionRedirect, setLoggingOut } from './guards';
import { createSessionStore, sessionStore } from './session';
import { memoryStorage, tokenFixture } from './test-support';

const duringSession = Date.parse('2030-01-01T00:05:00Z');
const afterSession = Date.parse('2030-01-01T09:00:00Z');

function storeWith(roles: Parameters<typeof tokenFixture>[0] = {}) {
  const store = createSessionStore(memoryStorage);
  store.save(tokenFixture(roles));
  return store;
}

describe('sessionRedirect', () => {
  it('lets a valid session through', () => {
    expect(sessionRedirect(storeWith(), duringSession)).toBeNull();
  });

  it('sends a visitor without a session to the sign-in form', () => {
    expect(sessionRedirect(createSessionStore(memoryStorage), duringSession)).toBe('/');
  });

  it('clears an expired stored session and sends the user to the expired page', () => {
    const store = storeWith();
    expect(sessionRedirect(store, afterSession)).toBe('/expired');
    expect(store.get()).toBeNull();
  });

  it('keeps members out of staff pages', () => {
    expect(sessionRedirect(storeWith(), duringSession, true)).toBe('/unauthorized');
    expect(sessionRedirect(storeWith({ roles: ['BRANCH_AGENT'] }), duringSession, true)).toBeNull();
  });
});

describe('requireSessionForMember', () => {
  const at = (path: string, memberId: string) => ({
    request: new Request(`http://portal${path}`),
    params: { memberId },
  });

  it('sends a visitor without a session from a member’s page to the sign-in form, and back after', () => {
    const answer = requireSessionForMember(at('/nomember/5', '5'));
    expect(answer?.headers.get('Location')).toBe('/?returnTo=%2Fnomember%2F5');
  });

  it('lets anyone see the page for no member in particular (a failed single sign-on lands there)', () => {
    expect(requireSessionForMember(at('/nomember/0', '0'))).toBeNull();
  });
});

describe('requireSession while a logout is ending the server session', () => {
  it('shows no member page (Back pressed at once after Log out) and brings the person back after signing in', () => {
    sessionStore.save(tokenFixture());
    const request = new Request('http://portal/selectaccount/1');
    try {
      expect(requireSession({ request })).toBeNull();
      setLoggingOut(true);
      expect(requireSession({ request })?.headers.get('Location')).toBe('/?returnTo=%2Fselectaccount%2F1');
    } finally {
      setLoggingOut(false);
      sessionStore.clear();
    }
  });
});
