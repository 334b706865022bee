import { Entity, Enum, Index, ManyToOne, PrimaryKey, Property, OptionalProps } from '@mikro-orm/core';
import type { Cents } from '../../common/money.js';
import type { LocalDate } from '../../common/local-date.js';
import { LocalDateType, MoneyType } from '../../database/types.js';
import { Account } from '../account/account.entity.js';
import { AgreementStatus } from './agreement-status.js';

/** An agreement (contract) on an account: deposits in, bills out, over a period. */
@Entity({ tableName: 'agreement' })
@Index({ properties: ['account', 'status'] })
export class Agreement {
  [OptionalProps]?: 'contributionFrequency' | 'depositAmount' | 'version' | 'createdAt';

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne(() => Account)
  account!: Account;

  @Enum({ items: () => AgreementStatus, type: 'smallint' })
  status!: AgreementStatus;

  @Property({ type: LocalDateType })
  startDate!: LocalDate;

  @Property({ type: LocalDateType })
  endDate!: LocalDate;

  /** Deposit frequency code (1 weekly, 2 fortnightly, 3 monthly, 5 quarterly, 7 annually, 10 twice a month). */
  @Property({ type: 'smallint', default: 2 })
  contributionFrequency: number = 2;

  @Property({ type: MoneyType, defaultRaw: '0' })
  depositAmount: Cents = 0 as Cents;

  /** The agreement this one modifies or renews (versions of one agreement). */
  @ManyToOne(() => Agreement, { nullable: true })
  previous?: Agreement | null;

  @Property({ type: 'integer', default: 1 })
  version: number = 1;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
