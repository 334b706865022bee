import { Field, ObjectType } from 'type-graphql';
import { UserError } from '../../graphql/user-error.js';
import { bodyField, idParam, route } from '../../rest/route.js';
import { INTEREST_RATE_LIMITED } from '../../shared/member/member.rules.js';
import { MemberView } from './member.types.js';

@ObjectType('RestRegisterInterestAnswer', { description: 'POST /api/members/registerinterest.' })
class RegisterInterestAnswer {
  @Field() success!: boolean;
  @Field(() => [UserError]) errors!: UserError[];
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export const memberRoutes = [
  route(
    'post',
    '/api/members/registerinterest',
    'public',
    RegisterInterestAnswer,
    async ({ em, req, res, services }) => {
      const memberId = Number(bodyField(req.body, 'MemberId') ?? 0);
      const errors = await services.members.registerInterest(
        em,
        {
          memberId: Number.isInteger(memberId) ? memberId : -1,
          fullName: text(bodyField(req.body, 'FullName')),
          email: text(bodyField(req.body, 'Email')),
          mobilePhone: text(bodyField(req.body, 'MobilePhone')),
        },
        req.ip ?? 'unknown',
      );
      if (errors.length > 0) res.status(errors.some((e) => e.code === INTEREST_RATE_LIMITED.code) ? 429 : 400);
      return { success: errors.length === 0, errors };
    },
  ),

  route('get', '/api/members/isresigned', 'signed-in', async ({ em, req, user, services }) =>
    String(await services.members.isResigned(em, user, idParam(req.query.id, 'id'))),
  ),

  route('get', '/api/members/:id', 'signed-in', MemberView, ({ em, req, user, services }) =>
    services.members.getMember(em, user, idParam(req.params.id, 'id')),
  ),
];
