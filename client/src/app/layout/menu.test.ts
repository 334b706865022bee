// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { agreementMenu, lowerCasedPath, visibleEntries } from './menu';

describe('agreementMenu', () => {
  it('shows Agreement summary, Profile & preferences and Graphs, and hides the rest by default', () => {
    const entries = agreementMenu(42, 7);
    expect(visibleEntries(entries).map((entry) => [entry.label, entry.to])).toEqual([
      ['Agreement summary', '/member/42/account/7/overview?viewMode=showMenus'],
      ['Profile & preferences', '/member/42/account/7/member/profile'],
      ['Graphs', '/member/42/account/7/member/graphs'],
    ]);
    expect(entries.filter((entry) => !entry.visible).map((entry) => entry.label)).toEqual([
      'Modify agreement',
      'Renew agreement',
      'Create agreement',
      'Reverse bill payment',
    ]);
  });
});

describe('lowerCasedPath', () => {
  it('lower-cases paths that are not lower case yet', () => {
    expect(lowerCasedPath('/SelectAccount/42')).toBe('/selectaccount/42');
    expect(lowerCasedPath('/selectaccount/42')).toBeNull();
  });
});
