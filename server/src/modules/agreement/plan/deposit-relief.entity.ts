import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { Cents } from '../../../shared/money.js';
import { MoneyType } from '../../../database/types.js';
import { ScheduledDeposit } from '../scheduled-deposit.entity.js';

/**
 * One deposit of the living schedule changed by a relief (rule "deposit relief", `deposit-relief.rules.ts`): its
 * amount before and after, under the key of what asked for it (`hardship_case:<id>`). Kept so that a relief changed
 * or taken back restores the deposits still to come exactly; never updated but for `undone_at`.
 */
@Entity({ tableName: 'deposit_relief' })
export class DepositRelief {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne(() => ScheduledDeposit, { deleteRule: 'cascade' })
  @Index()
  scheduledDeposit!: ScheduledDeposit;

  /** What asked for the relief, e.g. `hardship_case:12`: one relief in force per key. */
  @Property({ type: 'text' })
  @Index()
  reliefKey!: string;

  @Property({ type: MoneyType })
  amountBefore!: Cents;

  @Property({ type: MoneyType })
  amountAfter!: Cents;

  /** A deposit of a holiday (not expected at all), rather than one lowered or raised. */
  @Property({ type: 'boolean' })
  holiday!: boolean;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  /** When a later relief of the same key (or its withdrawal) put the deposit back. */
  @Property({ type: 'timestamptz', nullable: true })
  undoneAt?: Date | null;
}
