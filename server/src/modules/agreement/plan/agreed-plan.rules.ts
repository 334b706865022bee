import { DomainError } from '../../../shared/errors.js';
import type { LocalDate } from '../../../shared/local-date.js';
import { cents, sub, type Cents } from '../../../shared/money.js';
import type { BreakdownLine, DepositBreakdown } from '../../deposit/index.js';
import { calculateDepositPlan, type PlannerDefaults } from '../../planner/index.js';
import type { BillerFacts } from '../agreement-billers.js';
import type { AgreementFacts } from '../agreement-facts.js';
import { storedDepositPlanData, type HeldBills } from '../stored-plan.js';
import { PlanLineKind } from './plan-codes.js';
import { collectedDepositDates, scheduledDepositDates } from './plan-schedule.rules.js';

/** How one regular deposit is shared between the agreement's three pockets; the parts add up to the deposit. */
export interface PlanShares {
  allocation: Cents;
  contingency: Cents;
  rainyDay: Cents;
}

export interface AgreedPlanLine {
  kind: PlanLineKind;
  /** `biller:12` or `subcategory:3` on biller lines, else null. */
  billerKey: string | null;
  label: string;
  amount: Cents;
  periodTotal: Cents;
  billCount: number;
}

/** A version's deposit plan as it is stored when the version takes effect (plan/README.md). */
export interface AgreedPlan {
  effectiveDate: LocalDate;
  contributionFrequency: number;
  firstDepositDate: LocalDate | null;
  depositAmount: Cents;
  /** The schedule's dates from the effective date to the end date. */
  depositDates: LocalDate[];
  openingBalance: Cents;
  shares: PlanShares;
  /** What each deposit pays for, in the breakdown's order; none when the planner cannot read the version. */
  lines: AgreedPlanLine[];
}

export interface AgreeOptions {
  /** The day the plan is made for: a new agreement's start date, a change's day of applying. */
  effectiveDate: LocalDate;
  /** What the version holds that day (a change's carried-over balances; 0 for a new agreement). */
  openingBalance: Cents;
  defaults: PlannerDefaults;
  /**
   * The bank's first day for a deposit when the plan is written (`bankFirstDepositDay`): a deposit dated before it
   * moves to it (`onBankDays`). Without it none moves.
   */
  firstBankDay?: LocalDate;
  /**
   * The dates from the effective date on whose deposit stayed with the version in force (a change applied: received
   * or missed, `modification-schedule.rules.ts#depositChanges`' `held`): not collected again, so not counted. Default
   * none.
   */
  heldDepositDates?: readonly LocalDate[];
  /**
   * What a change's stored bills say (`stored-plan.ts#heldBills`): the unpaid ones owed on the effective date and those
   * paid already not billed again, as the deposits step said. Default none.
   */
  heldBills?: HeldBills;
}

/**
 * Rule "deposit split" (DOMAIN "The money inside an agreement"): a deposit goes to contingency and rainy day as its
 * plan's breakdown says (its contingency line, its surplus line) and the rest to allocation. Without a breakdown
 * (no deposit in the period, or the planner refused the version) the whole deposit is allocation.
 */
export function sharesOfBreakdown(breakdown: DepositBreakdown | null, depositAmount: Cents): PlanShares {
  const line = (kind: BreakdownLine['kind']) =>
    breakdown ? breakdown.lines.filter((l) => l.kind === kind).reduce((total, l) => total + l.amount, 0) : 0;
  const rainyDay = Math.min(Math.max(0, line('surplus')), Math.max(0, depositAmount));
  const contingency = Math.min(Math.max(0, line('contingency')), Math.max(0, depositAmount - rainyDay));
  return {
    allocation: sub(sub(depositAmount, cents(contingency)), cents(rainyDay)),
    contingency: cents(contingency),
    rainyDay: cents(rainyDay),
  };
}

const LINE_KINDS: Record<BreakdownLine['kind'], PlanLineKind> = {
  biller: PlanLineKind.Biller,
  contingency: PlanLineKind.Contingency,
  heldBalance: PlanLineKind.HeldBalance,
  surplus: PlanLineKind.Surplus,
  shortfall: PlanLineKind.Shortfall,
};

function lineOf(line: BreakdownLine): AgreedPlanLine {
  const subCategory = line.kind === 'biller' && (line.billerKey ?? '').startsWith('subcategory:');
  return {
    kind: subCategory ? PlanLineKind.SubCategory : LINE_KINDS[line.kind],
    billerKey: line.billerKey,
    label: line.label,
    amount: line.amount,
    periodTotal: line.periodTotal,
    billCount: line.billCount,
  };
}

/**
 * The plan a version is agreed on: the deposits step's own calculation (`calculateDepositPlan` on the stored
 * version, `stored-plan.ts`) made for the effective date with what the version holds then, on the deposits the
 * version collects (`collectedDepositDates`: its schedule from that day on the bank's days, without the dates the
 * version in force keeps), the dates its scheduled deposits are written on. A version whose stored details the
 * planner refuses keeps those dates with every deposit going to allocation, as before plans were stored.
 */
export function agreedPlanOf(
  agreement: AgreementFacts,
  billers: readonly BillerFacts[],
  options: AgreeOptions,
): AgreedPlan {
  const base = {
    effectiveDate: options.effectiveDate,
    contributionFrequency: agreement.contributionFrequency,
    depositAmount: agreement.depositAmount,
    openingBalance: options.openingBalance,
  };
  const collected = collectedDepositDates(
    scheduledDepositDates(agreement),
    options.effectiveDate,
    options.firstBankDay ?? options.effectiveDate,
    options.heldDepositDates,
  );
  try {
    const { plan } = calculateDepositPlan(
      {
        ...storedDepositPlanData(agreement, billers, options.openingBalance, options.heldBills),
        depositDates: collected,
      },
      options.effectiveDate,
      options.defaults,
    );
    const dates = plan.depositDates;
    return {
      ...base,
      firstDepositDate: dates[0] ?? null,
      depositDates: dates,
      shares: sharesOfBreakdown(plan.breakdown, agreement.depositAmount),
      lines: plan.breakdown?.lines.map(lineOf) ?? [],
    };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const dates = collected;
    return {
      ...base,
      firstDepositDate: dates[0] ?? null,
      depositDates: dates,
      shares: sharesOfBreakdown(null, agreement.depositAmount),
      lines: [],
    };
  }
}
