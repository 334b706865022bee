import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { Member } from '../member/index.js';

/**
 * One of a member's savings accounts in core banking (spec 1 §3 "Linked account"): where deposits come from,
 * top-ups are drawn from and reimbursements are paid to. Its available balance is its ledger balance.
 */
@Entity({ tableName: 'linked_account' })
export class LinkedAccount {
  [OptionalProps]?: 'productName' | 'isActive' | 'isDefault' | 'createdAt';

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne('Member')
  @Index()
  member!: Member;

  @Property({ length: 20 })
  @Unique()
  accountNumber!: string;

  /** accountNickname: what the member calls it ("Everyday", "Bills saver"). */
  @Property({ length: 80, nullable: true })
  nickname?: string | null;

  @Property({ length: 80, default: 'Savings Account' })
  productName: string = 'Savings Account';

  @Property({ type: 'boolean', default: true })
  isActive: boolean = true;

  /** The member's default savings account (GET /api/memberaccount/defaultsavingsaccount). */
  @Property({ type: 'boolean', default: false })
  isDefault: boolean = false;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
