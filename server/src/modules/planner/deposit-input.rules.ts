import { ZERO, type Cents } from '../../shared/money.js';
import { toYmd, type LocalDate } from '../../shared/local-date.js';
import type { BillPlan } from '../bill/index.js';
import type { ExpectedBill } from '../../shared/deposit/cash-flow.rules.js';
import {
  CONTRIBUTION_FREQUENCY_LABELS,
  ContributionFrequency,
  payTodayBypassApplies,
  type BiMonthlyDates,
} from '../deposit/index.js';
import {
  checkDate,
  checkPeriod,
  fieldPath,
  nonNegativeAmount,
  optionalDate,
  signedAmount,
  toBillPlan,
  type BillDetailsData,
} from './bill-input.rules.js';
import { PLANNER_MESSAGES, PlannerInputError, type PlannerInputCode } from './planner.errors.js';

/** An agreement is a year; five leave room for long ones while keeping a plan's daily series small. */
export const MAX_PLAN_DAYS = 5 * 366;
/** More billers than any household has; keeps one request's work bounded. */
export const MAX_PLAN_BILLERS = 200;
export const MAX_BILLER_KEY_LENGTH = 100;

export interface DepositPlanBillerData extends BillDetailsData {
  /** The caller's id for the biller (`biller:12`), unique in the plan; the breakdown lines carry it back. */
  key: string;
  /** What the member sees; the key when blank. */
  label?: string | null;
}

/** The deposits step as a caller sends it (field names as in the GraphQL input). */
export interface DepositPlanData {
  startDate: LocalDate;
  endDate: LocalDate;
  openingBalance?: Cents | null;
  depositFrequency: number;
  /** The first deposit (contribution) date; the start date when absent. */
  firstDepositDate?: LocalDate | null;
  biMonthlyFirstDate?: LocalDate | null;
  biMonthlySecondDate?: LocalDate | null;
  preferredDay?: number | null;
  depositAmount?: Cents | null;
  overdrawRuleDurationDays?: number | null;
  approvedOverdraw?: Cents | null;
  upperContractLimit?: Cents | null;
  totalContractValue?: Cents | null;
  /** A modification of a running agreement (the pay-up-front bypass then needs today's date). */
  isModification?: boolean | null;
  billers: readonly DepositPlanBillerData[];
  /**
   * Bills the agreement still owes, which its opening balance has not paid (a running agreement's unpaid overdue bills:
   * `agreement/stored-plan.ts#owedBills`). Not part of the GraphQL input: a stored version's only.
   */
  owedBills?: readonly ExpectedBill[] | null;
  /**
   * Bills already paid or being paid (settled) that fall due on the first simulated day or later: the opening balance
   * has paid them, so their billers' occurrences on those dates are not counted again
   * (`agreement/stored-plan.ts#heldBills`). Not part of the GraphQL input.
   */
  paidBills?: readonly PaidOccurrence[] | null;
  /**
   * The deposits as a version applied writes them (`agreement/plan/plan-schedule.rules.ts#collectedDepositDates`: its
   * schedule on the bank's days, without the dates the version in force keeps), counted instead of the schedule's
   * dates. Not part of the GraphQL input: a stored version's only.
   */
  depositDates?: readonly LocalDate[] | null;
}

/** A biller's bill on a date that is paid already (`DepositPlanData.paidBills`). */
export interface PaidOccurrence {
  billerKey: string;
  date: LocalDate;
}

/** The server settings a plan falls back on (3 §9). */
export interface PlannerDefaults {
  approvedOverdraw: Cents;
  upperContractLimit: Cents;
  overdrawRuleDurationDays: number;
}

/** The checked input, ready for the engines (bills are generated from `billers` afterwards). */
export interface CheckedDepositPlan {
  startDate: LocalDate;
  endDate: LocalDate;
  openingBalance: Cents;
  schedule: {
    frequency: ContributionFrequency;
    firstDepositDate: LocalDate;
    biMonthlyDates?: BiMonthlyDates;
    preferredDay?: number;
  };
  depositAmount?: Cents;
  overdrawRuleDurationDays: number;
  approvedOverdraw: Cents;
  upperContractLimit: Cents;
  totalContractValue?: Cents;
  payTodayBypass: boolean;
  billers: BillPlan[];
}

function checkDepositFrequency(code: number): ContributionFrequency {
  if (!Object.hasOwn(CONTRIBUTION_FREQUENCY_LABELS, code)) {
    throw new PlannerInputError(
      'INVALID_DEPOSIT_FREQUENCY',
      `Unknown deposit frequency ${code}: expected 1 (weekly), 2 (fortnightly), 3 (monthly), 5 (quarterly), ` +
        '7 (annually) or 10 (bi-monthly).',
      'depositFrequency',
    );
  }
  return code as ContributionFrequency;
}

function insidePeriod(date: LocalDate, data: DepositPlanData): boolean {
  return date >= data.startDate && date <= data.endDate;
}

/** Twice-a-month deposits (3 §5): both dates, in the period, on different days, the second after the first. */
function biMonthlyDatesOf(data: DepositPlanData): BiMonthlyDates {
  const first = optionalDate(data.biMonthlyFirstDate, 'biMonthlyFirstDate');
  const second = optionalDate(data.biMonthlySecondDate, 'biMonthlySecondDate');
  const invalid = (field: string) =>
    new PlannerInputError('INVALID_BI_MONTHLY_DATES', PLANNER_MESSAGES.datesNotValid, field);
  if (first === null || !insidePeriod(first, data)) throw invalid('biMonthlyFirstDate');
  if (second === null || !insidePeriod(second, data) || second <= first) throw invalid('biMonthlySecondDate');
  if (toYmd(first).day === toYmd(second).day) throw invalid('biMonthlySecondDate');
  return { first, second };
}

function checkWholeNumber(
  value: number,
  rule: { code: PlannerInputCode; field: string; what: string; min: number; max: number },
): number {
  if (!Number.isSafeInteger(value) || value < rule.min || value > rule.max) {
    throw new PlannerInputError(
      rule.code,
      `${rule.what} must be a whole number from ${rule.min} to ${rule.max}.`,
      rule.field,
    );
  }
  return value;
}

function billerPlans(billers: readonly DepositPlanBillerData[]): BillPlan[] {
  if (billers.length > MAX_PLAN_BILLERS) {
    throw new PlannerInputError('TOO_MANY_BILLERS', `A plan may have at most ${MAX_PLAN_BILLERS} billers.`, 'billers');
  }
  const seen = new Set<string>();
  return billers.map((biller, i) => {
    const prefix = `billers[${i}]`;
    const key = biller.key.trim();
    if (key === '' || key.length > MAX_BILLER_KEY_LENGTH) {
      throw new PlannerInputError(
        'INVALID_BILLER_KEY',
        `A biller key is 1 to ${MAX_BILLER_KEY_LENGTH} characters.`,
        fieldPath(prefix, 'key'),
      );
    }
    if (seen.has(key)) {
      throw new PlannerInputError(
        'DUPLICATE_BILLER_KEY',
        `Two billers have the key "${key}".`,
        fieldPath(prefix, 'key'),
      );
    }
    seen.add(key);
    const label = biller.label?.trim() || key;
    return toBillPlan(biller, { billerKey: key, label }, prefix);
  });
}

/** Checks the deposits step's input and fills in the settings' defaults; refusals name the field at fault. */
export function checkDepositPlan(
  data: DepositPlanData,
  today: LocalDate,
  defaults: PlannerDefaults,
): CheckedDepositPlan {
  checkPeriod(data.startDate, data.endDate, { start: 'startDate', end: 'endDate' }, MAX_PLAN_DAYS);
  const frequency = checkDepositFrequency(data.depositFrequency);
  const firstDepositDate = checkDate(data.firstDepositDate ?? data.startDate, 'firstDepositDate');
  if (!insidePeriod(firstDepositDate, data)) {
    throw new PlannerInputError('INVALID_DEPOSIT_DATE', PLANNER_MESSAGES.outsideAgreementPeriod, 'firstDepositDate');
  }
  const schedule: CheckedDepositPlan['schedule'] = { frequency, firstDepositDate };
  if (frequency === ContributionFrequency.BiMonthly) schedule.biMonthlyDates = biMonthlyDatesOf(data);
  if (data.preferredDay !== null && data.preferredDay !== undefined) {
    schedule.preferredDay = checkWholeNumber(data.preferredDay, {
      code: 'INVALID_PREFERRED_DAY',
      field: 'preferredDay',
      what: 'The preferred day',
      min: 1,
      max: 31,
    });
  }
  const optional = (value: Cents | null | undefined, field: string) =>
    value === null || value === undefined ? undefined : nonNegativeAmount(value, field);

  return {
    startDate: data.startDate,
    endDate: data.endDate,
    openingBalance: signedAmount(data.openingBalance ?? ZERO, 'openingBalance'),
    schedule,
    depositAmount: optional(data.depositAmount, 'depositAmount'),
    overdrawRuleDurationDays: checkWholeNumber(data.overdrawRuleDurationDays ?? defaults.overdrawRuleDurationDays, {
      code: 'INVALID_DURATION',
      field: 'overdrawRuleDurationDays',
      what: 'The overdraw rule duration (days)',
      min: 0,
      max: MAX_PLAN_DAYS,
    }),
    approvedOverdraw: optional(data.approvedOverdraw, 'approvedOverdraw') ?? defaults.approvedOverdraw,
    upperContractLimit: optional(data.upperContractLimit, 'upperContractLimit') ?? defaults.upperContractLimit,
    totalContractValue: optional(data.totalContractValue, 'totalContractValue'),
    payTodayBypass: payTodayBypassApplies({
      frequency,
      contributionDate: firstDepositDate,
      today,
      mode: data.isModification ? 'modify' : 'setup',
    }),
    billers: billerPlans(data.billers),
  };
}
