// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sessionRedirect } from './guards';
import { createSessionStore } from './session';
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

  it('sends a visitor without a session to the unauthorized page', () => {
    expect(sessionRedirect(createSessionStore(memoryStorage), duringSession)).toBe('/unauthorized');
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
