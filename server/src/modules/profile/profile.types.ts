import { Field, ObjectType } from 'type-graphql';
import { MemberView } from '../member/index.js';
import { LinkedAccountView } from '../linked-account/index.js';

@ObjectType({ description: 'How the member is told about the agreement.' })
export class NotificationPreferences {
  @Field()
  email!: boolean;

  @Field()
  sms!: boolean;

  @Field({ description: 'Reminders before a biller’s bill (any biller with notifications on).' })
  billReminders!: boolean;

  @Field({ description: 'Missed-deposit messages.' })
  depositReminders!: boolean;
}

@ObjectType({ description: 'The profile and preferences page.' })
export class Profile {
  @Field(() => MemberView)
  member!: MemberView;

  @Field(() => [MemberView], { description: 'The account’s members (active links).' })
  members!: MemberView[];

  @Field(() => [LinkedAccountView])
  linkedAccounts!: LinkedAccountView[];

  @Field(() => NotificationPreferences, { nullable: true, description: 'Null when the account has no agreement.' })
  notificationPreferences?: NotificationPreferences | null;
}
