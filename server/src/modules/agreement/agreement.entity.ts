import { Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { Cents } from '../../shared/money.js';
import type { LocalDate } from '../../shared/local-date.js';
import { LocalDateType, MoneyType } from '../../database/types.js';
import type { Account } from '../account/index.js';
import type { User } from '../user/index.js';
import type { LinkedAccount } from '../linked-account/index.js';
import type { Member } from '../member/index.js';
import { AgreementStatus } from './agreement-status.js';
import { DepositType } from './agreement-codes.js';
import { OverdrawRule } from './overdraw-rule.entity.js';

type AgreementDefaults =
  | 'contributionFrequency'
  | 'depositAmount'
  | 'version'
  | 'createdAt'
  | 'overdrawRuleDurationDays'
  | 'overrideOverdrawRule'
  | 'rainyDayCoversShortfall'
  | 'leftoversToRainyDay'
  | 'rainyDayUnavailableAmount'
  | 'paymentCapacityConfirmed'
  | 'isTopupPerformed'
  | 'isRemoveBillPerformed'
  | 'allowPaymentTodayBypass'
  | 'updatedAt';

/**
 * An agreement (contract) on an account: deposits in, bills out, over a period. Each modification or renewal
 * is a new row (a version) pointing at the one it replaces (`previous`); `agreement_change` records why and
 * what changed. Its three balances live in the ledger, never here.
 */
@Entity({ tableName: 'agreement' })
@Index({ properties: ['account', 'status'] })
export class Agreement {
  [OptionalProps]?: AgreementDefaults;

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne('Account')
  account!: Account;

  /** Written only by the state machine's status writer (state/status-writer.ts): read-only everywhere else. */
  @Enum({ items: () => AgreementStatus, type: 'smallint' })
  readonly status!: AgreementStatus;

  @Property({ type: LocalDateType })
  startDate!: LocalDate;

  @Property({ type: LocalDateType })
  endDate!: LocalDate;

  /** Deposit frequency code (1 weekly, 2 fortnightly, 3 monthly, 5 quarterly, 7 annually, 10 twice a month). */
  @Property({ type: 'smallint', default: 2 })
  contributionFrequency: number = 2;

  /** depositAmount / contributionAmount: each regular deposit. */
  @Property({ type: MoneyType, defaultRaw: '0' })
  depositAmount: Cents = 0 as Cents;

  /** The agreement this one modifies or renews (versions of one agreement). */
  @ManyToOne(() => Agreement, { nullable: true })
  @Index()
  previous?: Agreement | null;

  @Property({ type: 'integer', default: 1 })
  version: number = 1;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date = new Date();

  // --- Deposit schedule (spec 3 §3 deposits view model, contract info) ---

  /** contributionDate: the first deposit (setup) or the date the schedule counts from (modification). */
  @Property({ type: LocalDateType, nullable: true })
  contributionDate?: LocalDate | null;

  @Property({ type: LocalDateType, nullable: true })
  nextDepositDate?: LocalDate | null;

  /** The next deposit when it differs from the regular one (a first or catch-up deposit). */
  @Property({ type: MoneyType, nullable: true })
  nextDepositAmount?: Cents | null;

  /** Twice a month (frequency 10): the two chosen dates (biMonthly1stDate, biMonthly2ndDate). */
  @Property({ type: LocalDateType, nullable: true })
  biMonthlyFirstDate?: LocalDate | null;

  @Property({ type: LocalDateType, nullable: true })
  biMonthlySecondDate?: LocalDate | null;

  /** selectedContributionDate: which of the two dates the schedule starts on (1 or 2). */
  @Property({ type: 'smallint', nullable: true })
  selectedContributionDate?: number | null;

  @Enum({ items: () => DepositType, type: 'smallint', nullable: true })
  depositType?: DepositType | null;

  @Property({ length: 80, nullable: true })
  remitterName?: string | null;

  @Property({ length: 20, nullable: true })
  remitterNumber?: string | null;

  /** periodicalPaymentAccount: the savings account a periodical payment comes from. */
  @ManyToOne('LinkedAccount', { nullable: true })
  @Index()
  periodicalPaymentAccount?: LinkedAccount | null;

  // --- Overdraw rule and approvals (spec 1 §3 contract summary, 3 §3 payment details) ---

  @ManyToOne(() => OverdrawRule, { nullable: true })
  @Index()
  overdrawRule?: OverdrawRule | null;

  /** overdrawRuleDuration: the initial period (days) in which the agreement may be overdrawn. */
  @Property({ type: 'integer', default: 56 })
  overdrawRuleDurationDays: number = 56;

  @Property({ type: 'boolean', default: false })
  overrideOverdrawRule: boolean = false;

  /** overrideOverdrawRuleDuration: stored in days, shown in weeks. */
  @Property({ type: 'integer', nullable: true })
  overrideOverdrawRuleDurationDays?: number | null;

  /** approvedOverDrawOfAmount for this agreement; null: the server setting ($5,000). */
  @Property({ type: MoneyType, nullable: true })
  approvedOverdrawAmount?: Cents | null;

  /** The deposit plan's figures when the deposits were saved (totalContractValue, totalOverDrawOfAmount, ...). */
  @Property({ type: MoneyType, nullable: true })
  totalContractValue?: Cents | null;

  @Property({ type: MoneyType, nullable: true })
  totalOverdrawAmount?: Cents | null;

  @Property({ type: MoneyType, nullable: true })
  overdrawDurationAmount?: Cents | null;

  // --- Top-up or remove-bill choice on the deposits step (spec 3 §3) ---

  @Property({ type: MoneyType, nullable: true })
  topupAmount?: Cents | null;

  @ManyToOne('LinkedAccount', { nullable: true })
  @Index()
  topupAccount?: LinkedAccount | null;

  @ManyToOne('Member', { nullable: true })
  @Index()
  topupMember?: Member | null;

  @Property({ type: 'boolean', default: false })
  isTopupPerformed: boolean = false;

  @Property({ type: 'boolean', default: false })
  isRemoveBillPerformed: boolean = false;

  @Property({ type: 'boolean', default: false })
  allowPaymentTodayBypass: boolean = false;

  // --- Rainy day ---

  /** Rainy-day money held back (e.g. for a pending payment): GET /api/contracts/unavailablerainydayamount. */
  @Property({ type: MoneyType, defaultRaw: '0' })
  rainyDayUnavailableAmount: Cents = 0 as Cents;

  /** Whether rainy day may cover a shortfall when a bill is paid. */
  @Property({ type: 'boolean', default: true })
  rainyDayCoversShortfall: boolean = true;

  /** Whether what a bill leaves of its allocation is poured into rainy day. */
  @Property({ type: 'boolean', default: true })
  leftoversToRainyDay: boolean = true;

  // --- Wizard, capacity, approval by the member, activation ---

  @Property({ type: 'boolean', default: false })
  paymentCapacityConfirmed: boolean = false;

  /** The capacity step's checklist questions (client settings) the agent ticked, by their text. */
  @Property({ type: 'jsonb', nullable: true })
  capacityCheckedQuestions?: string[] | null;

  /** Save for later: the description typed, and the wizard step to continue from. */
  @Property({ type: 'text', nullable: true })
  savedForLaterDescription?: string | null;

  @Property({ type: 'smallint', nullable: true })
  wizardStep?: number | null;

  /** The wizard's mode (1 new, 2 edit, 3 remove, 4 reinstate, 5 continue) and item: where a reload continues. */
  @Property({ type: 'smallint', nullable: true })
  wizardMode?: number | null;

  /** The rest of the wizard's saved position (categoryId, companyId, itemId, itemType, threeStepFlow). */
  @Property({ type: 'jsonb', nullable: true })
  wizardPosition?: Record<string, unknown> | null;

  @Property({ type: 'timestamptz', nullable: true })
  memberApprovedAt?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  activatedAt?: Date | null;

  @ManyToOne('User', { nullable: true })
  @Index()
  activatedBy?: User | null;

  /** The printed agreement (html to print) sent with member approval or staff activation. */
  @Property({ type: 'text', nullable: true, lazy: true })
  printedAgreementHtml?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  lockedAt?: Date | null;

  @Property({ type: 'text', nullable: true })
  lockReason?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  cancelledAt?: Date | null;
}
