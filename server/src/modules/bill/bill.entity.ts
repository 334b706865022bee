import { Check, Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { Cents } from '../../shared/money.js';
import type { LocalDate } from '../../shared/local-date.js';
import { LocalDateType, MoneyType } from '../../database/types.js';
import type { Agreement } from '../agreement/index.js';
import type { Biller } from '../biller/index.js';
import type { BillingSubCategory } from '../billing-category/index.js';
import type { LinkedAccount } from '../linked-account/index.js';
import { BillStatus, DATE_DRIVEN_STATUSES, SETTLED_STATUSES } from './bill-status.rules.js';

/**
 * One occurrence of a biller's or sub-category's bills (DOMAIN.md "Bills"): when it is due, what is expected,
 * what was set aside for it (allocation and contingency) and what happened. `paidAmount` and `paidDate` are
 * kept by the ledger from the bill's money sources; `status` is set by the payment rules.
 */
@Entity({ tableName: 'bill' })
@Index({ properties: ['agreement', 'status', 'dueDate'] })
@Index({ properties: ['biller', 'dueDate'] })
// The bills whose status follows the date, by due date: the bank day's calendar reads the window's few of the book.
@Index({
  name: 'bill_open_due_date_index',
  expression: `create index "bill_open_due_date_index" on "bill" ("due_date") where "status" in (${DATE_DRIVEN_STATUSES.join(', ')})`,
})
// The same bills by agreement and due date: a part of the calendar (an id range of agreements) reads only its own.
@Index({
  name: 'bill_open_agreement_due_date_index',
  expression: `create index "bill_open_agreement_due_date_index" on "bill" ("agreement_id", "due_date") where "status" in (${DATE_DRIVEN_STATUSES.join(', ')})`,
})
// The settled bills by biller and due date: the deposit review reads a term's bills paid so far without the many still
// owed (those it has from the projection's read).
@Index({
  name: 'bill_settled_biller_due_date_index',
  expression: `create index "bill_settled_biller_due_date_index" on "bill" ("biller_id", "due_date") where "status" in (${SETTLED_STATUSES.join(', ')})`,
})
// The two foreign keys most bills do not have: indexed where set only (a bill without one writes no entry).
@Index({
  name: 'bill_billing_sub_category_id_index',
  expression: `create index "bill_billing_sub_category_id_index" on "bill" ("billing_sub_category_id") where "billing_sub_category_id" is not null`,
})
@Index({
  name: 'bill_reimbursement_account_id_index',
  expression: `create index "bill_reimbursement_account_id_index" on "bill" ("reimbursement_account_id") where "reimbursement_account_id" is not null`,
})
@Check({ name: 'bill_one_source_check', expression: '(biller_id is null) <> (billing_sub_category_id is null)' })
export class Bill {
  [OptionalProps]?: 'status' | 'paidAmount' | 'amountOwing' | 'isFinalBill' | 'createdAt';

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne('Agreement')
  agreement!: Agreement;

  @ManyToOne('Biller', { nullable: true })
  biller?: Biller | null;

  @ManyToOne('BillingSubCategory', { nullable: true })
  billingSubCategory?: BillingSubCategory | null;

  /** expectedDueDate: when it is paid (the date of bill less the biller's offset). */
  @Property({ type: LocalDateType })
  dueDate!: LocalDate;

  /** expectedDueDateWithNoOffset: the occurrence's date of bill. */
  @Property({ type: LocalDateType })
  dueDateNoOffset!: LocalDate;

  /** The bill's expected amount (the peak or off-peak value of a season bill). */
  @Property({ type: MoneyType })
  expectedAmount!: Cents;

  /** amountAllocated: what the deposits set aside for it (the expected amount when it was scheduled). */
  @Property({ type: MoneyType })
  amountAllocated!: Cents;

  /** The 10% buffer of a variable or direct-debit bill; 0 for a fixed bill. */
  @Property({ type: MoneyType, defaultRaw: '0' })
  contingency!: Cents;

  @Enum({ items: () => BillStatus, type: 'smallint', default: BillStatus.Scheduled })
  status: BillStatus = BillStatus.Scheduled;

  @Property({ type: 'boolean', default: false })
  isFinalBill: boolean = false;

  /** The actual amount paid (sum of its money sources other than the amount owing). */
  @Property({ type: MoneyType, defaultRaw: '0' })
  paidAmount: Cents = 0 as Cents;

  @Property({ type: LocalDateType, nullable: true })
  paidDate?: LocalDate | null;

  /** What a short pay left for the member to pay. */
  @Property({ type: MoneyType, defaultRaw: '0' })
  amountOwing: Cents = 0 as Cents;

  /** A reimbursed bill: the member's account the agreement paid back. */
  @ManyToOne('LinkedAccount', { nullable: true })
  reimbursementAccount?: LinkedAccount | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
