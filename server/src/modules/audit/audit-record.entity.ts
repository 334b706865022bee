import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { User } from '../user/index.js';

/**
 * Who moved money, when, with what request and what came of it: one row per completed money mutation, written in
 * the same transaction as the movement (a rejected or rolled-back request leaves none). Never updated.
 */
@Entity({ tableName: 'audit_record' })
@Index({ properties: ['entityType', 'entityId'] })
export class AuditRecord {
  [OptionalProps]?: 'occurredAt';

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  occurredAt: Date = new Date();

  @ManyToOne('User')
  @Index()
  user!: User;

  /** The operation, e.g. payBill, reimburseBill, reverseBill, topUpRainyDay. */
  @Property({ length: 60 })
  action!: string;

  @Property({ length: 40, nullable: true })
  entityType?: string | null;

  @Property({ type: 'integer', nullable: true })
  entityId?: number | null;

  @Property({ length: 100 })
  idempotencyKey!: string;

  @Property({ type: 'jsonb' })
  request!: Record<string, unknown>;

  @Property({ type: 'jsonb' })
  response!: Record<string, unknown>;
}
