import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { assertMemberAccess } from '../../common/auth/access.js';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { DEFAULT_TIME_ZONE, type Clock } from '../../shared/clock.js';
import { todayIn, type LocalDate } from '../../shared/local-date.js';
import { NotFoundError } from '../../shared/errors.js';
import { User } from '../user/index.js';
import { InterestRegistration } from './interest-registration.entity.js';
import { Member } from './member.entity.js';
import {
  INTEREST_RATE_LIMIT,
  INTEREST_RATE_LIMITED,
  interestRateLimited,
  normaliseMobile,
  validateInterest,
  type FieldProblem,
  type InterestInput,
} from '../../shared/member/member.rules.js';
import type { MemberView } from './member.types.js';

export function toMemberView(member: Member, signInLocked: boolean | null = null): MemberView {
  return {
    memberId: member.id,
    memberNumber: member.memberNumber,
    firstName: member.firstName,
    lastName: member.lastName,
    email: member.email ?? null,
    mobilePhone: member.mobilePhone ?? null,
    isActive: member.isActive,
    isResigned: member.isResigned,
    branchName: member.branch?.name ?? null,
    signInLocked,
  };
}

export class MemberService {
  constructor(private readonly clock: Clock) {}

  async getMember(em: EntityManager, user: CurrentUser | null, memberId: number): Promise<MemberView> {
    assertMemberAccess(user, memberId);
    const member = await em.findOne(Member, { id: memberId }, { populate: ['branch'] });
    if (!member) throw new NotFoundError('Could not find member or contract.');
    const login = await em.findOne(User, { member: memberId }, { fields: ['isLocked'] });
    return toMemberView(member, login?.isLocked ?? false);
  }

  /** The text `true`/`false` of GET /api/members/isresigned. */
  async isResigned(em: EntityManager, user: CurrentUser | null, memberId: number): Promise<boolean> {
    return (await this.getMember(em, user, memberId)).isResigned;
  }

  /**
   * Public: anyone may register interest; the form is stored only when every field is valid, and at most
   * INTEREST_RATE_LIMIT.perAddress times an hour per address. The count and the insert run under a lock on the
   * address (in the database, so every instance shares it): concurrent senders cannot pass the limit together.
   */
  /** The institution's day a member last registered interest (the no-member page shows it), null if never. */
  async interestRegisteredOn(em: EntityManager, memberId: number): Promise<LocalDate | null> {
    if (memberId <= 0) return null;
    const latest = await em.findOne(
      InterestRegistration,
      { memberId },
      { orderBy: { createdAt: 'desc' }, fields: ['createdAt'] },
    );
    return latest ? todayIn(DEFAULT_TIME_ZONE, latest.createdAt) : null;
  }

  async registerInterest(em: EntityManager, input: InterestInput, address: string): Promise<FieldProblem[]> {
    const problems = validateInterest(input);
    if (problems.length > 0) return problems;
    const clientKey = createHash('sha256').update(`interest:${address}`).digest('hex');
    const now = this.clock.now();
    const since = new Date(now.getTime() - INTEREST_RATE_LIMIT.windowMinutes * 60_000);
    return em.fork().transactional(async (tx) => {
      await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [clientKey]);
      const [{ recent }] = await tx.execute<{ recent: number }[]>(
        'select count(*)::int as recent from interest_registration where client_key = ? and created_at > ?',
        [clientKey, since],
      );
      if (interestRateLimited(recent)) return [INTEREST_RATE_LIMITED];
      tx.persist(
        tx.create(InterestRegistration, {
          memberId: input.memberId,
          fullName: input.fullName.trim(),
          email: input.email.trim(),
          mobilePhone: normaliseMobile(input.mobilePhone),
          clientKey,
          createdAt: now,
        }),
      );
      return [];
    });
  }
}
