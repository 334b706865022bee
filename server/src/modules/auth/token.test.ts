import { describe, expect, it } from 'vitest';
import { AccessTokenVerifier, signToken } from './token.js';

const SECRET = 'test-secret';
const NOW = 1_800_000_000;
const token = (exp: number, secret = SECRET) => signToken({ sid: 's-1', uid: 7, iat: NOW - 10, exp }, secret);

/** Flips one character of the signature or the payload. */
function altered(text: string, at: number): string {
  const i = at < 0 ? text.length + at : at;
  return `${text.slice(0, i)}${text[i] === 'A' ? 'B' : 'A'}${text.slice(i + 1)}`;
}

describe('AccessTokenVerifier: a checked token is remembered, nothing else is', () => {
  it.each([
    ['the genuine token', () => token(NOW + 60), NOW, true],
    ['an expired token', () => token(NOW), NOW, false],
    ['a token signed with another secret', () => token(NOW + 60, 'other'), NOW, false],
    ['a signature altered by one character', () => altered(token(NOW + 60), -2), NOW, false],
    ['a payload altered by one character', () => altered(token(NOW + 60), 3), NOW, false],
    ['not a token', () => 'abc', NOW, false],
  ])('%s: accepted %#', (_name, make, now, accepted) => {
    const verifier = new AccessTokenVerifier(SECRET);
    verifier.verify(token(NOW + 60), NOW); // a genuine token is remembered first
    const text = make();
    expect(!!verifier.verify(text, now)).toBe(accepted);
    expect(!!verifier.verify(text, now)).toBe(accepted); // and again, from memory where remembered
  });

  it('refuses a remembered token once it expires, and forgets it', () => {
    const verifier = new AccessTokenVerifier(SECRET);
    const text = token(NOW + 60);
    expect(verifier.verify(text, NOW)?.sid).toBe('s-1');
    expect(verifier.size).toBe(1);
    expect(verifier.verify(text, NOW + 60)).toBeUndefined();
    expect(verifier.size).toBe(0);
  });

  it('keeps at most maxEntries tokens, the oldest going first', () => {
    const verifier = new AccessTokenVerifier(SECRET, 2);
    for (let i = 1; i <= 3; i += 1) verifier.verify(token(NOW + i * 60), NOW);
    expect(verifier.size).toBe(2);
    expect(verifier.verify(token(NOW + 60), NOW)?.exp).toBe(NOW + 60); // verified again in full
  });
});
