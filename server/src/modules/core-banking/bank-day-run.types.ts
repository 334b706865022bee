import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { LocalDateScalar, MoneyScalar } from '../../graphql/scalars.js';
import type { Cents } from '../../shared/money.js';
import type { LocalDate } from '../../shared/local-date.js';

export enum BankDayLineKindView {
  DEPOSIT = 'DEPOSIT',
  BILL = 'BILL',
}

registerEnumType(BankDayLineKindView, {
  name: 'BankDayLineKind',
  description: 'A line of a bank day: money in or out of the agreement.',
  valuesConfig: {
    DEPOSIT: { description: 'A deposit in (the day’s first step).' },
    BILL: { description: 'A bill paid automatically (the automatic payments step, after the deposits).' },
  },
});

export enum BankDayOutcomeView {
  RECEIVED = 'RECEIVED',
  MISSED = 'MISSED',
  PAID = 'PAID',
  SENT = 'SENT',
  FAILED = 'FAILED',
  NOT_PAID = 'NOT_PAID',
}

registerEnumType(BankDayOutcomeView, {
  name: 'BankDayOutcome',
  description: 'What became of a line of the last bank day.',
  valuesConfig: {
    RECEIVED: { description: 'The deposit arrived (all of it, or the amount given).' },
    MISSED: { description: 'The deposit did not arrive, in whole or in part (the reason says how much).' },
    PAID: { description: 'The biller’s bank accepted the payment.' },
    SENT: { description: 'The payment was made and sent; the biller’s bank has not answered yet.' },
    FAILED: { description: 'The biller’s bank refused the payment; the money was returned (the reason says why).' },
    NOT_PAID: { description: 'The bank day could not make the payment (the reason says why); it tries again.' },
  },
});

@ObjectType('BankDayLine', { description: 'A line of the next bank day, in the order the day runs it.' })
export class BankDayLineView {
  @Field(() => BankDayLineKindView)
  kind!: BankDayLineKindView;

  @Field(() => Int, { nullable: true, description: 'The scheduled deposit (a DEPOSIT line).' })
  depositId!: number | null;

  @Field(() => Int, { nullable: true, description: 'The bill (a BILL line).' })
  billId!: number | null;

  @Field({ description: 'What it is, in words: the bill’s name, or the deposit.' })
  label!: string;

  @Field(() => LocalDateScalar, { description: 'The date the deposit or bill is due.' })
  dueDate!: LocalDate;

  @Field(() => MoneyScalar, { description: 'The amount in (deposit) or out (bill).' })
  amount!: Cents;

  @Field(() => MoneyScalar, { description: 'The agreement’s balance after this line, the lines before it applied.' })
  balanceAfter!: Cents;

  @Field({ description: 'A deposit missed or past its date, asked for again.' })
  late!: boolean;

  @Field({ description: 'A bill the balance does not cover: it is paid from rainy day or short.' })
  short!: boolean;
}

@ObjectType('NextBankDay', {
  description:
    'What the next bank day will do for the agreement, in order: deposits in, then each bill paid automatically, ' +
    'read from the same selection the day’s steps run (deposits arriving as scheduled).',
})
export class NextBankDayView {
  @Field(() => LocalDateScalar)
  date!: LocalDate;

  @Field(() => MoneyScalar, { description: 'The agreement’s balance now (the ledger’s total).' })
  balanceBefore!: Cents;

  @Field(() => [BankDayLineView], { description: 'Empty: nothing runs that day.' })
  lines!: BankDayLineView[];

  @Field(() => MoneyScalar, { description: 'The balance after the last line (the balance now when none).' })
  balanceAfter!: Cents;
}

@ObjectType('BankDayResultLine', { description: 'A line of the last bank day: what did happen.' })
export class BankDayResultLineView {
  @Field(() => BankDayLineKindView)
  kind!: BankDayLineKindView;

  @Field(() => Int, { nullable: true })
  depositId!: number | null;

  @Field(() => Int, { nullable: true })
  billId!: number | null;

  @Field()
  label!: string;

  @Field(() => MoneyScalar, { description: 'In (deposit received), out (bill), or what was missed.' })
  amount!: Cents;

  @Field(() => BankDayOutcomeView)
  outcome!: BankDayOutcomeView;

  @Field(() => String, { nullable: true, description: 'Why, in words, when it was missed, failed or not paid.' })
  reason!: string | null;
}

@ObjectType('LastBankDay', {
  description:
    'What the last bank day did for the agreement, read from what it wrote: the deposits it posted or marked missed, ' +
    'the payments it made (and the biller’s bank’s answer since), the payments it could not make and why.',
})
export class LastBankDayView {
  @Field(() => LocalDateScalar)
  date!: LocalDate;

  @Field(() => [BankDayResultLineView], { description: 'Empty: nothing ran that day.' })
  lines!: BankDayResultLineView[];
}

@ObjectType('BankDayRun', { description: 'Tonight’s run, in sight: the next bank day and what the last one did.' })
export class BankDayRunView {
  @Field(() => Int)
  accountId!: number;

  @Field(() => Int, { nullable: true, description: 'The account’s current agreement (null: none).' })
  agreementId!: number | null;

  @Field(() => NextBankDayView)
  next!: NextBankDayView;

  @Field(() => LastBankDayView)
  last!: LastBankDayView;
}
