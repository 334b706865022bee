import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { SIGNED_IN, STAFF_AND_REPORTER_ROLES, STAFF_ROLES } from '../../common/auth/roles.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { withUserErrors } from '../../graphql/user-error.js';
import {
  MemberNoticePreviewView,
  NotificationPreviewView,
  NotificationTemplateResult,
  NotificationTemplateView,
  SendManualNotificationInput,
  SendNotificationResult,
  SupportContactView,
  SupportMessageResult,
  UpdateNotificationTemplateInput,
} from './notification.types.js';

/** Contact member and contact support (spec 1 §2 modals): the GraphQL twins of /api/notifications. */
@Resolver()
export class NotificationResolver {
  @Authorized(...STAFF_AND_REPORTER_ROLES)
  @Query(() => [NotificationTemplateView], { description: 'Every active template (manual ones first). Staff only.' })
  notificationTemplates(@Ctx() { em, user, services }: GraphQLContext): Promise<NotificationTemplateView[]> {
    return services.notifications.templates(em, user);
  }

  @Authorized(...STAFF_AND_REPORTER_ROLES)
  @Query(() => NotificationTemplateView, { description: 'One template (getmanualnotificationtemplate?id).' })
  notificationTemplate(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('templateId', () => Int) templateId: number,
  ): Promise<NotificationTemplateView> {
    return services.notifications.template(em, user, templateId);
  }

  @Authorized(...STAFF_AND_REPORTER_ROLES)
  @Query(() => [NotificationPreviewView], {
    description:
      'The manual templates filled from the account’s agreement (GetManualWithPreview/{accountId}); for one of ' +
      'the account’s members and agreements when given (the at-risk worklist’s Contact member).',
  })
  manualNotificationPreviews(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('accountId', () => Int) accountId: number,
    @Arg('memberId', () => Int, { nullable: true }) memberId?: number | null,
    @Arg('contractId', () => Int, { nullable: true }) contractId?: number | null,
  ): Promise<NotificationPreviewView[]> {
    return services.notifications.manualPreviews(em, user, accountId, memberId ?? null, contractId ?? null);
  }

  @Authorized(...STAFF_AND_REPORTER_ROLES)
  @Query(() => NotificationPreviewView, {
    description:
      'The approval notification (ContractApprovingNotification) filled from the agreement and its member, to send ' +
      'with sendManualNotification while the agreement waits for the member’s approval (GetContractApprovingPreview).',
  })
  contractApprovingPreview(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('contractId', () => Int) contractId: number,
  ): Promise<NotificationPreviewView> {
    return services.notifications.approvalPreview(em, user, contractId);
  }

  @Authorized(...STAFF_AND_REPORTER_ROLES)
  @Query(() => [MemberNoticePreviewView], {
    description:
      'Every member notice (bill and deposit reminders, missed deposit, payment failed, changes, renewal …) as it ' +
      'would read for the agreement’s first member now, with what it is filled from. Staff only.',
  })
  memberNoticePreviews(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('contractId', () => Int) contractId: number,
  ): Promise<MemberNoticePreviewView[]> {
    return services.noticePreviews.previews(em, user, contractId);
  }

  @Authorized(...STAFF_ROLES)
  @Mutation(() => SendNotificationResult, {
    description:
      'Contact member (sendManually): statuses 1, 4, 7 and 8 only, or the approval notification (ContractApprovingNotification) in 0 and 9; queued through the outbox.',
  })
  async sendManualNotification(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('input', () => SendManualNotificationInput) input: SendManualNotificationInput,
  ): Promise<SendNotificationResult> {
    const result = await withUserErrors(() => services.notifications.sendManual(em, user, input));
    return {
      message: result.value?.message ?? null,
      notificationIds: result.value?.notificationIds ?? [],
      errors: result.errors,
    };
  }

  @Authorized(...STAFF_ROLES)
  @Mutation(() => NotificationTemplateResult, { description: 'Edits a template (placeholders checked). Staff only.' })
  async updateNotificationTemplate(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('input', () => UpdateNotificationTemplateInput) input: UpdateNotificationTemplateInput,
  ): Promise<NotificationTemplateResult> {
    const result = await withUserErrors(() => services.notifications.updateTemplate(em, user, input));
    return { template: result.value, errors: result.errors };
  }

  @Authorized(SIGNED_IN)
  @Query(() => SupportContactView, { description: 'The support team’s contact (getbillsumosupportcontact).' })
  supportContact(@Ctx() { em, user, services }: GraphQLContext): Promise<SupportContactView> {
    return services.support.contact(em, user);
  }

  @Authorized(SIGNED_IN)
  @Mutation(() => SupportMessageResult, {
    description:
      'Contact support (sendemailtosupport): e-mails the support team with the sender, the member and the account ' +
      '(a member: their own accounts only). Answers "Message sent…".',
  })
  async sendSupportMessage(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('message') message: string,
    @Arg('accountId', () => Int, { nullable: true }) accountId: number | null,
  ): Promise<SupportMessageResult> {
    const result = await withUserErrors(() => services.support.send(em, user, { accountId, message }));
    return { message: result.value?.message ?? null, errors: result.errors };
  }
}
