import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import type { User } from '../user/index.js';

/** A signed-in session: access tokens name it, so ending it ends every token at once. */
@Entity({ tableName: 'auth_session' })
export class Session {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @ManyToOne('User')
  user!: User;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  /** Moved forward by activity (at most once a minute); inactivity beyond the limit ends the session. */
  @Property({ type: 'timestamptz' })
  lastSeenAt!: Date;

  /** The absolute end, whatever the activity. */
  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  @Index()
  revokedAt?: Date | null;

  @Property({ length: 40, nullable: true })
  revokedReason?: string | null;

  @Property({ length: 20 })
  method!: string;

  @Property({ length: 64, nullable: true })
  address?: string | null;
}
