import { Field, InputType, Int, ObjectType } from 'type-graphql';
import type { LocalDate } from '../../shared/local-date.js';
import type { Cents } from '../../shared/money.js';
import { LocalDateScalar, MoneyScalar } from '../../graphql/scalars.js';
import { BillStatus } from '../bill/index.js';

/** The bill details of one biller or sub-category, as the wizard's biller form holds them. */
@InputType()
export class BillDetailsInput {
  @Field(() => Int, {
    description:
      'Billing frequency code: 0 per day, 1 weekly, 2 fortnightly, 3 monthly, 4 every 2nd month, 5 quarterly, ' +
      '6 semi-annually, 7 annually, 8 once only, 10 bi-monthly (twice a month).',
  })
  frequency!: number;

  @Field(() => LocalDateScalar, { description: 'The date of the (first) bill; every occurrence counts from it.' })
  dateOfBill!: LocalDate;

  @Field(() => LocalDateScalar, { nullable: true, description: 'Bi-monthly (10) only: the second date in the month.' })
  secondDateOfBill?: LocalDate | null;

  @Field(() => LocalDateScalar, {
    nullable: true,
    description: 'The expected final bill (itself a bill); nothing falls after it. 0001-01-01 means none.',
  })
  finalBillDate?: LocalDate | null;

  @Field(() => MoneyScalar, { description: 'The expected bill value (the off-peak value of a season bill).' })
  amount!: Cents;

  @Field(() => MoneyScalar, { nullable: true, description: 'Season bill: the value in peak months.' })
  peakValue?: Cents | null;

  @Field(() => MoneyScalar, {
    nullable: true,
    description: 'Season bill: the value in other months; `amount` if absent.',
  })
  offPeakValue?: Cents | null;

  @Field(() => [Int], { nullable: true, description: 'Season bill: the peak months, 1-12.' })
  peakMonths?: number[] | null;

  @Field(() => Boolean, {
    nullable: true,
    defaultValue: false,
    description: 'doesAmountVaryFromBillToBill: a variable bill carries a 10% contingency.',
  })
  amountVaries?: boolean | null;

  @Field(() => Int, {
    nullable: true,
    description:
      'Payment method code 0-7 (0 BPAY, 1 EFT, 2 cheque, 3 reimbursement, 4 direct debit, ...); ' +
      'direct debit carries a 10% contingency.',
  })
  paymentMethod?: number | null;
}

@InputType({ description: "A biller's bill details and the period to list its bills in." })
export class BillScheduleInput extends BillDetailsInput {
  @Field(() => LocalDateScalar)
  periodStart!: LocalDate;

  @Field(() => LocalDateScalar, { description: 'Included.' })
  periodEnd!: LocalDate;

  @Field(() => LocalDateScalar, { nullable: true, description: 'Only occurrences strictly after this date.' })
  after?: LocalDate | null;

  @Field(() => Int, { nullable: true, defaultValue: -1, description: 'At most this many occurrences; -1 = all.' })
  limit?: number | null;
}

@ObjectType({ description: 'One foreseen bill.' })
export class BillOccurrencePreview {
  @Field(() => LocalDateScalar)
  date!: LocalDate;

  @Field(() => MoneyScalar, { description: 'The peak or off-peak value for a season bill.' })
  amount!: Cents;

  @Field(() => MoneyScalar, { description: '10% of the amount for variable and direct-debit bills, else 0.' })
  contingency!: Cents;

  @Field(() => MoneyScalar, { description: 'Amount plus contingency: what the deposits must fund.' })
  total!: Cents;

  @Field(() => BillStatus, {
    description: 'The bill’s status on today: Scheduled, Overdue or Upcoming (next 30 days).',
  })
  status!: BillStatus;

  @Field()
  statusLabel!: string;

  @Field()
  isFinalBill!: boolean;
}

@ObjectType({ description: "A biller's bills over a period (the 10,000 cap applies)." })
export class BillSchedulePreview {
  @Field(() => LocalDateScalar, { description: 'The institution’s today, which the statuses are relative to.' })
  today!: LocalDate;

  @Field(() => Int)
  frequency!: number;

  @Field()
  frequencyLabel!: string;

  @Field(() => [BillOccurrencePreview])
  occurrences!: BillOccurrencePreview[];

  @Field(() => Int)
  count!: number;

  @Field(() => MoneyScalar)
  totalAmount!: Cents;

  @Field(() => MoneyScalar)
  totalContingency!: Cents;

  @Field(() => MoneyScalar, { description: 'Amount plus contingency over the listed bills.' })
  total!: Cents;
}
