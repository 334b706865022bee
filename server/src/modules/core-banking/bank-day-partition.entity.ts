import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { LocalDate } from '../../shared/local-date.js';
import { LocalDateType } from '../../database/types.js';

/**
 * One part of a step of the bank's day (core-banking.jobs.ts): the agreements with `fromId <= id < toId` (null: no
 * bound). Written when the step's job splits the day; its part's job marks it done (`doneAt`, its summary in
 * `output`) in the transaction that sees whether every part of the step is done. The parts of a step and day cover
 * every agreement id once, whatever agreements appear after the split.
 */
@Entity({ tableName: 'bank_day_partition' })
export class BankDayPartition {
  [OptionalProps]?: 'createdAt' | 'doneAt' | 'output' | 'fromId' | 'toId';

  @PrimaryKey({ length: 40 })
  step!: string;

  @PrimaryKey({ type: LocalDateType })
  businessDate!: LocalDate;

  /** Each run of the step for the day after the last one ended splits it again: 1, 2, … */
  @PrimaryKey({ type: 'integer' })
  round!: number;

  @PrimaryKey({ type: 'integer' })
  part!: number;

  @Property({ type: 'integer', nullable: true })
  fromId: number | null = null;

  @Property({ type: 'integer', nullable: true })
  toId: number | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  doneAt: Date | null = null;

  @Property({ type: 'jsonb', nullable: true })
  output: Record<string, unknown> | null = null;
}
