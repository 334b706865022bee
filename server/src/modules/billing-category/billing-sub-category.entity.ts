import { Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { Cents } from '../../shared/money.js';
import type { LocalDate } from '../../shared/local-date.js';
import { LocalDateType, MoneyType } from '../../database/types.js';
import type { Agreement } from '../agreement/index.js';
import { BillingFrequency } from '../../shared/bill/billing-frequency.js';
import { BillerOverdueOption, BillerStatus, ModificationState } from '../../shared/biller/biller-codes.js';
import { BillingCategory } from './billing-category.entity.js';

/**
 * A billing sub-category of an agreement (spec 2 §3): a group of bills with its own amount, frequency and date,
 * paid as an allocation (payment type unknown) rather than to one company.
 */
@Entity({ tableName: 'billing_sub_category' })
@Index({ properties: ['agreement', 'status'] })
export class BillingSubCategory {
  [OptionalProps]?: 'status' | 'modificationState' | 'isExactDateOfBillKnown' | 'doesAmountVary' | 'createdAt';

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne('Agreement')
  agreement!: Agreement;

  @ManyToOne(() => BillingSubCategory, { nullable: true })
  @Index()
  previous?: BillingSubCategory | null;

  @ManyToOne(() => BillingCategory)
  @Index()
  billingCategory!: BillingCategory;

  @Property({ length: 80 })
  nickname!: string;

  @Property({ type: MoneyType })
  expectedBillValue!: Cents;

  @Enum({ items: () => BillingFrequency, type: 'smallint' })
  billingFrequency!: BillingFrequency;

  /** The (first) date of bill; biMonthly1stDate for bi-monthly. */
  @Property({ type: LocalDateType })
  dateOfBill!: LocalDate;

  /** biMonthly2ndDate. */
  @Property({ type: LocalDateType, nullable: true })
  secondDateOfBill?: LocalDate | null;

  @Property({ type: 'boolean', default: true })
  isExactDateOfBillKnown: boolean = true;

  /** Not in the spec's form: a variable sub-category would carry a contingency like a variable biller. */
  @Property({ type: 'boolean', default: false })
  doesAmountVary: boolean = false;

  @Enum({ items: () => BillerStatus, type: 'smallint', default: BillerStatus.Active })
  status: BillerStatus = BillerStatus.Active;

  @Enum({ items: () => ModificationState, type: 'smallint', default: ModificationState.None })
  modificationState: ModificationState = ModificationState.None;

  @Enum({ items: () => BillerOverdueOption, type: 'smallint', nullable: true })
  overdueOption?: BillerOverdueOption | null;

  /** getdateofcreation: the institution's date it was added. */
  @Property({ type: LocalDateType })
  dateAdded!: LocalDate;

  @Property({ type: LocalDateType, nullable: true })
  dateRemoved?: LocalDate | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
