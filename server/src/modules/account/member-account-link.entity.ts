import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique, OptionalProps } from '@mikro-orm/core';
import type { Member } from '../member/index.js';
import { Account } from './account.entity.js';

/** Which members hold which accounts; an inactive link takes the member's access away. */
@Entity({ tableName: 'member_account_link' })
@Unique({ properties: ['member', 'account'] })
@Index({ properties: ['account'] })
export class MemberAccountLink {
  [OptionalProps]?: 'isActive' | 'isPrimary';

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne('Member')
  member!: Member;

  @ManyToOne(() => Account)
  account!: Account;

  @Property({ type: 'boolean', default: true })
  isActive: boolean = true;

  /** The account holder who signs for the agreement (others are joint holders). */
  @Property({ type: 'boolean', default: true })
  isPrimary: boolean = true;
}
