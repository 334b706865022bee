import { Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { LocalDate } from '../../shared/local-date.js';
import { LocalDateType } from '../../database/types.js';
import type { Agreement, ScheduledDeposit } from '../agreement/index.js';
import type { User } from '../user/index.js';
import { LedgerTransactionType } from './ledger-transaction-type.js';

/**
 * One movement of money: its entries sum to zero. Immutable (the database refuses UPDATE and DELETE); a
 * correction is a new transaction that `reverses` it. Its progress (pending, successful, failed...) is the
 * transaction status of its activity row.
 */
@Entity({ tableName: 'ledger_transaction' })
export class LedgerTransaction {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @Enum({ items: () => LedgerTransactionType, type: 'smallint' })
  type!: LedgerTransactionType;

  /** The agreement it concerns; null for money that only touches a linked account (core banking credits). */
  @ManyToOne('Agreement', { nullable: true })
  @Index()
  agreement?: Agreement | null;

  /** The value date (the institution's calendar date). */
  @Property({ type: LocalDateType })
  effectiveDate!: LocalDate;

  @Property({ length: 200 })
  description!: string;

  /** At most one reversal per transaction (unique). */
  @ManyToOne(() => LedgerTransaction, { nullable: true, unique: true })
  reverses?: LedgerTransaction | null;

  /** A deposit transaction names the scheduled deposit it pays (or reverses). */
  @ManyToOne('ScheduledDeposit', { nullable: true })
  @Index()
  deposit?: ScheduledDeposit | null;

  @ManyToOne('User', { nullable: true })
  @Index()
  createdBy?: User | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
