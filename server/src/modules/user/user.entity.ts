import { Entity, ManyToOne, PrimaryKey, Property, Unique, OptionalProps } from '@mikro-orm/core';
import type { Role } from '../../common/auth/roles.js';
import type { Member } from '../member/index.js';

/** A sign-in identity: a staff user by username, or a member by member number. */
@Entity({ tableName: 'app_user' })
export class User {
  [OptionalProps]?: 'isLocked' | 'createdAt';

  @PrimaryKey({ autoincrement: true })
  id!: number;

  /** Lower-cased; members sign in with their member number. */
  @Property({ length: 80 })
  @Unique()
  username!: string;

  /** Argon2id (PHC string). */
  @Property({ length: 200, hidden: true })
  passwordHash!: string;

  @Property({ length: 120 })
  displayName!: string;

  @Property({ type: 'text[]' })
  roles!: Role[];

  @ManyToOne('Member', { nullable: true })
  member?: Member | null;

  /** A locked sign-in is refused (the locked page); staff lift it. */
  @Property({ type: 'boolean', default: false })
  isLocked: boolean = false;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
