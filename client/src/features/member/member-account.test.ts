// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  MEMBER_MESSAGES,
  checkAccountId,
  checkMemberId,
  createMemberChangeTracker,
  memberAccountStanding,
} from './member-account';

describe('checkAccountId', () => {
  it('needs an account id', () => {
    expect(checkAccountId(undefined)).toEqual({ ok: false, message: MEMBER_MESSAGES.missingAccountId });
    expect(checkAccountId('')).toEqual({ ok: false, message: MEMBER_MESSAGES.missingAccountId });
  });

  it.each(['0', '-3', '1.5', 'abc', '7x', '99999999999999999999'])('rejects %s as invalid', (raw) => {
    expect(checkAccountId(raw)).toEqual({ ok: false, message: MEMBER_MESSAGES.invalidAccountId });
  });

  it('accepts a positive integer', () => {
    expect(checkAccountId('12')).toEqual({ ok: true, id: 12 });
    expect(checkMemberId('42')).toEqual({ ok: true, id: 42 });
    expect(checkMemberId('0').ok).toBe(false);
  });
});

describe('memberAccountStanding', () => {
  const member = { memberId: 42, isActive: true, isResigned: false };
  const account = (overrides: Partial<typeof member> = {}, linked = true) => ({
    member: { ...member, ...overrides },
    link: { isActive: linked },
  });

  it('lets an active, linked member in', () => {
    expect(memberAccountStanding(account(), 42)).toEqual({ blocked: null, suspended: null });
  });

  it('blocks an unlinked or inactive member, or an answer about another member', () => {
    expect(memberAccountStanding(account({}, false), 42).blocked).toBe(MEMBER_MESSAGES.notLinked);
    expect(memberAccountStanding(account({ isActive: false }), 42).blocked).toBe(MEMBER_MESSAGES.notLinked);
    expect(memberAccountStanding(account(), 99).blocked).toBe(MEMBER_MESSAGES.notLinked);
  });

  it('suspends activity for a resigned membership', () => {
    expect(memberAccountStanding(account({ isResigned: true }), 42)).toEqual({
      blocked: null,
      suspended: MEMBER_MESSAGES.resigned,
    });
  });
});

describe('createMemberChangeTracker', () => {
  it('reports a change only when the member or the account differs from the last one', () => {
    const changed = createMemberChangeTracker();
    expect([changed(1, 2), changed(1, 2), changed(1, 3), changed(4, 3), changed(4, 3)]).toEqual([
      true,
      false,
      true,
      true,
      false,
    ]);
  });
});
