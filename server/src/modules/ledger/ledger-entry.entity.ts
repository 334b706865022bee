import { Check, Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import type { Cents } from '../../shared/money.js';
import { MoneyType } from '../../database/types.js';
import { LedgerAccount } from './ledger-account.entity.js';
import { LedgerTransaction } from './ledger-transaction.entity.js';

/**
 * One line of a ledger transaction: a signed amount into (positive) or out of (negative) one pocket.
 * Immutable; a transaction's lines are inserted in one statement and must sum to zero (a trigger checks).
 */
@Entity({ tableName: 'ledger_entry' })
@Index({
  name: 'ledger_entry_account_amount_index',
  expression:
    'create index "ledger_entry_account_amount_index" on "ledger_entry" ("ledger_account_id") include ("amount")',
})
@Check({ name: 'ledger_entry_amount_check', expression: 'amount <> 0' })
export class LedgerEntry {
  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne(() => LedgerTransaction)
  @Index()
  transaction!: LedgerTransaction;

  @ManyToOne(() => LedgerAccount)
  ledgerAccount!: LedgerAccount;

  /** Never zero. */
  @Property({ type: MoneyType })
  amount!: Cents;
}
