import { Entity, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { Cents } from '../../../shared/money.js';
import { MoneyType } from '../../../database/types.js';
import type { Account } from '../../account/index.js';
import type { LedgerTransaction } from '../../ledger/index.js';
import type { LinkedAccount } from '../../linked-account/index.js';
import type { User } from '../../user/index.js';
import { Agreement } from '../agreement.entity.js';

/**
 * The member's (or staff's) choice at term end for a version due for renewal (issue 24 item 5; term-end/README.md):
 * roll (1), refund to a linked account (2) or savings (3), and, once the renewal took over, what was paid out and by
 * which ledger transaction. One per version; none means roll. The money itself is in the ledger.
 */
@Entity({ tableName: 'term_end_choice' })
@Unique({ properties: ['agreement'] })
export class TermEndChoice {
  [OptionalProps]?: 'chosenAt';

  @PrimaryKey({ autoincrement: true })
  id!: number;

  /** The version in force that the renewal replaces. */
  @ManyToOne(() => Agreement, { deleteRule: 'cascade' })
  agreement!: Agreement;

  @ManyToOne('Account')
  account!: Account;

  /** TermEndChoiceKind: 1 roll, 2 refund, 3 savings. */
  @Property({ type: 'smallint' })
  choice!: number;

  /** Where a refund or savings move pays the surplus. */
  @ManyToOne('LinkedAccount', { nullable: true })
  linkedAccount?: LinkedAccount | null;

  @ManyToOne('User', { nullable: true })
  chosenBy?: User | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  chosenAt: Date = new Date();

  /** When the renewal took over and the choice was carried out (once). */
  @Property({ type: 'timestamptz', nullable: true })
  appliedAt?: Date | null;

  @Property({ type: MoneyType, nullable: true })
  appliedAmount?: Cents | null;

  @ManyToOne('LedgerTransaction', { nullable: true })
  appliedTransaction?: LedgerTransaction | null;
}
