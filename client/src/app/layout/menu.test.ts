// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { agreementMenu, canDecideApprovals, headerMenus, lowerCasedPath, visibleEntries } from './menu';

describe('agreementMenu', () => {
  it('shows Agreement summary, Pay a bill, Profile & preferences and Graphs, and hides the rest by default', () => {
    const entries = agreementMenu(42, 7);
    expect(visibleEntries(entries).map((entry) => [entry.label, entry.to])).toEqual([
      ['Agreement summary', '/member/42/account/7/overview?viewMode=showMenus'],
      ['Pay a bill', '/member/42/account/7/paybill'],
      ['Profile & preferences', '/member/42/account/7/member/profile'],
      ['Graphs', '/member/42/account/7/member/graphs'],
    ]);
    expect(entries.filter((entry) => !entry.visible).map((entry) => entry.label)).toEqual([
      'Modify agreement',
      'Continue agreement',
      'Renew agreement',
      'Create agreement',
      'Reverse bill payment',
      'Manage agreement',
    ]);
  });

  it('offers staff Manage agreement, and Renew while the server allows it', () => {
    const running = { create: false, modify: true, continue: false, lifecycleActions: ['Lock', 'Renew', 'Cancel'] };
    const staff = visibleEntries(agreementMenu(42, 7, true, running));
    expect(staff.find((e) => e.label === 'Manage agreement')?.to).toBe('/member/42/account/7/manageagreement');
    expect(staff.find((e) => e.label === 'Renew agreement')?.to).toBe(
      '/member/42/account/7/manageagreement?action=renew',
    );
    const member = visibleEntries(agreementMenu(42, 7, false, running));
    expect(member.map((e) => e.label)).not.toContain('Manage agreement');
    expect(member.map((e) => e.label)).not.toContain('Renew agreement');
  });

  it('no longer offers Renew once a renewal is open (the server leaves it out), while Continue shows', () => {
    const renewed = { create: false, modify: true, continue: true, lifecycleActions: ['Lock', 'Cancel'] };
    const labels = visibleEntries(agreementMenu(42, 7, true, renewed)).map((e) => e.label);
    expect(labels).not.toContain('Renew agreement');
    expect(labels).toContain('Continue agreement');
  });

  it.each([
    [{ create: true, modify: false, continue: false }, ['Create agreement']],
    [{ create: false, modify: true, continue: false }, ['Modify agreement']],
    [{ create: false, modify: true, continue: true }, ['Modify agreement', 'Continue agreement']],
    [{ create: false, modify: false, continue: false }, []],
  ])('shows the wizard entries exactly as the server allows them: %j', (wizard, shown) => {
    const labels = visibleEntries(agreementMenu(42, 7, false, wizard)).map((entry) => entry.label);
    expect(labels.filter((label) => /agreement$/.test(label) && label !== 'Agreement summary')).toEqual(shown);
  });

  it('links Continue agreement to the spec’s continue path', () => {
    const entry = agreementMenu(42, 7, false, { create: false, modify: false, continue: true }).find(
      (e) => e.label === 'Continue agreement',
    );
    expect(entry?.to).toBe('/member/42/account/7/contract/continue');
  });
});

describe('headerMenus', () => {
  const inAccount = { memberId: 42, accountId: 7, hideMenus: false, isStaff: false };

  it('shows the agreement menu inside an account', () => {
    expect(headerMenus(inAccount).agreementEntries.map((entry) => entry.label)).toEqual([
      'Agreement summary',
      'Pay a bill',
      'Profile & preferences',
      'Graphs',
    ]);
  });

  it('shows no agreement menu outside an account', () => {
    expect(headerMenus({ ...inAccount, memberId: null, accountId: null }).agreementEntries).toEqual([]);
  });

  it('offers staff the member search, not members', () => {
    expect(headerMenus({ ...inAccount, isStaff: true }).memberSearch).toBe(true);
    expect(headerMenus(inAccount).memberSearch).toBe(false);
  });

  it('offers the read-only reporter the member search and the agreement’s pages, not the staff’s changes', () => {
    const reporter = headerMenus({ ...inAccount, isStaff: true, readOnly: true, roles: ['REPORTER'] });
    expect(reporter.memberSearch).toBe(true);
    expect(reporter.agreementEntries.map((entry) => entry.label)).toEqual([
      'Agreement summary',
      'Pay a bill',
      'Profile & preferences',
      'Graphs',
    ]);
    expect(
      headerMenus({ ...inAccount, isStaff: true, roles: ['AGENT'] }).agreementEntries.map((entry) => entry.label),
    ).toContain('Manage agreement');
  });

  it('hides everything in hideMenus mode, for staff too', () => {
    expect(headerMenus({ ...inAccount, hideMenus: true, isStaff: true, roles: ['MANAGER'] })).toEqual({
      agreementEntries: [],
      memberSearch: false,
      approvals: null,
      reports: [],
    });
  });

  it.each([
    [['AGENT'], true],
    [['BRANCH_AGENT'], true],
    [['MANAGER'], true],
    [['ADMIN'], true],
    [['REPORTER'], false],
    [['MEMBER'], false],
  ])('links %j to the worklist, the missed-deposit report and the at-risk list: %s', (roles, shown) => {
    const menus = headerMenus({ memberId: null, accountId: null, hideMenus: false, isStaff: true, roles });
    expect(menus.reports.map((entry) => entry.to)).toEqual(
      shown ? ['/worklist', '/misseddeposits', '/atrisk', '/bankjobs'] : [],
    );
  });

  it.each([
    [['MANAGER'], true],
    [['ADMIN'], true],
    [['AGENT', 'MANAGER'], true],
    [['AGENT'], false],
    [['BRANCH_AGENT'], false],
    [['REPORTER'], false],
    [['MEMBER'], false],
    [[], false],
  ])('links %j to the approvals queue: %s', (roles, shown) => {
    expect(canDecideApprovals(roles)).toBe(shown);
    const menus = headerMenus({ memberId: null, accountId: null, hideMenus: false, isStaff: true, roles });
    expect(menus.approvals).toEqual(shown ? { label: 'Approvals', to: '/approvals', visible: true } : null);
  });

  it('links managers to the approvals queue inside an account too', () => {
    expect(headerMenus({ ...inAccount, isStaff: true, roles: ['ADMIN'] }).approvals?.to).toBe('/approvals');
  });
});

describe('lowerCasedPath', () => {
  it('lower-cases paths that are not lower case yet', () => {
    expect(lowerCasedPath('/SelectAccount/42')).toBe('/selectaccount/42');
    expect(lowerCasedPath('/selectaccount/42')).toBeNull();
  });
});
