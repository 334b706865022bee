import { Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { User } from '../user/index.js';
import { AgreementChangeType } from './agreement-codes.js';
import { Agreement } from './agreement.entity.js';

/**
 * How one agreement version came to be: the version it replaces (previous), the version it made (next), and
 * what changed as JSON (billers added, edited, removed, reinstated; deposit settings before and after). The
 * modification detail activity (spec 1 §2 "JSON modification details") reads `changes`.
 */
@Entity({ tableName: 'agreement_change' })
export class AgreementChange {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ autoincrement: true })
  id!: number;

  /** The version this change made. */
  @ManyToOne(() => Agreement)
  @Index()
  agreement!: Agreement;

  /** The version it replaces; null for a creation. */
  @ManyToOne(() => Agreement, { nullable: true })
  @Index()
  previousAgreement?: Agreement | null;

  @Enum({ items: () => AgreementChangeType, type: 'smallint' })
  changeType!: AgreementChangeType;

  @Property({ type: 'jsonb' })
  changes!: Record<string, unknown>;

  @ManyToOne('User', { nullable: true })
  @Index()
  requestedBy?: User | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  /** When the change was applied (queued → in progress → active); null while waiting. */
  @Property({ type: 'timestamptz', nullable: true })
  appliedAt?: Date | null;

  /** When applying it failed (the version it made is then cancelled, the previous one stays current). */
  @Property({ type: 'timestamptz', nullable: true })
  failedAt?: Date | null;

  /** Why applying it failed, in words a member may read. */
  @Property({ type: 'text', nullable: true })
  failureMessage?: string | null;
}
