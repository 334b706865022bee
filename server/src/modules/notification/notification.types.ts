import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { UserError } from '../../graphql/user-error.js';

@ObjectType('NotificationTemplate', { description: 'A message template with {placeholders} (spec 1 §3). Staff only.' })
export class NotificationTemplateView {
  @Field(() => Int)
  templateId!: number;

  @Field()
  templateName!: string;

  @Field()
  title!: string;

  @Field()
  emailSubject!: string;

  @Field()
  emailTemplate!: string;

  @Field()
  smsTemplate!: string;

  @Field({ description: 'Offered by the contact-member modal.' })
  isManual!: boolean;

  @Field(() => [String], { description: 'The {placeholders} this template may use.' })
  placeholders!: string[];

  @Field({ description: 'When the message is sent, in words.' })
  whenSent!: string;
}

@ObjectType('NotificationPreview', { description: 'A manual template filled from the account’s agreement.' })
export class NotificationPreviewView {
  @Field(() => Int)
  templateId!: number;

  @Field()
  templateName!: string;

  @Field()
  title!: string;

  @Field(() => Int)
  accountId!: number;

  @Field(() => Int)
  memberId!: number;

  @Field(() => Int)
  contractId!: number;

  @Field()
  emailSubject!: string;

  @Field()
  emailBody!: string;

  @Field()
  smsBody!: string;

  @Field({
    description: 'The template that fits the agreement as it stands (listed first); Contact member opens with it.',
  })
  suggested!: boolean;
}

@InputType({ description: 'A manual notification request (sendManually): the preview as staff send it.' })
export class SendManualNotificationInput {
  @Field(() => Int)
  accountId!: number;

  @Field(() => Int)
  memberId!: number;

  @Field(() => Int)
  contractId!: number;

  @Field(() => Int, { nullable: true })
  templateId?: number | null;

  @Field(() => String, { nullable: true })
  notificationName?: string | null;

  @Field(() => String, { nullable: true })
  emailSubject?: string | null;

  @Field(() => String, { nullable: true })
  emailBody?: string | null;

  @Field(() => String, { nullable: true })
  smsBody?: string | null;

  @Field(() => String, { nullable: true })
  message?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The staff worklist row this contact answers: marked done (contacted) with the send.',
  })
  worklistKey?: string | null;
}

@ObjectType({ description: 'A notification queued (message says so), or why not (errors).' })
export class SendNotificationResult {
  @Field(() => String, { nullable: true })
  message!: string | null;

  @Field(() => [Int])
  notificationIds!: number[];

  @Field(() => [UserError])
  errors!: UserError[];
}

@InputType({ description: 'A template’s texts as staff edit them; placeholders are checked.' })
export class UpdateNotificationTemplateInput {
  @Field(() => Int)
  templateId!: number;

  @Field()
  title!: string;

  @Field()
  emailSubject!: string;

  @Field()
  emailTemplate!: string;

  @Field()
  smsTemplate!: string;
}

@ObjectType()
export class NotificationTemplateResult {
  @Field(() => NotificationTemplateView, { nullable: true })
  template!: NotificationTemplateView | null;

  @Field(() => [UserError])
  errors!: UserError[];
}

@ObjectType('SupportContact', { description: 'The support team’s contact (getbillsumosupportcontact).' })
export class SupportContactView {
  @Field()
  supportEmail!: string;

  @Field()
  supportUrl!: string;

  @Field()
  helpUrl!: string;
}

@ObjectType({ description: 'The support message sent (message: "Message sent…"), or why not (errors).' })
export class SupportMessageResult {
  @Field(() => String, { nullable: true })
  message!: string | null;

  @Field(() => [UserError])
  errors!: UserError[];
}

@ObjectType('MemberNoticePreview', {
  description: 'A member notice (an event the member is told of) filled for an agreement as it stands. Staff only.',
})
export class MemberNoticePreviewView {
  @Field({ description: 'The event kind (billReminder, missedDeposit, …).' })
  kind!: string;

  @Field()
  templateName!: string;

  @Field({ description: 'When it is sent, in words.' })
  whenSent!: string;

  @Field({ description: 'What the example is filled from, in words.' })
  example!: string;

  @Field(() => String, { nullable: true })
  emailSubject!: string | null;

  @Field(() => String, { nullable: true })
  emailBody!: string | null;

  @Field(() => String, { nullable: true, description: 'At most 160 characters.' })
  smsBody!: string | null;

  @Field(() => String, { nullable: true, description: 'Why it cannot be filled for this agreement (nothing is sent).' })
  problem!: string | null;
}
