import { Entity, Enum, Index, PrimaryKey, Property } from '@mikro-orm/core';
import type { LocalDate } from '../../shared/local-date.js';
import type { Cents } from '../../shared/money.js';
import { LocalDateType, MoneyType } from '../../database/types.js';
import { SimulatedEvent } from './simulator.rules.js';

/**
 * The embedded simulator's own record of what the bank did (its side of reconciliation, activity 18): for each
 * deposit, the total it credited (from payroll or from the member's savings account); for each payment sent to a
 * biller, the answer it gave and what it debited in the end. Written by the simulator as it answers the jobs and
 * read back only by the simulator, never from our ledger, so the two sides can disagree. A real core-banking
 * connection has its own statement instead.
 */
@Entity({ tableName: 'core_banking_statement' })
@Index({ properties: ['answeredOn'] })
export class CoreBankingStatementLine {
  @Enum({ items: () => SimulatedEvent, type: 'smallint', primary: true })
  kind!: SimulatedEvent;

  /** The scheduled deposit's id (kind 1) or the payment's ledger transaction id (kind 2). */
  @PrimaryKey()
  refId!: number;

  @Property()
  agreementId!: number;

  /** Deposits: credited in total; payments: debited in the end (nothing for a rejected payment). */
  @Property({ type: MoneyType })
  amount!: Cents;

  /** Payments: 1 settled, 2 rejected (failed); null for deposits. */
  @Property({ type: 'smallint', nullable: true })
  answer?: number | null;

  /** The day the bank last credited the deposit, or answered the payment. */
  @Property({ type: LocalDateType })
  answeredOn!: LocalDate;
}
