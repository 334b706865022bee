import { describe, expect, it } from 'vitest';
import { createSsoToken, isJoinedSsoToken, readSsoToken, SSO_SEPARATOR } from './sso.js';

describe('isJoinedSsoToken: single sign-on sent as a password grant (1 §7)', () => {
  const token = createSsoToken('100001', 'secret', 2_000_000_000);
  it.each<[string, string, boolean]>([
    ['a token joined to its institution id', `${token}${SSO_SEPARATOR}1`, true],
    ['an institution id with letters', `${token}${SSO_SEPARATOR}inst-7`, true],
    ['a member number', '100001', false],
    ['a staff name', 'agent', false],
    ['a name with a dot', 'jane.doe', false],
    ['a token without its institution', token, false],
    ['a separator without a token', `100001${SSO_SEPARATOR}1`, false],
    ['two separators', `${token}${SSO_SEPARATOR}1${SSO_SEPARATOR}2`, false],
    ['nothing', '', false],
  ])('%s → %s', (_name, username, joined) => {
    expect(isJoinedSsoToken(username)).toBe(joined);
  });

  it('reads what it recognises', () => {
    expect(readSsoToken(`${token}${SSO_SEPARATOR}1`, { '1': 'secret' }, 1_000)).toMatchObject({
      ok: true,
      memberNumber: '100001',
    });
  });
});
