import { Field, Int, ObjectType } from 'type-graphql';
import { AccountStatus } from '../agreement/index.js';

@ObjectType({ description: 'One account in the select-account list.' })
export class AccountListItem {
  @Field(() => Int)
  accountId!: number;

  @Field()
  accountNumber!: string;

  @Field(() => Int, { nullable: true })
  agreementId?: number | null;

  @Field()
  isActive!: boolean;

  @Field()
  productName!: string;

  @Field(() => AccountStatus)
  status!: AccountStatus;

  @Field({
    description:
      'What people read for the account (its agreement’s status name, or that a resigned membership suspends it).',
  })
  statusName!: string;
}

@ObjectType()
export class MemberAccountLinkView {
  @Field(() => Int)
  memberId!: number;

  @Field(() => Int)
  accountId!: number;

  @Field()
  isActive!: boolean;
}
