import { Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { Cents } from '../../shared/money.js';
import { MoneyType } from '../../database/types.js';

/**
 * An overdraw rule of the institution: within the first `durationDays` of an agreement its balance may go
 * below zero, up to `maxOverdrawAmount` without a manager's approval (spec 3 §4, 1 §9: the 8-week
 * good-conduct waiver, the $5,000 approved overdraw). An agreement copies the duration and may override it.
 */
@Entity({ tableName: 'overdraw_rule' })
export class OverdrawRule {
  [OptionalProps]?: 'isDefault' | 'isActive';

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @Property({ length: 80 })
  @Unique()
  name!: string;

  /** Stored in days, shown in weeks (divided by 7). */
  @Property({ type: 'integer' })
  durationDays!: number;

  /** Null: the server setting contractApprovedOverDrawOfAmount applies. */
  @Property({ type: MoneyType, nullable: true })
  maxOverdrawAmount?: Cents | null;

  @Property({ type: 'boolean', default: false })
  isDefault: boolean = false;

  @Property({ type: 'boolean', default: true })
  isActive: boolean = true;
}
