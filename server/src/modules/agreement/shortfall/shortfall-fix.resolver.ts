import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { PAYER_ROLES, SIGNED_IN } from '../../../common/auth/roles.js';
import type { GraphQLContext } from '../../../graphql/context.js';
import { withUserErrors } from '../../../graphql/user-error.js';
import type { ShortfallFixesAnswer } from './shortfall-fix.service.js';
import {
  ApplyShortfallFixInput,
  ApplyShortfallFixResult,
  ShortfallFixesView,
  type ShortfallFixKindView,
} from './shortfall-fix.types.js';

function view(answer: ShortfallFixesAnswer): ShortfallFixesView {
  const { shortfall } = answer;
  return {
    accountId: answer.accountId,
    agreementId: answer.agreementId,
    firstShortDate: shortfall.firstShortDate,
    shortfall: shortfall.shortfall,
    shortBill: shortfall.shortBill,
    fixes: answer.options.map(({ fix, words, preview, canApply, howApplied }) => ({
      kind: fix.kind as ShortfallFixKindView,
      amount: fix.kind === 'raise' ? fix.deposit : fix.amount,
      deposits: fix.kind === 'topUp' ? null : fix.deposits,
      from: fix.kind === 'topUp' ? null : fix.from,
      shares: fix.kind === 'spread' ? fix.shares : [],
      words,
      preview,
      canApply,
      howApplied,
    })),
  };
}

/** A shortfall fixed in one tap (issue 24 item 1): thin over `ShortfallFixService`; access is the service's. */
@Resolver()
export class ShortfallFixResolver {
  @Authorized(SIGNED_IN)
  @Query(() => ShortfallFixesView, {
    nullable: true,
    description:
      'When the forecast goes short: the first short day, the bill, the shortfall and three fixes, each with the forecast as it would be. Null when it does not go short.',
  })
  async shortfallFixes(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('memberId', () => Int) memberId: number,
    @Arg('accountId', () => Int) accountId: number,
  ): Promise<ShortfallFixesView | null> {
    const answer = await services.shortfallFixes.fixes(em, user, memberId, accountId);
    return answer && view(answer);
  }

  @Authorized(...PAYER_ROLES)
  @Mutation(() => ApplyShortfallFixResult, {
    description:
      'Applies a shortfall fix: a top-up now from a linked account, or each deposit raised as a modification (sent to the member; to the approvals queue when a manager must approve).',
  })
  async applyShortfallFix(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('input', () => ApplyShortfallFixInput) input: ApplyShortfallFixInput,
  ): Promise<ApplyShortfallFixResult> {
    const result = await withUserErrors(() => services.shortfallFixes.apply(em, user, input));
    const outcome = result.value;
    return {
      ok: outcome !== null,
      message: outcome?.message ?? null,
      transactionId: outcome?.transactionId ?? null,
      changeAgreementId: outcome?.changeAgreementId ?? null,
      sentToMember: outcome?.sentToMember ?? false,
      waitingForManager: outcome?.waitingForManager ?? false,
      errors: result.errors,
    };
  }
}
