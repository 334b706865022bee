import { Check, Entity, Enum, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { Cents } from '../../shared/money.js';
import { MoneyType } from '../../database/types.js';
import type { Agreement } from '../agreement/index.js';
import type { LinkedAccount } from '../linked-account/index.js';
import { LedgerAccountKind } from './ledger-account-kind.js';

/**
 * A pocket of the ledger: an agreement's allocation, contingency or rainy day, a linked savings account, or the
 * one external account. `balance` is a stored copy of the sum of its entries, kept by a database trigger (never
 * written by code; the database refuses it) and verified by `npm run check:ledger`. External's is not kept: it
 * would make every posting wait for one row.
 */
@Entity({ tableName: 'ledger_account' })
@Unique({
  name: 'ledger_account_agreement_kind_unique',
  expression:
    'create unique index "ledger_account_agreement_kind_unique" on "ledger_account" ("agreement_id", "kind") where "agreement_id" is not null',
})
@Unique({
  name: 'ledger_account_linked_account_unique',
  expression:
    'create unique index "ledger_account_linked_account_unique" on "ledger_account" ("linked_account_id") where "linked_account_id" is not null',
})
@Unique({
  name: 'ledger_account_external_unique',
  expression:
    'create unique index "ledger_account_external_unique" on "ledger_account" ("kind") where "agreement_id" is null and "linked_account_id" is null',
})
@Check({
  name: 'ledger_account_owner_check',
  // Written as PostgreSQL prints it back, so that the schema diff sees no change.
  expression:
    '((kind = ANY (ARRAY[1, 2, 3])) AND (agreement_id IS NOT NULL) AND (linked_account_id IS NULL)) OR ((kind = 4) AND (linked_account_id IS NOT NULL) AND (agreement_id IS NULL)) OR ((kind = 5) AND (agreement_id IS NULL) AND (linked_account_id IS NULL))',
})
export class LedgerAccount {
  [OptionalProps]?: 'balance';

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @Enum({ items: () => LedgerAccountKind, type: 'smallint' })
  kind!: LedgerAccountKind;

  @ManyToOne('Agreement', { nullable: true })
  agreement?: Agreement | null;

  @ManyToOne('LinkedAccount', { nullable: true })
  linkedAccount?: LinkedAccount | null;

  @Property({ type: MoneyType, defaultRaw: '0' })
  balance: Cents = 0 as Cents;
}
