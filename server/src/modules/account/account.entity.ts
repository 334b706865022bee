import { Entity, Index, PrimaryKey, Property, Unique, OptionalProps } from '@mikro-orm/core';

/** A bill-smoothing product account in core banking; agreements run on it. */
@Entity({ tableName: 'account' })
/** The staff lookup by the first digits of an account number (LIKE '123%'). */
@Index({
  name: 'account_number_prefix',
  expression: 'create index "account_number_prefix" on "account" ("account_number" text_pattern_ops)',
})
export class Account {
  [OptionalProps]?: 'productName' | 'isActive' | 'createdAt';

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @Property({ length: 20 })
  @Unique()
  accountNumber!: string;

  @Property({ length: 80, default: 'Bill Smoothing Account' })
  productName: string = 'Bill Smoothing Account';

  /** An inactive product account raises a warning when used. */
  @Property({ type: 'boolean', default: true })
  isActive: boolean = true;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
