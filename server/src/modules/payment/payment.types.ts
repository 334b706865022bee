import { Field, InputType, Int, ObjectType } from 'type-graphql';
import type { LocalDate } from '../../shared/local-date.js';
import type { Cents } from '../../shared/money.js';
import { LocalDateScalar, MoneyScalar } from '../../graphql/scalars.js';
import { UserError } from '../../graphql/user-error.js';
import { AgreementStatus } from '../agreement/index.js';
import { BillStatus } from '../bill/index.js';

@ObjectType({ description: 'A bill due for payment with its biller’s paying details (spec 1 §3 Bill for payment).' })
export class BillForPayment {
  @Field(() => Int) billId!: number;
  @Field(() => Int) contractId!: number;
  @Field(() => Int, { nullable: true }) billerId!: number | null;
  @Field(() => Int, { nullable: true }) billingSubCategoryId!: number | null;
  @Field() nickname!: string;
  @Field() categoryName!: string;
  @Field({ description: 'BPAY, EFT or Unknown (Unknown: pay as an allocation).' }) paymentType!: string;
  @Field(() => Int, {
    nullable: true,
    description: 'The biller’s payment method code (0 BPAY … 3 Reimbursement … 7 Unknown); null for an allocation.',
  })
  paymentMethod!: number | null;
  @Field({ description: 'How the bill is paid, as people read it (BPAY, EFT, Direct Debit, … or Allocation).' })
  paymentMethodName!: string;
  @Field({ description: 'A reimbursement biller’s bill (payment method 3).' }) isReimbursement!: boolean;
  @Field(() => LocalDateScalar, {
    nullable: true,
    description: 'The date the biller was added to the agreement (reimbursing is refused that day).',
  })
  billerAddedDate!: LocalDate | null;
  @Field(() => MoneyScalar) amountAllocated!: Cents;
  @Field(() => MoneyScalar) moneyFromAllocation!: Cents;
  @Field(() => MoneyScalar) moneyFromContingency!: Cents;
  @Field(() => LocalDateScalar) expectedDueDate!: LocalDate;
  @Field(() => LocalDateScalar) expectedDueDateWithNoOffset!: LocalDate;
  @Field(() => BillStatus, { description: 'Overdue and OverdueNotified are overdue; Upcoming is due within 30 days.' })
  status!: BillStatus;
  @Field(() => String, { nullable: true }) bPayNumber!: string | null;
  @Field(() => String, { nullable: true }) bPayName!: string | null;
  @Field(() => String, { nullable: true, description: 'Masked with asterisks.' }) customerReferenceNumber!:
    string | null;
  @Field(() => String, { nullable: true }) bsbNumber!: string | null;
  @Field(() => String, { nullable: true }) bsbName!: string | null;
  @Field(() => String, { nullable: true }) eftAccountNumber!: string | null;
  @Field(() => String, { nullable: true }) eftAccountName!: string | null;
  @Field(() => String, { nullable: true }) eftReferenceNumber!: string | null;
  @Field() isAutoPayment!: boolean;
  @Field({ description: 'Not yet due: the screens show the early-pay warning.' }) isEarlyPayment!: boolean;
  @Field({ description: 'Agreement not payable or biller on hold.' }) disableSubmit!: boolean;
  @Field(() => MoneyScalar) paidAmount!: Cents;
  @Field(() => MoneyScalar) amountOwing!: Cents;
}

@ObjectType()
export class BillPageView {
  @Field(() => [BillForPayment]) items!: BillForPayment[];
  @Field(() => Int) total!: number;
  @Field(() => Int) page!: number;
  @Field(() => Int) pageSize!: number;
}

@ObjectType()
export class BillDetailsView {
  @Field(() => BillForPayment) bill!: BillForPayment;
  @Field(() => MoneyScalar) availableRainyDayBalance!: Cents;
}

@ObjectType({ description: 'Which balance paid how much of a bill (billmoneysource/getbybillid).' })
export class BillMoneySourceView {
  @Field(() => Int, { description: '1 allocation, 2 contingency, 3 rainy day, 4 savings account, 5 amount owing.' })
  source!: number;
  @Field(() => MoneyScalar) amount!: Cents;
  @Field(() => Int) transactionId!: number;
  @Field(() => String, { nullable: true }) linkedAccountNumber!: string | null;
}

@ObjectType({ description: 'The confirmation summary figures (spec 1 §3).' })
export class ConfirmationFiguresView {
  @Field(() => MoneyScalar) actualAmount!: Cents;
  @Field(() => MoneyScalar) pouredIntoRainyDay!: Cents;
  @Field(() => MoneyScalar) totalPaidOut!: Cents;
  @Field(() => Int) overdueBillsCount!: number;
  @Field(() => MoneyScalar) fromRainyDay!: Cents;
  @Field(() => MoneyScalar) fromSavings!: Cents;
  @Field(() => MoneyScalar) amountOwing!: Cents;
  @Field(() => MoneyScalar) fromAllocation!: Cents;
  @Field(() => MoneyScalar) fromContingency!: Cents;
  @Field(() => MoneyScalar) combinedAllocation!: Cents;
}

@ObjectType()
export class BillConfirmationView {
  @Field(() => BillForPayment) bill!: BillForPayment;
  @Field() billOrAllocation!: string;
  @Field(() => ConfirmationFiguresView) figures!: ConfirmationFiguresView;
  @Field(() => String, { nullable: true }) reimbursementAccount!: string | null;
  @Field({ description: 'When it was paid (ISO 8601).' }) paidAt!: string;
}

@InputType({ description: 'Pay or reimburse a bill or allocation (spec 1 §3 Payment).' })
export class PayBillInput {
  @Field(() => Int) billId!: number;
  @Field(() => String, { nullable: true, description: "'bill' (default) or 'allocation'." })
  billOrAllocation?: string | null;
  @Field({ description: 'Positive, at most 2 decimals ("123.45").' }) billAmount!: string;
  @Field(() => String, { nullable: true, description: 'rainyDay, linkedAccount or shortPay.' }) topupOption?:
    string | null;
  @Field(() => String, { nullable: true }) topupAccountNumber?: string | null;
  @Field(() => String, { nullable: true, description: 'combine or ignore.' }) overdueOption?: string | null;
  @Field(() => String, { nullable: true, description: 'Reimbursement: the account paid back.' })
  reimbursementAccountNumber?: string | null;
  @Field({ description: 'One per user action; a retry with the same key returns the first answer.' })
  idempotencyKey!: string;
}

@ObjectType()
export class PaymentResult {
  @Field() ok!: boolean;
  @Field(() => Int, { nullable: true, description: 'The bill the payment is recorded on.' }) billId?: number | null;
  @Field(() => [Int]) paidBillIds!: number[];
  @Field(() => Int, { nullable: true }) transactionId?: number | null;
  @Field(() => ConfirmationFiguresView, { nullable: true }) figures?: ConfirmationFiguresView | null;
  @Field(() => [UserError]) errors!: UserError[];
}

@ObjectType({
  description: 'Paying on a manager’s arrears approval would take the allocation below zero (issue 8 item 6).',
})
export class AllocationWarningView {
  @Field(() => MoneyScalar, { description: 'The allocation balance now.' }) balanceBefore!: Cents;
  @Field(() => MoneyScalar, { description: 'What is paid.' }) amount!: Cents;
  @Field(() => MoneyScalar, { description: 'What the payment takes out of the allocation.' }) taken!: Cents;
  @Field(() => MoneyScalar, { description: 'The allocation balance after paying.' }) balanceAfter!: Cents;
}

@ObjectType({
  description:
    'What paying an amount would need (read-only): the top-up and the options the rules offer (spec 1 §4 Top-up).',
})
export class PaymentQuoteView {
  @Field(() => MoneyScalar, { description: 'What allocation, contingency, free balance and overdraw leave; 0: none.' })
  topUpRequired!: Cents;
  @Field({
    description: 'Rainy day (less the unavailable amount) covers it and the agreement lets it cover shortfalls.',
  })
  rainyDay!: boolean;
  @Field({ description: 'A linked account of the account’s members holds the whole top-up.' })
  linkedAccount!: boolean;
  @Field({ description: 'Short pay offered (hidden when the overdraw rule is irrelevant and the balance is 0).' })
  shortPay!: boolean;
  @Field({ description: 'False: a top-up is needed and nothing can provide it ("Can’t proceed without paybill").' })
  canProceed!: boolean;
  @Field(() => AllocationWarningView, {
    nullable: true,
    description: 'Set when paying on an arrears approval would take the allocation below zero: shown before paying.',
  })
  allocationWarning!: AllocationWarningView | null;
  @Field(() => [UserError], { description: 'Paying would be refused for these reasons (the same checks as paying).' })
  errors!: UserError[];
}

@InputType()
export class ReverseBillInput {
  @Field(() => Int) transactionId!: number;
  @Field() idempotencyKey!: string;
}

@ObjectType()
export class ReversalResult {
  @Field() success!: boolean;
  @Field() message!: string;
  @Field(() => Int, { nullable: true }) reversalTransactionId?: number | null;
  @Field(() => [UserError]) errors!: UserError[];
}

@InputType()
export class RainyDayTopUpInput {
  @Field(() => Int) contractId!: number;
  @Field({ description: 'The linked savings account the money comes from.' }) accountNumber!: string;
  @Field() topupAmount!: string;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field() idempotencyKey!: string;
}

@ObjectType()
export class RainyDayTopUpResult {
  @Field() ok!: boolean;
  @Field(() => Int, { nullable: true }) transactionId?: number | null;
  @Field(() => [UserError]) errors!: UserError[];
}

@InputType({ description: 'A catch-up deposit: money from a linked savings account now, towards the missed deposits.' })
export class CatchUpDepositInput {
  @Field(() => Int) contractId!: number;
  @Field({ description: 'The linked savings account the money comes from.' }) accountNumber!: string;
  @Field({ description: 'Dollars, at most 2 decimals; not more than is owed.' }) amount!: string;
  @Field() idempotencyKey!: string;
}

@ObjectType()
export class CatchUpDepositResult {
  @Field() ok!: boolean;
  @Field(() => [Int], { description: 'One ledger transaction per missed deposit paid towards, oldest first.' })
  transactionIds!: number[];
  @Field(() => String, { nullable: true, description: 'What is still owed after it ("0.00": nothing).' })
  stillOwed!: string | null;
  @Field({ description: 'Nothing is owed any more: the agreement is active again.' }) arrearsCleared!: boolean;
  @Field(() => AgreementStatus, { nullable: true, description: 'The agreement’s status after it.' })
  status!: AgreementStatus | null;
  @Field(() => [UserError]) errors!: UserError[];
}

@ObjectType({ description: 'A bill a payment with the overdue option would pay.' })
export class OverduePlanBillView {
  @Field(() => Int) billId!: number;
  @Field(() => LocalDateScalar) dueDate!: LocalDate;
  @Field(() => BillStatus) status!: BillStatus;
  @Field(() => MoneyScalar) amountAllocated!: Cents;
}

@ObjectType({
  description:
    'What the overdue option pays (spec 1 §4), by the rule paying uses: the selected bill alone, or the bills a ' +
    'combined payment covers. The pay screen shows this; it adds nothing up itself.',
})
export class OverduePlanView {
  @Field({ description: 'More than one eligible bill: the screen offers combine or ignore.' }) offered!: boolean;
  @Field(() => MoneyScalar, { description: 'Ignore: the selected bill’s allocation.' }) selectedTotal!: Cents;
  @Field(() => MoneyScalar, { description: 'Combine: the allocations of every bill it pays.' }) combinedTotal!: Cents;
  @Field(() => [OverduePlanBillView], { description: 'Combine: the bills it pays, the current one first.' })
  combinedBills!: OverduePlanBillView[];
  @Field(() => [UserError]) errors!: UserError[];
}
