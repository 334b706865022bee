// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sessionFromToken } from './session';
import {
  afterSignInPath,
  displayNameOf,
  isReadOnly,
  isStaff,
  landingPath,
  onAuthRefusal,
  refreshDelay,
  sessionEndRoute,
  sessionStatus,
  ssoFailureRoute,
  withReturnTo,
} from './session-rules';
import { tokenFixture } from './test-support';

const session = sessionFromToken(tokenFixture());
const at = (iso: string) => Date.parse(iso);

describe('sessionStatus', () => {
  it.each([
    ['no session', null, '2030-01-01T00:05:00Z', 'none'],
    ['a fresh access token', session, '2030-01-01T00:05:00Z', 'active'],
    ['an expired access token that can be refreshed', session, '2030-01-01T00:20:00Z', 'active'],
    ['a session past its absolute end', session, '2030-01-01T08:00:00Z', 'expired'],
  ] as const)('is right for %s', (_, value, now, expected) => {
    expect(sessionStatus(value, at(now))).toBe(expected);
  });

  it('is expired when the access token ran out and there is no refresh token', () => {
    const noRefresh = sessionFromToken(tokenFixture({ refresh_token: '' }));
    expect(sessionStatus(noRefresh, at('2030-01-01T00:20:00Z'))).toBe('expired');
  });
});

describe('isReadOnly', () => {
  it.each([
    [['REPORTER'], true],
    [['REPORTER', 'AGENT'], false],
    [['MEMBER'], false],
    [[], false],
  ] as const)('%j → %s', (roles, expected) => {
    expect(isReadOnly(roles)).toBe(expected);
  });
});

describe('landingPath', () => {
  it('sends a member to their accounts', () => {
    expect(landingPath(session)).toBe('/selectaccount/42');
  });

  it('sends a member without a member id to the no-member page', () => {
    expect(landingPath(sessionFromToken(tokenFixture({ memberId: null })))).toBe('/nomember/0');
  });

  it.each(['AGENT', 'BRANCH_AGENT', 'MANAGER', 'ADMIN', 'REPORTER'] as const)(
    'sends %s staff to their dashboard',
    (role) => {
      expect(landingPath(sessionFromToken(tokenFixture({ roles: [role], memberId: null })))).toBe('/dashboard');
    },
  );
});

describe('afterSignInPath (a deep link opened without a session returns after sign-in)', () => {
  const staff = sessionFromToken(tokenFixture({ roles: ['AGENT'], memberId: null }));
  it.each([
    ['the member’s own page', session, '/member/42/account/7/paybill', '/member/42/account/7/paybill'],
    [
      'a query string kept',
      session,
      '/member/42/account/7/overview?viewMode=showMenus',
      '/member/42/account/7/overview?viewMode=showMenus',
    ],
    [
      'another member’s page (members only see their own)',
      session,
      '/member/43/account/7/overview',
      '/selectaccount/42',
    ],
    ['their own accounts', session, '/selectaccount/42', '/selectaccount/42'],
    [
      'another member’s accounts (Back after someone else logged out)',
      session,
      '/selectaccount/43',
      '/selectaccount/42',
    ],
    ['a staff page of members', session, '/members', '/selectaccount/42'],
    ['any member’s page for staff', staff, '/member/43/account/7/overview', '/member/43/account/7/overview'],
    ['another site', session, '//evil.example/x', '/selectaccount/42'],
    ['a full address', session, 'https://evil.example/', '/selectaccount/42'],
    ['a public page', session, '/unauthorized', '/selectaccount/42'],
    ['the login page itself', staff, '/', '/dashboard'],
    ['nothing', staff, null, '/dashboard'],
  ] as const)('goes to %s', (_, who, returnTo, expected) => {
    expect(afterSignInPath(who, returnTo)).toBe(expected);
  });

  it('writes the page to come back to into the sign-in page’s address', () => {
    expect(withReturnTo('/', '/member/42/account/7/paybill')).toBe('/?returnTo=%2Fmember%2F42%2Faccount%2F7%2Fpaybill');
    expect(withReturnTo('/', null)).toBe('/');
  });
});

describe('isStaff', () => {
  it('counts any role other than MEMBER as staff', () => {
    expect(isStaff(['MEMBER'])).toBe(false);
    expect(isStaff(['MEMBER', 'AGENT'])).toBe(true);
    expect(isStaff([])).toBe(false);
  });
});

describe('displayNameOf', () => {
  it('defaults to Agent when there is no session or no name', () => {
    expect(displayNameOf(null)).toBe('Agent');
    expect(displayNameOf(sessionFromToken(tokenFixture({ displayName: ' ' })))).toBe('Agent');
    expect(displayNameOf(session)).toBe('Alex Member');
  });
});

describe('refreshDelay', () => {
  it('refreshes a minute before the access token expires', () => {
    expect(refreshDelay(session, at('2030-01-01T00:00:00Z'))).toBe(14 * 60_000);
  });

  it('refreshes at once when the access token is (nearly) expired', () => {
    expect(refreshDelay(session, at('2030-01-01T00:14:30Z'))).toBe(0);
    expect(refreshDelay(session, at('2030-01-01T00:30:00Z'))).toBe(0);
  });

  it('does not refresh without a refresh token, past the session end, or when the token lasts to the end', () => {
    expect(refreshDelay(null, 0)).toBeNull();
    expect(refreshDelay(sessionFromToken(tokenFixture({ refresh_token: '' })), 0)).toBeNull();
    expect(refreshDelay(session, at('2030-01-01T09:00:00Z'))).toBeNull();
    const lastToken = sessionFromToken(tokenFixture({ expires: '2030-01-01T08:00:00.000Z' }));
    expect(refreshDelay(lastToken, at('2030-01-01T07:00:00Z'))).toBeNull();
  });

  describe('the inactivity deadline (the server says whether the person’s activity kept the session)', () => {
    const idle = sessionFromToken(tokenFixture({ inactivityExpires: '2030-01-01T00:10:00.000Z' }));
    it.each([
      ['before the renewal: a second after the deadline', idle, '2030-01-01T00:00:00Z', 10 * 60_000 + 1_000],
      [
        'a deadline after the renewal: the renewal first',
        sessionFromToken(tokenFixture({ inactivityExpires: '2030-01-01T00:19:00.000Z' })),
        '2030-01-01T00:00:00Z',
        14 * 60_000,
      ],
      ['a deadline just passed: not sooner than 10 s (clocks apart)', idle, '2030-01-01T00:10:05Z', 10_000],
      [
        'the last token of the session: the deadline alone',
        sessionFromToken(
          tokenFixture({ expires: '2030-01-01T08:00:00.000Z', inactivityExpires: '2030-01-01T07:30:00.000Z' }),
        ),
        '2030-01-01T07:00:00Z',
        30 * 60_000 + 1_000,
      ],
    ])('%s', (_, value, now, expected) => {
      expect(refreshDelay(value, at(now))).toBe(expected);
    });
  });
});

describe('onAuthRefusal', () => {
  it('tries one refresh when a refresh token exists', () => {
    expect(onAuthRefusal({ hasStoredSession: true, hasRefreshToken: true, alreadyRetried: false })).toBe('refresh');
  });

  it('goes to the expired page when the retry is refused too', () => {
    expect(onAuthRefusal({ hasStoredSession: true, hasRefreshToken: true, alreadyRetried: true })).toBe('/expired');
  });

  it('goes to the expired page when a stored session cannot be refreshed', () => {
    expect(onAuthRefusal({ hasStoredSession: true, hasRefreshToken: false, alreadyRetried: false })).toBe('/expired');
  });

  it('goes to the unauthorized page when there was no session at all', () => {
    expect(onAuthRefusal({ hasStoredSession: false, hasRefreshToken: false, alreadyRetried: false })).toBe(
      '/unauthorized',
    );
  });
});

describe('ssoFailureRoute', () => {
  it.each([
    [2, '/locked'],
    [3, '/locked'],
    [5, '/expired'],
    [1, '/nomember/0'],
    [4, '/nomember/0'],
    [undefined, '/nomember/0'],
  ] as const)('routes error code %s to %s', (code, route) => {
    expect(ssoFailureRoute(code)).toBe(route);
  });
});

describe('sessionEndRoute', () => {
  it('follows a logout in another tab to the site root, and treats any other ending as expiry', () => {
    expect(sessionEndRoute('logout')).toBe('/');
    expect(sessionEndRoute('revoked')).toBe('/expired');
    expect(sessionEndRoute('inactivity')).toBe('/expired');
  });
});
