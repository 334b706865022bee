import { Arg, Authorized, Ctx, Int, Query, Resolver } from 'type-graphql';
import { SIGNED_IN } from '../../common/auth/roles.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { TransactionDetails } from './transaction.types.js';

@Resolver()
export class TransactionResolver {
  @Authorized(SIGNED_IN)
  @Query(() => TransactionDetails, { description: 'A ledger transaction with its lines and status.' })
  transaction(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('transactionId', () => Int) transactionId: number,
  ): Promise<TransactionDetails> {
    return services.transactions.details(em, user, transactionId);
  }
}
