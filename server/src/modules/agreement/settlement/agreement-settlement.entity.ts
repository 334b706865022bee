import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { Cents } from '../../../shared/money.js';
import type { LocalDate } from '../../../shared/local-date.js';
import { LocalDateType, MoneyType } from '../../../database/types.js';
import type { Account } from '../../account/index.js';
import type { LedgerTransaction } from '../../ledger/index.js';
import type { LinkedAccount } from '../../linked-account/index.js';
import type { User } from '../../user/index.js';
import { Agreement } from '../agreement.entity.js';

/**
 * How a cancelled agreement's money was settled (issue 26 item 2; settlement/README.md): its balances when it was
 * cancelled, the bills already due that the member now pays, what was paid out and where, and the account's reset
 * when the balance was held. The member's closing statement reads it; the money itself is in the ledger.
 */
@Entity({ tableName: 'agreement_settlement' })
@Unique({ properties: ['agreement'] })
export class AgreementSettlement {
  [OptionalProps]?: 'createdAt' | 'payoutAmount' | 'billsDue';

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne(() => Agreement, { deleteRule: 'cascade' })
  agreement!: Agreement;

  @ManyToOne('Account')
  @Index()
  account!: Account;

  @Property({ type: LocalDateType })
  cancelledOn!: LocalDate;

  @Property({ length: 1000 })
  reason!: string;

  /** The three balances when it was cancelled. */
  @Property({ type: MoneyType })
  allocation!: Cents;

  @Property({ type: MoneyType })
  contingency!: Cents;

  @Property({ type: MoneyType })
  rainyDay!: Cents;

  /** Bills due by the day it was cancelled and not paid: [{ billId, payee, dueDate, amount }]. */
  @Property({ type: 'jsonb', defaultRaw: `'[]'` })
  billsDue: unknown[] = [];

  @ManyToOne('LinkedAccount', { nullable: true })
  payoutLinkedAccount?: LinkedAccount | null;

  @Property({ type: MoneyType, defaultRaw: '0' })
  payoutAmount: Cents = 0 as Cents;

  @ManyToOne('LedgerTransaction', { nullable: true })
  payoutTransaction?: LedgerTransaction | null;

  /** The staff reset that brought a held balance to zero. */
  @ManyToOne('LedgerTransaction', { nullable: true })
  resetTransaction?: LedgerTransaction | null;

  @Property({ type: 'timestamptz', nullable: true })
  resetAt?: Date | null;

  @ManyToOne('User', { nullable: true })
  createdBy?: User | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
