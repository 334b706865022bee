import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { User } from '../user/index.js';

/**
 * One request made with an idempotency key: a retried or double-submitted request with the same user and key
 * gets the stored response instead of a second effect (DOMAIN.md "a payment is ... idempotent"). The same key
 * with a different request (hash) is refused. `response` is null while the first request is still running.
 */
@Entity({ tableName: 'idempotency_record' })
@Unique({ properties: ['user', 'key'] })
export class IdempotencyRecord {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne('User')
  user!: User;

  @Property({ length: 100 })
  key!: string;

  /** SHA-256 (hex) of the operation name and its canonical input. */
  @Property({ columnType: 'char(64)' })
  requestHash!: string;

  @Property({ type: 'jsonb', nullable: true })
  response?: Record<string, unknown> | null;

  @Property({ type: 'smallint', nullable: true })
  statusCode?: number | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  @Index()
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  completedAt?: Date | null;
}
