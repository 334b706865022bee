import { Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { LocalDate } from '../../shared/local-date.js';
import type { Cents } from '../../shared/money.js';
import { LocalDateType, MoneyType } from '../../database/types.js';
import type { Biller } from '../biller/index.js';
import type { Member } from '../member/index.js';
import { SimulatedEvent, SimulatedOutcome } from './simulator.rules.js';

/**
 * An outcome the embedded core-banking simulator gives instead of the normal one (a deposit that goes missing, a
 * biller's payment that fails or asks for a retry), for one member: how demos and tests steer the bank side.
 * Without a row every deposit arrives on its date and every payment settles.
 */
@Entity({ tableName: 'core_banking_outcome' })
@Index({ properties: ['member'] })
export class CoreBankingOutcome {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne('Member')
  member!: Member;

  @Enum({ items: () => SimulatedEvent, type: 'smallint' })
  event!: SimulatedEvent;

  @Enum({ items: () => SimulatedOutcome, type: 'smallint' })
  outcome!: SimulatedOutcome;

  /** Payments only: this biller's payments (null: every biller of the member). */
  @ManyToOne('Biller', { nullable: true })
  biller?: Biller | null;

  /** The deposits due, or payments made, from this date (null: any). */
  @Property({ type: LocalDateType, nullable: true })
  dateFrom?: LocalDate | null;

  /** ... up to this date, inclusive (null: any). */
  @Property({ type: LocalDateType, nullable: true })
  dateTo?: LocalDate | null;

  /** The outcome holds up to this day inclusive; from the next day the normal outcome (null: for ever). */
  @Property({ type: LocalDateType, nullable: true })
  until?: LocalDate | null;

  /** Partial deposits (outcome 4): how much of each deposit covered arrives while the row holds. */
  @Property({ type: MoneyType, nullable: true })
  amount?: Cents | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
