import { Field, Int, ObjectType } from 'type-graphql';
import type { LocalDate } from '../../shared/local-date.js';
import type { Cents } from '../../shared/money.js';
import { LocalDateScalar, MoneyScalar } from '../../graphql/scalars.js';
import { TransactionStatus } from '../ledger/index.js';

@ObjectType({ description: 'One line of a ledger transaction: into (+) or out of (-) one pocket.' })
export class TransactionLine {
  @Field({ description: 'Allocation, Contingency, Rainy day, the savings account number, or External.' })
  account!: string;

  @Field(() => MoneyScalar)
  amount!: Cents;

  @Field(() => Int, {
    nullable: true,
    description:
      'The agreement version whose pocket it is (none for a savings account or the outside world): a version ' +
      'transfer moves the previous version’s balances to the new one.',
  })
  agreementId?: number | null;
}

@ObjectType({ description: 'A movement of money with its ledger lines and status (the transaction details page).' })
export class TransactionDetails {
  @Field(() => Int)
  transactionId!: number;

  @Field({ description: 'When it was recorded (ISO-8601).' })
  date!: string;

  @Field(() => LocalDateScalar)
  effectiveDate!: LocalDate;

  @Field(() => Int, { nullable: true, description: 'The agreement version it was recorded on.' })
  agreementId?: number | null;

  @Field(() => Int)
  type!: number;

  @Field()
  typeName!: string;

  @Field(() => TransactionStatus)
  status!: TransactionStatus;

  @Field()
  statusName!: string;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => MoneyScalar, { description: 'The effect on the agreement’s balances.' })
  amount!: Cents;

  @Field(() => [TransactionLine])
  lines!: TransactionLine[];

  @Field(() => Int, { nullable: true })
  billId?: number | null;

  @Field(() => String, { nullable: true })
  billerName?: string | null;
}

@ObjectType('RestTransactionStatus', { description: 'A transaction status code and its name (REST only).' })
export class TransactionStatusItem {
  @Field(() => Int)
  id!: number;

  @Field()
  name!: string;
}
