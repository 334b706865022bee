import type { EntityManager } from '@mikro-orm/postgresql';
import { assertMemberAccess } from '../../common/auth/access.js';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { NotFoundError } from '../../common/errors.js';
import { User } from '../user/user.entity.js';
import { InterestRegistration } from './interest-registration.entity.js';
import { Member } from './member.entity.js';
import { normaliseMobile, validateInterest, type FieldProblem, type InterestInput } from './member.rules.js';
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

  /** Public: anyone may register interest; the form is stored only when every field is valid. */
  async registerInterest(em: EntityManager, input: InterestInput): Promise<FieldProblem[]> {
    const problems = validateInterest(input);
    if (problems.length > 0) return problems;
    em.persist(
      em.create(InterestRegistration, {
        memberId: input.memberId,
        fullName: input.fullName.trim(),
        email: input.email.trim(),
        mobilePhone: normaliseMobile(input.mobilePhone),
      }),
    );
    await em.flush();
    return [];
  }
}
