import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { SIGNED_IN, STAFF_ROLES } from '../../../common/auth/roles.js';
import type { GraphQLContext } from '../../../graphql/context.js';
import { withUserErrors } from '../../../graphql/user-error.js';
import { ClosingStatementResult, ResetAccountResult } from './settlement.types.js';

/** The closing statement of a cancelled agreement and the account's reset (README.md). GraphQL only: no spec path. */
@Resolver()
export class AgreementSettlementResolver {
  @Authorized(SIGNED_IN)
  @Query(() => ClosingStatementResult, {
    description: 'The closing statement of the account’s latest cancelled agreement (none when none was cancelled).',
  })
  async closingStatement(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('accountId', () => Int) accountId: number,
  ): Promise<ClosingStatementResult> {
    return { statement: await services.settlement.closingStatement(em, user, accountId) };
  }

  @Authorized(...STAFF_ROLES)
  @Mutation(() => ResetAccountResult, {
    description:
      'Staff reset the account to a zero balance: what its ended agreements hold is paid into (or, owed, taken from) a savings account of its members.',
  })
  async resetAccountBalance(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('accountId', () => Int) accountId: number,
    @Arg('accountNumber') accountNumber: string,
    @Arg('idempotencyKey') idempotencyKey: string,
  ): Promise<ResetAccountResult> {
    const result = await withUserErrors(() =>
      services.settlement.resetAccount(em, user, { accountId, accountNumber, idempotencyKey }),
    );
    return { result: result.value, errors: result.errors };
  }
}
