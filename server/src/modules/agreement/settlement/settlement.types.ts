import { Field, Int, ObjectType } from 'type-graphql';
import type { Cents } from '../../../shared/money.js';
import type { LocalDate } from '../../../shared/local-date.js';
import { LocalDateScalar, MoneyScalar } from '../../../graphql/scalars.js';
import { UserError } from '../../../graphql/user-error.js';

@ObjectType({ description: 'An agreement’s three balances and their total.' })
export class ClosingBalances {
  @Field(() => MoneyScalar) allocation!: Cents;
  @Field(() => MoneyScalar) contingency!: Cents;
  @Field(() => MoneyScalar) rainyDay!: Cents;
  @Field(() => MoneyScalar) total!: Cents;
}

@ObjectType({ description: 'A bill due by the day the agreement was cancelled and not paid: the member pays it.' })
export class ClosingBillDue {
  @Field(() => Int) billId!: number;
  @Field() payee!: string;
  @Field(() => LocalDateScalar) dueDate!: LocalDate;
  @Field(() => MoneyScalar) amount!: Cents;
}

@ObjectType({ description: 'The closing statement of the account’s cancelled agreement (issue 26 item 2).' })
export class ClosingStatement {
  @Field(() => Int) agreementId!: number;
  @Field(() => Int) accountId!: number;
  @Field(() => LocalDateScalar) cancelledOn!: LocalDate;
  @Field() reason!: string;
  @Field(() => ClosingBalances, { description: 'The balances when it was cancelled.' }) balances!: ClosingBalances;
  @Field(() => [ClosingBillDue]) billsDue!: ClosingBillDue[];
  @Field(() => MoneyScalar, { description: 'Paid into a savings account on cancelling.' }) paidOut!: Cents;
  @Field(() => String, { nullable: true, description: 'The savings account it was paid into.' }) paidTo!: string | null;
  @Field(() => MoneyScalar, { description: 'Still held on the account now (negative: owed) until the reset.' })
  held!: Cents;
  @Field(() => LocalDateScalar, { nullable: true, description: 'The day staff reset the account.' })
  resetOn!: LocalDate | null;
  @Field(() => MoneyScalar, { nullable: true, description: 'Paid into (negative: taken from) savings by the reset.' })
  resetAmount!: Cents | null;
  @Field({ description: 'The statement’s sentence about the balance.' }) message!: string;
}

@ObjectType({ description: 'The account’s closing statement, or none when no agreement of it was cancelled.' })
export class ClosingStatementResult {
  @Field(() => ClosingStatement, { nullable: true }) statement!: ClosingStatement | null;
}

@ObjectType()
export class ResetAccountOutcome {
  @Field(() => Int) transactionId!: number;
  @Field({ description: 'The net amount paid into the savings account (negative: taken from it), decimal.' })
  amount!: string;
  @Field() message!: string;
}

@ObjectType()
export class ResetAccountResult {
  @Field(() => ResetAccountOutcome, { nullable: true }) result?: ResetAccountOutcome | null;
  @Field(() => [UserError]) errors!: UserError[];
}
