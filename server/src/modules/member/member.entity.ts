import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique, OptionalProps } from '@mikro-orm/core';
import type { Branch } from '../branch/index.js';
import { MEMBER_SEARCH_TEXT } from './member-search.rules.js';

/** A member of the institution (a savings-account holder), known by a member number. */
@Entity({ tableName: 'member' })
/** The staff search (contains, case-insensitive); created only where pg_trgm exists (not in embedded PGlite). */
@Index({
  name: 'member_search_trgm',
  expression: `create index "member_search_trgm" on "member" using gin (${MEMBER_SEARCH_TEXT} gin_trgm_ops)`,
})
export class Member {
  [OptionalProps]?: 'isActive' | 'isResigned' | 'createdAt';

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @Property({ length: 20 })
  @Unique()
  memberNumber!: string;

  @Property({ length: 80 })
  firstName!: string;

  @Property({ length: 80 })
  lastName!: string;

  @Property({ length: 254, nullable: true })
  email?: string | null;

  @Property({ length: 20, nullable: true })
  mobilePhone?: string | null;

  @Property({ type: 'boolean', default: true })
  isActive: boolean = true;

  /** A resigned membership suspends all activity on the member's agreements. */
  @Property({ type: 'boolean', default: false })
  isResigned: boolean = false;

  @ManyToOne('Branch', { nullable: true })
  branch?: Branch | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
