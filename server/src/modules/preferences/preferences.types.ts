import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { UserError } from '../../graphql/user-error.js';
import { NotificationPreference } from '../../shared/notification/notification-codes.js';

registerEnumType(NotificationPreference, {
  name: 'NotificationPreferenceChoice',
  description: 'How a member is told: Email, Sms or None (spec 3 §3).',
});

@ObjectType({ description: 'Member notification preference (spec 3 §3).' })
export class MemberPreferenceView {
  @Field(() => Int) memberId!: number;
  @Field() firstName!: string;
  @Field() lastName!: string;
  @Field(() => String, { nullable: true }) email!: string | null;
  @Field(() => String, { nullable: true }) mobilePhone!: string | null;
  @Field(() => NotificationPreference) notificationPreference!: NotificationPreference;
  @Field(() => String, { nullable: true, description: 'The member’s branch.' }) branch!: string | null;
}

@ObjectType()
export class SubscribedEventView {
  @Field() key!: string;
  @Field() label!: string;
  @Field() subscribed!: boolean;
}

@ObjectType()
export class BillerPreferenceView {
  @Field(() => Int) billerId!: number;
  @Field() nickname!: string;
  @Field() isNotificationEnabled!: boolean;
}

@ObjectType()
export class BranchChoice {
  @Field(() => Int) branchId!: number;
  @Field() name!: string;
}

@ObjectType({ description: 'The preferences step (spec 3 §2): members, branch, billers, subscribed events.' })
export class ContractPreferencesView {
  @Field(() => Int) contractId!: number;
  @Field({ description: 'False until saved: the defaults are shown (created for a new agreement when saved).' })
  stored!: boolean;
  @Field(() => Int, { nullable: true }) branchId!: number | null;
  @Field(() => [BranchChoice]) branches!: BranchChoice[];
  @Field(() => [MemberPreferenceView]) members!: MemberPreferenceView[];
  @Field(() => [SubscribedEventView]) events!: SubscribedEventView[];
  @Field(() => [BillerPreferenceView]) billers!: BillerPreferenceView[];
}

@InputType()
export class MemberPreferenceInput {
  @Field(() => Int) memberId!: number;
  @Field(() => NotificationPreference) notificationPreference!: NotificationPreference;
}

@InputType()
export class BillerPreferenceInput {
  @Field(() => Int) billerId!: number;
  @Field() isNotificationEnabled!: boolean;
}

@InputType()
export class EventSubscriptionInput {
  @Field() key!: string;
  @Field() subscribed!: boolean;
}

@InputType({ description: 'POST/PUT /api/contractpreferences?contractId.' })
export class ContractPreferencesInput {
  @Field(() => Int) contractId!: number;
  @Field(() => Int, { nullable: true }) branchId?: number | null;
  @Field(() => [MemberPreferenceInput]) members!: MemberPreferenceInput[];
  @Field(() => [EventSubscriptionInput], { nullable: true, description: 'Omitted: left as they are.' })
  events?: EventSubscriptionInput[] | null;
  @Field(() => [BillerPreferenceInput], { nullable: true, description: 'Omitted: left as they are.' })
  billers?: BillerPreferenceInput[] | null;
}

@ObjectType()
export class ContractPreferencesResult {
  @Field(() => ContractPreferencesView, { nullable: true }) preferences!: ContractPreferencesView | null;
  @Field(() => [UserError]) errors!: UserError[];
}

@InputType({ description: 'The member’s own preferences on their profile page.' })
export class ProfilePreferencesInput {
  @Field(() => Int) memberId!: number;
  @Field(() => Int) accountId!: number;
  @Field(() => NotificationPreference) notificationPreference!: NotificationPreference;
  @Field(() => Boolean, { nullable: true, description: 'Missed-deposit messages; omitted: left as they are.' })
  depositReminders?: boolean | null;
  @Field(() => Boolean, { nullable: true, description: 'Bill reminders of every biller; omitted: left as they are.' })
  billReminders?: boolean | null;
}

@ObjectType()
export class ProfilePreferencesResult {
  @Field(() => String, { nullable: true, description: 'The success message of spec 3 §8.' }) message!: string | null;
  @Field(() => [UserError]) errors!: UserError[];
}
