import { Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { Cents } from '../../shared/money.js';
import { MoneyType } from '../../database/types.js';
import type { Agreement } from '../agreement/index.js';
import type { Bill } from '../bill/index.js';
import type { User } from '../user/index.js';
import { ApprovalKind } from './approval-type.js';

/**
 * A manager's decision (spec 3 §3, 1 §3): a deposit overdraw, the upper contract limit, or paying a bill while
 * the agreement is in arrears. The agent records the manager's name, a note and the decision; a granted
 * approval is used once (`usedAt`).
 */
@Entity({ tableName: 'approval' })
/** One pending arrears request per bill (type 3, undecided): a repeat answers the one queued (approval.service.ts). */
@Unique({
  name: 'approval_one_pending_per_bill',
  expression:
    'create unique index "approval_one_pending_per_bill" on "approval" ("bill_id") where "approval_type" = 3 and "approver_id" is null',
})
export class Approval {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne('Agreement')
  @Index()
  agreement!: Agreement;

  @Enum({ items: () => ApprovalKind, type: 'smallint' })
  approvalType!: ApprovalKind;

  /** The bill of a bill-payment-in-arrears approval. */
  @ManyToOne('Bill', { nullable: true })
  @Index()
  bill?: Bill | null;

  /** The overdraw or total contract value the approval was asked for. */
  @Property({ type: MoneyType, nullable: true })
  amount?: Cents | null;

  @ManyToOne('User', { nullable: true })
  @Index()
  requestedBy?: User | null;

  /** managerName as recorded by the agent. */
  @Property({ length: 120 })
  managerName!: string;

  /** The approving staff user, when known (only MANAGER or ADMIN). */
  @ManyToOne('User', { nullable: true })
  @Index()
  approver?: User | null;

  @Property({ type: 'text' })
  note!: string;

  /** approvalGranted: the decision. */
  @Property({ type: 'boolean' })
  approvalGranted!: boolean;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  usedAt?: Date | null;
}
