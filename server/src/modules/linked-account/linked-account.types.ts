import { Field, Int, ObjectType } from 'type-graphql';
import type { Cents } from '../../shared/money.js';
import { MoneyScalar } from '../../graphql/scalars.js';

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
