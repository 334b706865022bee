import { Field, InputType, Int, ObjectType } from 'type-graphql';
import type { LocalDate } from '../../shared/local-date.js';
import type { Cents } from '../../shared/money.js';
import { LocalDateScalar, MoneyScalar } from '../../graphql/scalars.js';
import { UserError } from '../../graphql/user-error.js';
import { BillerStatus } from './biller-status.js';
import { BalancePoint } from '../planner/index.js';

/**
 * The wizard's biller and sub-category shapes (spec 2 §3), the same on GraphQL and on REST (wire.ts writes money
 * in dollars with two decimals). Dates in inputs are text (YYYY-MM-DD or DD-MM-YYYY) so that a malformed one is
 * answered as data (invalidDateFormat on its field), like every other form error.
 */

@ObjectType('WizardBiller', { description: 'A biller of an agreement as the wizard’s biller form loads it.' })
export class BillerView {
  @Field(() => Int, { description: 'billerId (also id).' }) id!: number;
  @Field(() => Int) billerId!: number;
  @Field(() => Int, { description: 'The agreement (version) it belongs to.' }) contractId!: number;
  @Field() nickname!: string;
  @Field(() => Int) billingCategoryId!: number;
  @Field({ description: 'The category’s name.' }) category!: string;
  @Field(() => Int, { nullable: true, description: 'Null: the unknown company.' }) companyId!: number | null;
  @Field(() => String, { nullable: true }) company!: string | null;
  @Field(() => BillerStatus) status!: BillerStatus;
  @Field() isActive!: boolean;
  @Field() isValid!: boolean;
  @Field(() => Int, { description: '0 none, 1 new, 2 edit, 3 removed, 4 enable.' }) modificationState!: number;
  @Field(() => Int, { description: '0 BPAY, 1 EFT, 2 cheque, 3 reimbursement, 4 direct debit (7 unknown).' })
  paymentType!: number;
  @Field(() => String, { nullable: true }) bPayNumber!: string | null;
  @Field(() => String, { nullable: true }) bpayBillerName!: string | null;
  @Field(() => String, { nullable: true, description: 'Masked with asterisks but for its last digits.' })
  customerReferenceNumber!: string | null;
  @Field(() => String, { nullable: true, description: '6 digits.' }) bsbNumber!: string | null;
  @Field(() => String, { nullable: true, description: 'Shown 3-3: 062-000.' }) bsbDisplay!: string | null;
  @Field(() => String, { nullable: true }) bsbBankName!: string | null;
  @Field(() => String, { nullable: true }) eftAccountNumber!: string | null;
  @Field(() => String, { nullable: true }) eftAccountName!: string | null;
  @Field(() => String, { nullable: true }) eftReferenceNumber!: string | null;
  @Field(() => String, { nullable: true }) directDebitAccountNumber!: string | null;
  @Field(() => MoneyScalar) expectedBillValue!: Cents;
  @Field(() => MoneyScalar, { description: '10% of the bill value for a varying or direct-debit bill, else 0.' })
  contingencyValue!: Cents;
  @Field(() => MoneyScalar, { nullable: true }) newEstimate!: Cents | null;
  @Field(() => Int) billingFrequency!: number;
  @Field(() => LocalDateScalar, { description: 'The (first) date of bill; biMonthly1stDate for bi-monthly.' })
  dateOfBill!: LocalDate;
  @Field(() => Int, { description: 'Days before the date of bill the payment is made.' }) dateOfBillOffset!: number;
  @Field(() => LocalDateScalar, { nullable: true }) biMonthly1stDate!: LocalDate | null;
  @Field(() => LocalDateScalar, { nullable: true }) biMonthly2ndDate!: LocalDate | null;
  @Field(() => Int, { nullable: true }) secondDayOfMonth!: number | null;
  @Field() isExactDateOfBillKnown!: boolean;
  @Field() doesAmountVaryFromBillToBill!: boolean;
  @Field() isAutoPaymentBill!: boolean;
  @Field() isNotificationEnabled!: boolean;
  @Field() isFinalBillExpected!: boolean;
  @Field(() => LocalDateScalar, { nullable: true }) expectedFinalBillDate!: LocalDate | null;
  @Field() isSeasonBill!: boolean;
  @Field(() => String, { nullable: true, description: 'Comma-separated month numbers: "6,7,8".' })
  peakMonths!: string | null;
  @Field(() => MoneyScalar, { nullable: true }) peakValueOfBill!: Cents | null;
  @Field(() => MoneyScalar, { nullable: true }) offPeakValueOfBill!: Cents | null;
  @Field(() => Int, { nullable: true, description: '1 all unpaid bills, 2 current and future bills.' })
  overdueOption!: number | null;
  @Field(() => LocalDateScalar, { description: 'dateOfCreation: the day it was added.' }) dateOfCreation!: LocalDate;
  @Field({ description: 'A pending transaction exists: it cannot be edited.' }) isLocked!: boolean;
  @Field() hasOverdueBills!: boolean;
  @Field(() => String, { nullable: true, description: 'The overdue-bills warning, when it has overdue bills.' })
  overdueWarning!: string | null;
}

@ObjectType('WizardSubCategory', { description: 'A billing sub-category of an agreement (spec 2 §3).' })
export class SubCategoryView {
  @Field(() => Int, { description: 'billingSubCategoryId (also id).' }) id!: number;
  @Field(() => Int) billingSubCategoryId!: number;
  @Field(() => Int) contractId!: number;
  @Field(() => Int) billingCategoryId!: number;
  @Field() category!: string;
  @Field() nickname!: string;
  @Field(() => MoneyScalar) expectedBillValue!: Cents;
  @Field(() => Int) billingFrequency!: number;
  @Field(() => LocalDateScalar) dateOfBill!: LocalDate;
  @Field(() => LocalDateScalar, { nullable: true }) biMonthly1stDate!: LocalDate | null;
  @Field(() => LocalDateScalar, { nullable: true }) biMonthly2ndDate!: LocalDate | null;
  @Field() isExactDateOfBillKnown!: boolean;
  @Field(() => BillerStatus, { description: 'Active or Removed.' }) status!: BillerStatus;
  @Field(() => Int) modificationState!: number;
  @Field() isActive!: boolean;
  @Field(() => Int, { nullable: true }) overdueOption!: number | null;
  @Field(() => LocalDateScalar) dateOfCreation!: LocalDate;
  @Field() isLocked!: boolean;
  @Field() hasOverdueBills!: boolean;
  @Field(() => String, { nullable: true }) overdueWarning!: string | null;
}

@ObjectType('WizardListItem', { description: 'One row of the wizard’s billers list: a biller or a sub-category.' })
export class ListItemView {
  @Field(() => Int) id!: number;
  @Field(() => Int, { description: '0 biller, 1 sub-category.' }) type!: number;
  @Field() nickname!: string;
  @Field(() => Int) billingCategoryId!: number;
  @Field() category!: string;
  @Field(() => String, { nullable: true }) company!: string | null;
  @Field(() => BillerStatus) status!: BillerStatus;
  @Field(() => Int, { description: '0 none, 1 new, 2 edit, 3 removed, 4 enable: how the row is highlighted.' })
  modificationState!: number;
  @Field(() => Int, { nullable: true, description: 'A biller’s payment type; null for a sub-category.' })
  paymentType!: number | null;
  @Field(() => MoneyScalar) expectedBillValue!: Cents;
  @Field(() => Int) billingFrequency!: number;
  @Field(() => LocalDateScalar) dateOfBill!: LocalDate;
  @Field(() => LocalDateScalar, {
    nullable: true,
    description: 'Its next bill, due today or later within the agreement (the list’s “Next bill”); null: none left.',
  })
  nextBillDate!: LocalDate | null;
  @Field() isLocked!: boolean;
  @Field() canEdit!: boolean;
  @Field() canRemove!: boolean;
  @Field() canReinstate!: boolean;
  @Field(() => String, { nullable: true, description: 'Why it cannot be edited, in the spec’s words.' })
  lockedMessage!: string | null;
}

@ObjectType('WizardRemoval', { description: 'The remove screen of a biller or sub-category (spec 2 §2).' })
export class RemovalInfoView {
  @Field(() => Int) id!: number;
  @Field(() => Int) type!: number;
  @Field(() => LocalDateScalar, { nullable: true, description: 'Its next bill after today within the agreement.' })
  nextTransactionDate!: LocalDate | null;
  @Field(() => LocalDateScalar, {
    nullable: true,
    description: 'The expected final bill date the screen proposes (the stored one, else the next bill).',
  })
  expectedFinalBillDate!: LocalDate | null;
  @Field(() => LocalDateScalar, { description: 'The latest final bill date accepted: the agreement’s end.' })
  latestFinalBillDate!: LocalDate;
  @Field() isLocked!: boolean;
  @Field({ description: 'The next bill could not be worked out (the screen shows its load-error state).' })
  loadError!: boolean;
}

@ObjectType('BillerSaveResult', { description: 'A saved biller, or why not (nothing is written then).' })
export class BillerSaveResult {
  @Field(() => BillerView, { nullable: true }) biller!: BillerView | null;
  @Field({ description: 'The change alters the contract: the wizard goes on to re-calculate the deposits.' })
  depositsStepNeeded!: boolean;
  @Field(() => [String], { description: 'The payment fields that changed (spec 2 §4 payment change).' })
  paymentChanges!: string[];
  @Field(() => String, { nullable: true, description: 'The success message when the wizard returns to the list.' })
  message!: string | null;
  @Field(() => [UserError]) errors!: UserError[];
}

@ObjectType('SubCategorySaveResult')
export class SubCategorySaveResult {
  @Field(() => SubCategoryView, { nullable: true }) subCategory!: SubCategoryView | null;
  @Field() depositsStepNeeded!: boolean;
  @Field(() => String, { nullable: true }) message!: string | null;
  @Field(() => [UserError]) errors!: UserError[];
}

@ObjectType('WizardItemChangeResult', { description: 'A removal or reinstatement, or why not.' })
export class ItemChangeResult {
  @Field(() => ListItemView, { nullable: true, description: 'The item after the change; null when it was deleted.' })
  item!: ListItemView | null;
  @Field({ description: 'True when the row was deleted (setup force-remove, or added in this modification).' })
  deleted!: boolean;
  @Field(() => String, { nullable: true }) message!: string | null;
  @Field(() => [UserError]) errors!: UserError[];
}

@ObjectType('CategoryAssignmentResult')
export class CategoryAssignmentResult {
  @Field(() => Int, { nullable: true }) billingCategoryId!: number | null;
  @Field(() => String, { nullable: true }) category!: string | null;
  @Field(() => [UserError]) errors!: UserError[];
}

@ObjectType('DirectDebitAccountNumberResult')
export class DirectDebitNumberResult {
  @Field(() => String, { nullable: true }) accountNumber!: string | null;
  @Field() valid!: boolean;
  @Field(() => [UserError]) errors!: UserError[];
}

@ObjectType('BillerFormOption')
export class FormOptionView {
  @Field(() => Int) code!: number;
  @Field() label!: string;
}

@ObjectType('BillerFormOptions', { description: 'The biller and sub-category forms’ lists and texts (spec 2 §3, §8).' })
export class BillerFormOptionsView {
  @Field(() => [FormOptionView]) frequencies!: FormOptionView[];
  @Field(() => [FormOptionView]) paymentTypes!: FormOptionView[];
  @Field(() => [FormOptionView]) overdueOptions!: FormOptionView[];
  @Field() billerOverdueWarning!: string;
  @Field() subCategoryOverdueWarning!: string;
  @Field({ description: 'The business BSB direct debits are paid into: 654-000.' }) businessBsbNumber!: string;
  @Field() directDebitBsbNotice!: string;
}

@InputType('BillerInput', { description: 'The biller form (spec 2 §3); billerId null adds a biller.' })
export class BillerInput {
  @Field(() => Int, { nullable: true }) billerId?: number | null;
  @Field(() => Int) contractId!: number;
  @Field(() => Int) billingCategoryId!: number;
  @Field(() => Int, { nullable: true, description: 'Null: the unknown company.' }) companyId?: number | null;
  @Field(() => String, { nullable: true }) nickname?: string | null;
  @Field(() => Int, { nullable: true }) paymentType?: number | null;
  @Field(() => String, { nullable: true }) bPayNumber?: string | null;
  @Field(() => String, { nullable: true, description: 'The masked reference sent back unchanged keeps it.' })
  customerReferenceNumber?: string | null;
  @Field(() => String, { nullable: true }) bsbNumber?: string | null;
  @Field(() => String, { nullable: true }) eftAccountNumber?: string | null;
  @Field(() => String, { nullable: true }) eftAccountName?: string | null;
  @Field(() => String, { nullable: true, description: 'Blank: the nickname cut to 18.' })
  eftReferenceNumber?: string | null;
  @Field(() => String, { nullable: true, description: 'Blank: the next free number is assigned.' })
  directDebitAccountNumber?: string | null;
  @Field(() => MoneyScalar, { nullable: true }) expectedBillValue?: Cents | null;
  @Field(() => Int, { nullable: true }) billingFrequency?: number | null;
  @Field(() => Boolean, { nullable: true }) isExactDateOfBillKnown?: boolean | null;
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD or DD-MM-YYYY.' }) dateOfBill?: string | null;
  @Field(() => Int, { nullable: true, description: 'A rough date: the month (1-12) of the next bill.' })
  roughMonth?: number | null;
  @Field(() => String, { nullable: true }) biMonthly1stDate?: string | null;
  @Field(() => String, { nullable: true }) biMonthly2ndDate?: string | null;
  @Field(() => Boolean, { nullable: true }) isFinalBillExpected?: boolean | null;
  @Field(() => String, { nullable: true }) expectedFinalBillDate?: string | null;
  @Field(() => Boolean, { nullable: true }) isSeasonBill?: boolean | null;
  @Field(() => MoneyScalar, { nullable: true }) peakValueOfBill?: Cents | null;
  @Field(() => MoneyScalar, { nullable: true }) offPeakValueOfBill?: Cents | null;
  @Field(() => [Int], { nullable: true }) peakMonths?: number[] | null;
  @Field(() => Boolean, { nullable: true }) doesAmountVaryFromBillToBill?: boolean | null;
  @Field(() => Boolean, { nullable: true }) isAutoPaymentBill?: boolean | null;
  @Field(() => Boolean, { nullable: true }) isNotificationEnabled?: boolean | null;
  @Field(() => Int, { nullable: true }) overdueOption?: number | null;
  @Field(() => String, { nullable: true, description: 'A note on the biller (staff).' }) newNoteText?: string | null;
}

@InputType('SubCategoryInput', {
  description: 'The sub-category form (spec 2 §3); billingSubCategoryId null adds one.',
})
export class SubCategoryInput {
  @Field(() => Int, { nullable: true }) billingSubCategoryId?: number | null;
  @Field(() => Int) contractId!: number;
  @Field(() => Int) billingCategoryId!: number;
  @Field(() => String, { nullable: true }) nickname?: string | null;
  @Field(() => MoneyScalar, { nullable: true }) expectedBillValue?: Cents | null;
  @Field(() => Int, { nullable: true }) billingFrequency?: number | null;
  @Field(() => Boolean, { nullable: true }) isExactDateOfBillKnown?: boolean | null;
  @Field(() => String, { nullable: true }) dateOfBill?: string | null;
  @Field(() => Int, { nullable: true }) roughMonth?: number | null;
  @Field(() => String, { nullable: true }) biMonthly1stDate?: string | null;
  @Field(() => String, { nullable: true }) biMonthly2ndDate?: string | null;
  @Field(() => Int, { nullable: true }) overdueOption?: number | null;
}

@ObjectType('PreviewDeposit', { description: 'The deposit a frequency would need.' })
export class PreviewDepositView {
  @Field(() => Int, {
    description:
      'The contribution frequency: 1 weekly, 2 fortnightly, 3 monthly, 5 quarterly, 7 annually, 10 twice a month.',
  })
  frequency!: number;
  @Field() label!: string;
  @Field(() => MoneyScalar) amount!: Cents;
}

@ObjectType('PreviewFigures')
export class PreviewFiguresView {
  @Field(() => [PreviewDepositView]) deposits!: PreviewDepositView[];
  @Field(() => BalancePoint, {
    description: 'The lowest forecast closing balance at the agreement’s own deposit (the required one if none).',
  })
  lowestPoint!: BalancePoint;
}

@ObjectType('BillerEditPreview', {
  description: 'The effect of a biller or sub-category edit before it is saved (read-only): as it is, and with it.',
})
export class BillerEditPreviewView {
  @Field({ description: 'False while the edited details cannot be calculated (message says so).' })
  available!: boolean;
  @Field(() => String, { nullable: true }) message!: string | null;
  @Field(() => PreviewFiguresView, { nullable: true, description: 'The version as stored; null without billers.' })
  before!: PreviewFiguresView | null;
  @Field(() => PreviewFiguresView, { nullable: true, description: 'With the edit in place.' })
  after!: PreviewFiguresView | null;
}
