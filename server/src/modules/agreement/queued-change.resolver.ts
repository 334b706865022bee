import { Arg, Authorized, Ctx, Int, Query, Resolver, Root, Subscription } from 'type-graphql';
import { SIGNED_IN } from '../../common/auth/roles.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { QueuedChangeStatus } from './queued-change.types.js';

interface AccountArgs {
  accountId: number;
}

@Resolver()
export class QueuedChangeResolver {
  @Authorized(SIGNED_IN)
  @Query(() => QueuedChangeStatus, { description: 'The account’s queued agreement change, now.' })
  queuedChangeStatus(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('accountId', () => Int) accountId: number,
  ): Promise<QueuedChangeStatus> {
    return services.queuedChanges.status(em, user, accountId);
  }

  @Authorized(SIGNED_IN)
  @Subscription(() => QueuedChangeStatus, {
    name: 'queuedChangeStatus',
    description: 'The account’s queued agreement change: first the current status, then every change of it.',
    subscribe: ({ args, context }) => {
      const { em, user, services } = context as GraphQLContext;
      return services.queuedChanges.watch(em, user, (args as AccountArgs).accountId);
    },
  })
  queuedChangeStatusChanged(
    @Root() status: QueuedChangeStatus,
    @Arg('accountId', () => Int) _accountId: number,
  ): QueuedChangeStatus {
    return status;
  }
}
