import { Entity, Index, ManyToOne, OneToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { Agreement } from '../agreement/index.js';
import type { Branch } from '../branch/index.js';

type Defaults =
  | 'notifyMissedDeposit'
  | 'notifyBillPaymentFailed'
  | 'notifyRenewalDue'
  | 'notifyAgreementChanged'
  | 'notifyShortPaidBill'
  | 'updatedAt';

/**
 * An agreement's preferences (spec 3 §2 preferences step, /api/contractpreferences): its branch and the events
 * its members are told about (all subscribed by default, spec 3 §9). Per-member contact methods are in
 * `member_notification_preference`; per-biller ones on the biller.
 */
@Entity({ tableName: 'contract_preferences' })
export class ContractPreferences {
  [OptionalProps]?: Defaults;

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @OneToOne('Agreement', { owner: true, unique: true })
  agreement!: Agreement;

  @ManyToOne('Branch', { nullable: true })
  @Index()
  branch?: Branch | null;

  @Property({ type: 'boolean', default: true })
  notifyMissedDeposit: boolean = true;

  @Property({ type: 'boolean', default: true })
  notifyBillPaymentFailed: boolean = true;

  @Property({ type: 'boolean', default: true })
  notifyRenewalDue: boolean = true;

  @Property({ type: 'boolean', default: true })
  notifyAgreementChanged: boolean = true;

  @Property({ type: 'boolean', default: true })
  notifyShortPaidBill: boolean = true;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date = new Date();
}
