import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { STAFF_AND_REPORTER_ROLES, STAFF_ROLES } from '../../common/auth/roles.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { withUserErrors } from '../../graphql/user-error.js';
import { RESEND_MESSAGES } from './outbox-view.service.js';
import { CapturedMessageView, OutboxMessageView, ResendNotificationResult } from './outbox.types.js';

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

  @Authorized(...STAFF_ROLES)
  @Mutation(() => ResendNotificationResult, {
    description: 'Sends a failed message again: back to the queue with a new delivery job. Staff only (not REPORTER).',
  })
  async resendNotification(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('notificationId', () => Int) notificationId: number,
  ): Promise<ResendNotificationResult> {
    const result = await withUserErrors(() => services.outboxView.resend(em, user, notificationId));
    return {
      message: result.value ? RESEND_MESSAGES.queued : null,
      outboxMessage: result.value ?? null,
      errors: result.errors,
    };
  }
}
