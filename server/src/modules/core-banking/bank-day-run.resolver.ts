import { Arg, Authorized, Ctx, Int, Query, Resolver } from 'type-graphql';
import { SIGNED_IN } from '../../common/auth/roles.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { BankDayRunView } from './bank-day-run.types.js';

@Resolver()
export class BankDayRunResolver {
  @Authorized(SIGNED_IN)
  @Query(() => BankDayRunView, {
    description:
      'Tonight’s run, in sight: what the next bank day will do for the account’s agreement, in order (deposits in, ' +
      'then each bill paid automatically, each with the balance after it), and what the last bank day did (received, ' +
      'missed, paid, failed and why). Members: their own accounts only.',
  })
  bankDayRun(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('memberId', () => Int) memberId: number,
    @Arg('accountId', () => Int) accountId: number,
  ): Promise<BankDayRunView> {
    return services.bankDayRun.forAccount(em, user, memberId, accountId);
  }
}
