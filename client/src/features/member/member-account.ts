import { parsePositiveId } from '../../shared/route-ids';

/** Messages of the member area (spec 1 §8). */
export const MEMBER_MESSAGES = {
  missingAccountId: 'Could not load member overview. Missing account id.',
  invalidAccountId: 'Invalid accountId.',
  memberNotFound: 'Could not find member or contract.',
  notLinked: 'Member is not active or not linked to this account anymore.',
  resigned: 'This membership has been resigned. Activity is therefore suspended on this agreement.',
} as const;

export type IdCheck = { ok: true; id: number } | { ok: false; message: string };

/** Spec 1 §5: an overview needs an account id, and it must be a positive number. */
export function checkAccountId(raw: string | undefined): IdCheck {
  if (raw === undefined || raw.trim() === '') return { ok: false, message: MEMBER_MESSAGES.missingAccountId };
  const id = parsePositiveId(raw);
  return id === null ? { ok: false, message: MEMBER_MESSAGES.invalidAccountId } : { ok: true, id };
}

export function checkMemberId(raw: string | undefined): IdCheck {
  const id = parsePositiveId(raw);
  return id === null ? { ok: false, message: MEMBER_MESSAGES.memberNotFound } : { ok: true, id };
}

interface MemberAccountShape {
  /** The member in view, as the server sees them on this account. */
  member: { memberId: number; isActive: boolean; isResigned: boolean };
  link: { isActive: boolean };
}

export interface MemberAccountStanding {
  /** Blocks the member area: the member is inactive or no longer linked to the account. */
  blocked: string | null;
  /** Shown above the member area: the membership was resigned, so activity is suspended. */
  suspended: string | null;
}

export function memberAccountStanding(account: MemberAccountShape, memberId: number): MemberAccountStanding {
  const { member, link } = account;
  const blocked = !link.isActive || !member.isActive || member.memberId !== memberId ? MEMBER_MESSAGES.notLinked : null;
  const suspended = member.isResigned ? MEMBER_MESSAGES.resigned : null;
  return { blocked, suspended };
}

/** Remembers the last member and account in view so that only a real change is broadcast. */
export function createMemberChangeTracker() {
  let last: string | null = null;
  return (memberId: number, accountId: number): boolean => {
    const key = `${memberId}/${accountId}`;
    const changed = key !== last;
    last = key;
    return changed;
  };
}
