import { Entity, Enum, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { Cents } from '../../../shared/money.js';
import type { LocalDate } from '../../../shared/local-date.js';
import { LocalDateType, MoneyType } from '../../../database/types.js';
import type { Biller } from '../../biller/index.js';
import type { BillingSubCategory } from '../../billing-category/index.js';
import { Agreement } from '../agreement.entity.js';
import { PlanLineKind, PlanSource } from './plan-codes.js';

/**
 * The deposit plan a version was agreed on, stored once when it takes effect (applied, or the backfill of running
 * agreements) and never recomputed: what each of its deposits pays for. Its scheduled deposits name it
 * (`scheduled_deposit.plan_id`); the bank day splits a deposit that arrives by it.
 */
@Entity({ tableName: 'agreement_plan' })
@Unique({ properties: ['agreement'] })
export class AgreementPlan {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne(() => Agreement, { deleteRule: 'cascade' })
  agreement!: Agreement;

  /** The day the plan was made for: a new agreement's start, a change's day of applying. */
  @Property({ type: LocalDateType })
  effectiveDate!: LocalDate;

  @Property({ type: 'smallint' })
  contributionFrequency!: number;

  @Property({ type: LocalDateType, nullable: true })
  firstDepositDate?: LocalDate | null;

  @Property({ type: MoneyType })
  depositAmount!: Cents;

  /** The schedule's dates from the effective date to the end date (`scheduled_deposit` holds them as they go). */
  @Property({ columnType: 'date[]', type: 'string[]' })
  depositDates!: LocalDate[];

  /** What the version held on the effective date (a change's balances carried over). */
  @Property({ type: MoneyType })
  openingBalance!: Cents;

  /** One regular deposit's parts: they add up to `depositAmount`. */
  @Property({ type: MoneyType })
  allocationShare!: Cents;

  @Property({ type: MoneyType })
  contingencyShare!: Cents;

  @Property({ type: MoneyType })
  rainyDayShare!: Cents;

  @Enum({ items: () => PlanSource, type: 'smallint' })
  source!: PlanSource;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}

/** One line of what a deposit pays for: a biller or sub-category, contingency, rainy day, a held balance. */
@Entity({ tableName: 'agreement_plan_line' })
@Unique({ properties: ['plan', 'position'] })
export class AgreementPlanLine {
  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne(() => AgreementPlan, { deleteRule: 'cascade' })
  plan!: AgreementPlan;

  @Property({ type: 'smallint' })
  position!: number;

  @Enum({ items: () => PlanLineKind, type: 'smallint' })
  kind!: PlanLineKind;

  @ManyToOne('Biller', { nullable: true })
  biller?: Biller | null;

  @ManyToOne('BillingSubCategory', { nullable: true })
  billingSubCategory?: BillingSubCategory | null;

  @Property({ length: 200 })
  label!: string;

  /** This line's share of one deposit. */
  @Property({ type: MoneyType })
  amount!: Cents;

  /** The line's total over the plan's period, before it is shared between the deposits. */
  @Property({ type: MoneyType })
  periodTotal!: Cents;

  @Property({ type: 'integer' })
  billCount!: number;
}
