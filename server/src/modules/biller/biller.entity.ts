import { Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { Cents } from '../../shared/money.js';
import type { LocalDate } from '../../shared/local-date.js';
import { LocalDateType, MoneyType } from '../../database/types.js';
import type { Agreement } from '../agreement/index.js';
import { BillingFrequency } from '../../shared/bill/billing-frequency.js';
import { PaymentMethod } from '../../shared/bill/payment-method.js';
import type { BillingCategory, BillingSubCategory } from '../billing-category/index.js';
import type { Company } from '../company/index.js';
import { BillerOverdueOption, BillerStatus, ModificationState } from '../../shared/biller/biller-codes.js';

type BillerDefaults =
  | 'status'
  | 'modificationState'
  | 'isActive'
  | 'isValid'
  | 'dateOfBillOffsetDays'
  | 'isExactDateOfBillKnown'
  | 'doesAmountVary'
  | 'isAutoPayment'
  | 'isNotificationEnabled'
  | 'isFinalBillExpected'
  | 'isSeasonBill'
  | 'createdAt'
  | 'updatedAt';

/**
 * A biller of an agreement (spec 2 §3, and the paying fields of 1 §3): a company paid by BPAY, EFT, cheque,
 * direct debit or reimbursement, automatically or manually, on a schedule. Each agreement version has its own
 * rows; `previous` links a biller to its row in the version before.
 */
@Entity({ tableName: 'biller' })
@Index({ properties: ['agreement', 'status'] })
export class Biller {
  [OptionalProps]?: BillerDefaults;

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne('Agreement')
  agreement!: Agreement;

  @ManyToOne(() => Biller, { nullable: true })
  @Index()
  previous?: Biller | null;

  @ManyToOne('BillingCategory')
  @Index()
  billingCategory!: BillingCategory;

  /** Null for an unknown company (the company list's "unknown company" option). */
  @ManyToOne('Company', { nullable: true })
  @Index()
  company?: Company | null;

  /** A biller grouped under one of the agreement's sub-categories (spec 1 §3 billingSubCategoryId). */
  @ManyToOne('BillingSubCategory', { nullable: true })
  @Index()
  billingSubCategory?: BillingSubCategory | null;

  @Property({ length: 80 })
  nickname!: string;

  @Enum({ items: () => BillerStatus, type: 'smallint', default: BillerStatus.Active })
  status: BillerStatus = BillerStatus.Active;

  @Enum({ items: () => ModificationState, type: 'smallint', default: ModificationState.None })
  modificationState: ModificationState = ModificationState.None;

  @Property({ type: 'boolean', default: true })
  isActive: boolean = true;

  @Property({ type: 'boolean', default: true })
  isValid: boolean = true;

  /** The biller's failed bill's date while on hold (billersOnHold: name and date). */
  @Property({ type: LocalDateType, nullable: true })
  onHoldDate?: LocalDate | null;

  // --- Payment details ---

  /** paymentType: 0 BPAY, 1 EFT, 2 cheque, 3 reimbursement, 4 direct debit (7 unknown). */
  @Enum({ items: () => PaymentMethod, type: 'smallint' })
  paymentMethod!: PaymentMethod;

  /** bPayNumber: the BPAY biller code. */
  @Property({ length: 10, nullable: true })
  bpayBillerCode?: string | null;

  @Property({ length: 120, nullable: true })
  bpayBillerName?: string | null;

  /** Stored in full; masked with asterisks when sent to a client. */
  @Property({ length: 20, nullable: true })
  customerReferenceNumber?: string | null;

  @Property({ columnType: 'char(6)', nullable: true })
  bsbNumber?: string | null;

  /** bsbBankName (also bankName). */
  @Property({ length: 80, nullable: true })
  bsbBankName?: string | null;

  @Property({ length: 20, nullable: true })
  eftAccountNumber?: string | null;

  @Property({ length: 80, nullable: true })
  eftAccountName?: string | null;

  /** Defaults to the nickname cut to 18 characters. */
  @Property({ length: 18, nullable: true })
  eftReferenceNumber?: string | null;

  /** The 9-digit number (89… or 80…) the biller debits, one per biller. */
  @Property({ columnType: 'char(9)', nullable: true })
  @Index()
  directDebitAccountNumber?: string | null;

  // --- Amount and schedule ---

  @Property({ type: MoneyType })
  expectedBillValue!: Cents;

  /** A revised estimate for a variable bill. */
  @Property({ type: MoneyType, nullable: true })
  newEstimate?: Cents | null;

  @Enum({ items: () => BillingFrequency, type: 'smallint' })
  billingFrequency!: BillingFrequency;

  /** The (first) date of bill; for bi-monthly billers the first of the two dates (biMonthly1stDate). */
  @Property({ type: LocalDateType })
  dateOfBill!: LocalDate;

  /** dateOfBillOffset: days before the due date the payment is made. */
  @Property({ type: 'smallint', default: 0 })
  dateOfBillOffsetDays: number = 0;

  /** biMonthly2ndDate. */
  @Property({ type: LocalDateType, nullable: true })
  secondDateOfBill?: LocalDate | null;

  /** The second day of month chosen for bi-monthly bills (clamped to a month's last day when missing). */
  @Property({ type: 'smallint', nullable: true })
  secondDayOfMonth?: number | null;

  @Property({ type: 'boolean', default: true })
  isExactDateOfBillKnown: boolean = true;

  /** doesAmountVaryFromBillToBill: a variable bill carries a 10% contingency. */
  @Property({ type: 'boolean', default: false })
  doesAmountVary: boolean = false;

  /** isAutoPaymentBill: paid automatically on its date; otherwise paid manually from the bill dashboard. */
  @Property({ type: 'boolean', default: false })
  isAutoPayment: boolean = false;

  @Property({ type: 'boolean', default: true })
  isNotificationEnabled: boolean = true;

  @Property({ type: 'boolean', default: false })
  isFinalBillExpected: boolean = false;

  @Property({ type: LocalDateType, nullable: true })
  expectedFinalBillDate?: LocalDate | null;

  @Property({ type: 'boolean', default: false })
  isSeasonBill: boolean = false;

  /** Comma-separated month numbers ("6,7,8"). */
  @Property({ length: 40, nullable: true })
  peakMonths?: string | null;

  @Property({ type: MoneyType, nullable: true })
  peakValueOfBill?: Cents | null;

  @Property({ type: MoneyType, nullable: true })
  offPeakValueOfBill?: Cents | null;

  /** The last overdue option chosen when the amount changed with overdue bills. */
  @Enum({ items: () => BillerOverdueOption, type: 'smallint', nullable: true })
  overdueOption?: BillerOverdueOption | null;

  /** The institution's date the biller was added (reimbursement is refused on that day). */
  @Property({ type: LocalDateType })
  dateAdded!: LocalDate;

  @Property({ type: LocalDateType, nullable: true })
  dateRemoved?: LocalDate | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date = new Date();
}
