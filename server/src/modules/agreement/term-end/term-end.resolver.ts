import { Arg, Authorized, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { PAYER_ROLES, SIGNED_IN } from '../../../common/auth/roles.js';
import type { GraphQLContext } from '../../../graphql/context.js';
import { withUserErrors } from '../../../graphql/user-error.js';
import { AgreementSummary } from '../agreement-summary.types.js';
import type { TermEndAnswer } from './term-end.service.js';
import { ChooseTermEndInput, ChooseTermEndResult, TermEndView, type TermEndChoiceView } from './term-end.types.js';

function view(answer: TermEndAnswer): TermEndView {
  return {
    ...answer,
    options: answer.options.map((option) => ({ ...option, kind: option.kind as TermEndChoiceView })),
    choice: answer.choice as TermEndChoiceView,
    chosenAt: answer.chosenAt?.toISOString() ?? null,
  };
}

/** A choice at term end (issue 24 item 5): thin over `TermEndService`; access is the service's. */
@Resolver()
export class TermEndResolver {
  @Authorized(SIGNED_IN)
  @Query(() => TermEndView, {
    nullable: true,
    description:
      'The term-end choice of the account’s agreement when it is due for renewal: the projected closing balance, the choices offered and the current one. Null when it is not due.',
  })
  async termEndChoice(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('memberId', () => Int) memberId: number,
    @Arg('accountId', () => Int) accountId: number,
  ): Promise<TermEndView | null> {
    const answer = await services.termEnd.view(em, user, memberId, accountId);
    return answer && view(answer);
  }

  @Authorized(...PAYER_ROLES)
  @Mutation(() => ChooseTermEndResult, {
    description:
      'Chooses what happens to the balance at term end: roll it into the renewal, refund the surplus to a linked account, or move it to savings. Carried out once, when the renewal takes over.',
  })
  async chooseTermEnd(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('input', () => ChooseTermEndInput) input: ChooseTermEndInput,
  ): Promise<ChooseTermEndResult> {
    const result = await withUserErrors(() => services.termEnd.choose(em, user, input));
    return { ok: result.value !== null, termEnd: result.value && view(result.value), errors: result.errors };
  }
}

/** The overview's summary says whether the term-end choice is open, so the screen loads its panel only then. */
@Resolver(() => AgreementSummary)
export class TermEndSummaryResolver {
  @FieldResolver(() => Boolean, {
    description: 'The agreement is due for renewal and its term-end choice is open (query termEndChoice).',
  })
  async termEndDue(@Ctx() { em, services }: GraphQLContext, @Root() summary: AgreementSummary): Promise<boolean> {
    // The overview's summary carries it, read on the overview's one statement: no two more round trips per page.
    if (summary.termEndDueRead !== undefined) return summary.termEndDueRead;
    return services.termEnd.isDue(em, { id: summary.contractId, status: summary.status, endDate: summary.endDate });
  }
}
