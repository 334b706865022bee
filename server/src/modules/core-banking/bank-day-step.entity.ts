import { Entity, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { LocalDate } from '../../shared/local-date.js';
import { LocalDateType } from '../../database/types.js';
import type { Agreement } from '../agreement/index.js';

/**
 * One step of the bank's day done for one agreement (deposits, bills, expiry): the business key of the daily jobs.
 * It is inserted in the same transaction as the step's ledger writes, so a second run of the day (a retry, a crash,
 * a second instance) finds it and changes nothing.
 */
@Entity({ tableName: 'bank_day_step' })
export class BankDayStep {
  [OptionalProps]?: 'doneAt';

  @PrimaryKey({ length: 40 })
  step!: string;

  @PrimaryKey({ type: LocalDateType })
  businessDate!: LocalDate;

  @ManyToOne('Agreement', { primary: true })
  agreement!: Agreement;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  doneAt: Date = new Date();
}
