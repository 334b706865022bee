import { Field, Int, ObjectType } from 'type-graphql';
import type { Cents } from '../../common/money.js';
import { MoneyScalar } from '../../graphql/scalars.js';
import { MemberView } from '../member/member.types.js';

@ObjectType('LinkedAccount', { description: 'One of the member’s savings accounts, with its available balance.' })
export class LinkedAccountView {
  @Field(() => Int)
  linkedAccountId!: number;

  @Field()
  accountNumber!: string;

  @Field()
  accountNickname!: string;

  @Field(() => MoneyScalar)
  availableBalance!: Cents;
}

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
