import { Field, Int, ObjectType } from 'type-graphql';
import { UserError } from '../../graphql/user-error.js';

@ObjectType('OutboxMessage', {
  description: 'A message of the notification outbox and its delivery status. Staff only.',
})
export class OutboxMessageView {
  @Field(() => Int)
  notificationId!: number;

  @Field({ description: 'NotificationName (usually the template’s name).' })
  name!: string;

  @Field({ description: 'ManualNotification, ContractApprovingNotification, EventNotification or SupportMessage.' })
  sourceType!: string;

  @Field({ description: 'Email or Sms.' })
  channel!: string;

  @Field(() => String, { nullable: true, description: 'The e-mail address or mobile number.' })
  recipient!: string | null;

  @Field(() => String, { nullable: true })
  subject!: string | null;

  @Field(() => String, { nullable: true })
  body!: string | null;

  @Field({ description: 'Queued, Sending, Sent, Failed or Cancelled.' })
  status!: string;

  @Field(() => Int, { description: 'Delivery attempts so far.' })
  attempts!: number;

  @Field(() => String, { nullable: true, description: 'Why the last attempt failed.' })
  lastError!: string | null;

  @Field()
  queuedAt!: string;

  @Field(() => String, { nullable: true })
  sentAt!: string | null;

  @Field(() => Int, { nullable: true })
  accountId!: number | null;

  @Field(() => Int, { nullable: true })
  memberId!: number | null;
}

@ObjectType('CapturedMessage', {
  description: 'A message kept by the local capture (e-mail when SMTP_URL is unset; SMS by the capturing provider).',
})
export class CapturedMessageView {
  @Field(() => Int)
  capturedMessageId!: number;

  @Field({ description: 'Email or Sms.' })
  channel!: string;

  @Field()
  receivedAt!: string;

  @Field()
  sender!: string;

  @Field()
  recipients!: string;

  @Field(() => String, { nullable: true })
  subject!: string | null;

  @Field()
  body!: string;

  @Field(() => Int, { nullable: true })
  notificationId!: number | null;
}

@ObjectType({ description: 'A failed message queued again (message says so, with its status), or why not (errors).' })
export class ResendNotificationResult {
  @Field(() => String, { nullable: true })
  message!: string | null;

  @Field(() => OutboxMessageView, { nullable: true })
  outboxMessage!: OutboxMessageView | null;

  @Field(() => [UserError])
  errors!: UserError[];
}
