import { Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { Cents } from '../../shared/money.js';
import { MoneyType } from '../../database/types.js';
import type { LedgerTransaction } from '../ledger/index.js';
import type { LinkedAccount } from '../linked-account/index.js';
import { Bill } from './bill.entity.js';
import { MoneySource } from './money-source.js';

/**
 * Which balance paid how much of a bill, in which ledger transaction (GET /api/billmoneysource/getbybillid).
 * A reversal writes the same rows negated. Immutable like the ledger it mirrors.
 */
@Entity({ tableName: 'bill_money_source' })
export class BillMoneySource {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne(() => Bill)
  @Index()
  bill!: Bill;

  @ManyToOne('LedgerTransaction')
  @Index()
  transaction!: LedgerTransaction;

  @Enum({ items: () => MoneySource, type: 'smallint' })
  source!: MoneySource;

  /** The savings account of a linked-account top-up. */
  @ManyToOne('LinkedAccount', { nullable: true })
  @Index()
  linkedAccount?: LinkedAccount | null;

  /** Positive when paying; negative in a reversal. */
  @Property({ type: MoneyType })
  amount!: Cents;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
