import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { Session } from './session.entity.js';

/**
 * One refresh token of a session, stored as a SHA-256 hash. Each refresh uses one up and issues the next;
 * presenting a used one again means it was stolen, and the whole session is revoked.
 */
@Entity({ tableName: 'auth_refresh_token' })
export class RefreshToken {
  @PrimaryKey({ length: 64 })
  hash!: string;

  @ManyToOne(() => Session)
  session!: Session;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  usedAt?: Date | null;
}
