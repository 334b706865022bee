import { Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { Cents } from '../../shared/money.js';
import { TransactionStatus } from '../../shared/transaction-status.js';
import { MoneyType } from '../../database/types.js';
import type { Account } from '../account/index.js';
import type { Agreement } from '../agreement/index.js';
import type { Bill } from '../bill/index.js';
import type { Biller } from '../biller/index.js';
import type { LedgerTransaction } from '../ledger/index.js';
import type { Member } from '../member/index.js';
import type { User } from '../user/index.js';
import { ActivityType } from './activity-type.js';

/**
 * A line of the activity history (spec 1 §3): what happened, when, to whom, by which agent, with what effect
 * on the agreement's balance. A movement of money has exactly one, written in the same database transaction
 * as its ledger transaction; `balanceChange` is that transaction's effect on the agreement (checked).
 */
@Entity({ tableName: 'activity' })
@Index({ properties: ['account', 'occurredAt'] })
@Index({ properties: ['member', 'occurredAt'] })
// The payments a window settled or failed on a day, by the window written on them (reconciliation: `bankWindow`
// like 'YYYY-MM-DDT%'), not by reading every activity.
@Index({
  name: 'activity_paid_bill_bank_window_index',
  expression:
    `create index "activity_paid_bill_bank_window_index" on "activity" (("data"->>'bankWindow') text_pattern_ops) ` +
    `where "type" = ${ActivityType.PaidBill} and "transaction_status" in (${TransactionStatus.Successful}, ${TransactionStatus.Failed})`,
})
export class Activity {
  [OptionalProps]?: 'details' | 'balanceChange' | 'occurredAt';

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @Enum({ items: () => ActivityType, type: 'smallint' })
  type!: ActivityType;

  /** The activity's date and time. */
  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  occurredAt: Date = new Date();

  @ManyToOne('Member', { nullable: true })
  member?: Member | null;

  @ManyToOne('Account', { nullable: true })
  account?: Account | null;

  @ManyToOne('Agreement', { nullable: true })
  @Index()
  agreement?: Agreement | null;

  /** What the history shows: HTML-free text, or JSON text for modification details. */
  @Property({ type: 'text', default: '' })
  details: string = '';

  /** The detail fields (ContractId, topupAmount, contingencyAmount, ...) as structured data. */
  @Property({ type: 'jsonb', nullable: true })
  data?: Record<string, unknown> | null;

  /** Staff-only notes on the activity. */
  @Property({ type: 'text', nullable: true })
  notes?: string | null;

  /** The staff member's display name (staff-only); null for the member or the system. */
  @Property({ length: 120, nullable: true })
  agentName?: string | null;

  @ManyToOne('User', { nullable: true })
  @Index()
  user?: User | null;

  /** The effect on the agreement's balances (allocation + contingency + rainy day); 0 when none. */
  @Property({ type: MoneyType, defaultRaw: '0' })
  balanceChange: Cents = 0 as Cents;

  @Enum({ items: () => TransactionStatus, type: 'smallint', nullable: true })
  transactionStatus?: TransactionStatus | null;

  @ManyToOne('LedgerTransaction', { nullable: true, unique: true })
  ledgerTransaction?: LedgerTransaction | null;

  @ManyToOne('Bill', { nullable: true })
  @Index()
  bill?: Bill | null;

  @ManyToOne('Biller', { nullable: true })
  @Index()
  biller?: Biller | null;
}
