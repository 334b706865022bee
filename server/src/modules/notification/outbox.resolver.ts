import { Arg, Authorized, Ctx, Int, Query, Resolver } from 'type-graphql';
import { STAFF_AND_REPORTER_ROLES } from '../../common/auth/roles.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { CapturedMessageView, OutboxMessageView } from './outbox.types.js';

/** Staff's view of the outbox: delivery status per message, and the local capture's messages. */
@Resolver()
export class OutboxResolver {
  @Authorized(...STAFF_AND_REPORTER_ROLES)
  @Query(() => [OutboxMessageView], {
    description: 'Outbox messages, newest first, with their delivery status (status: Queued, Sending, Sent, Failed).',
  })
  outboxMessages(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('status', () => String, { nullable: true }) status: string | null,
    @Arg('accountId', () => Int, { nullable: true }) accountId: number | null,
    @Arg('limit', () => Int, { nullable: true }) limit: number | null,
  ): Promise<OutboxMessageView[]> {
    return services.outboxView.messages(em, user, { status, accountId, limit });
  }

  @Authorized(...STAFF_AND_REPORTER_ROLES)
  @Query(() => [CapturedMessageView], { description: 'Messages caught by the local capture, newest first.' })
  capturedMessages(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('limit', () => Int, { nullable: true }) limit: number | null,
  ): Promise<CapturedMessageView[]> {
    return services.outboxView.captured(em, user, limit);
  }
}
