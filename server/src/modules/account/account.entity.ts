import { Entity, PrimaryKey, Property, Unique, OptionalProps } from '@mikro-orm/core';

/** A bill-smoothing product account in core banking; agreements run on it. */
@Entity({ tableName: 'account' })
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
