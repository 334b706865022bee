import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { Cents } from '../../shared/money.js';
import type { CheckDigitAlgorithm } from '../../shared/validation/check-digit.js';
import { MoneyType } from '../../database/types.js';
import type { BillingCategory } from '../billing-category/index.js';

/**
 * A company of the catalogue (spec 2 §2 company list): popular ones per category first, searchable by name,
 * with the BPAY details its bills are paid with (biller code, name, reference check-digit rule, amount range).
 */
@Entity({ tableName: 'company' })
@Index({ properties: ['billingCategory', 'popularity'] })
export class Company {
  [OptionalProps]?: 'popularity' | 'isActive' | 'referenceAlgorithm' | 'paymentMethods';

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @Property({ length: 120 })
  name!: string;

  @ManyToOne('BillingCategory')
  billingCategory!: BillingCategory;

  /** Higher is more popular: the order of the popular companies of a category. */
  @Property({ type: 'integer', default: 0 })
  popularity: number = 0;

  /** The payment method codes it accepts, comma-separated ('0,1'); read with `companyPaymentMethods`. */
  @Property({ length: 20, default: '' })
  paymentMethods: string = '';

  /** bPayNumber: the BPAY biller code; null for a company not paid by BPAY. */
  @Property({ length: 10, nullable: true })
  @Index()
  bpayBillerCode?: string | null;

  @Property({ length: 120, nullable: true })
  bpayBillerName?: string | null;

  /** The check-digit rule of its customer reference numbers: MOD10V01, MOD10V05 or none. */
  @Property({ length: 10, default: 'none' })
  referenceAlgorithm: CheckDigitAlgorithm = 'none';

  @Property({ type: 'smallint', nullable: true })
  referenceMinLength?: number | null;

  @Property({ type: 'smallint', nullable: true })
  referenceMaxLength?: number | null;

  @Property({ type: MoneyType, nullable: true })
  minAmount?: Cents | null;

  @Property({ type: MoneyType, nullable: true })
  maxAmount?: Cents | null;

  @Property({ type: 'boolean', default: true })
  isActive: boolean = true;
}
