import { ZERO } from '../../shared/money.js';
import type { BreakdownLineKind, ExpensesCoverage, MinimumDeposit as MinimumResult } from '../deposit/index.js';
import { DepositForecast } from './deposit-forecast.types.js';
import {
  DepositBreakdownLineKind,
  type DepositCoverage,
  type DepositPlan,
  type MinimumDeposit,
} from './deposit-plan.types.js';
import type { DepositPlanResult } from './planner.calculations.js';

const LINE_KINDS = {
  biller: DepositBreakdownLineKind.BILLER,
  contingency: DepositBreakdownLineKind.CONTINGENCY,
  heldBalance: DepositBreakdownLineKind.HELD_BALANCE,
  surplus: DepositBreakdownLineKind.SURPLUS,
  shortfall: DepositBreakdownLineKind.SHORTFALL,
} as const satisfies Record<BreakdownLineKind, DepositBreakdownLineKind>;

const noMessage = { code: null, field: null, message: null };

function coverageView(coverage: ExpensesCoverage): DepositCoverage {
  if (coverage.ok) {
    return { ok: true, bypassed: coverage.bypassed, surplus: coverage.surplus, shortfall: ZERO, ...noMessage };
  }
  const { code, field, message, shortfall } = coverage;
  return { ok: false, bypassed: false, surplus: ZERO, shortfall, code, field, message };
}

function minimumView(minimum: MinimumResult): MinimumDeposit {
  if (minimum.reachable) {
    return {
      reachable: true,
      amount: minimum.amount,
      bindingDate: minimum.bindingDate,
      topUpNeeded: ZERO,
      topUpDate: null,
    };
  }
  return {
    reachable: false,
    amount: null,
    bindingDate: null,
    topUpNeeded: minimum.topUpNeeded,
    topUpDate: minimum.date,
  };
}

/** The engines' plan in the GraphQL shape (and the REST one, should the deposits step get a route). */
export function toDepositPlanView(result: DepositPlanResult): DepositPlan {
  const { plan } = result;
  const { forecast, overdraw } = plan;
  const days = forecast.days;
  return {
    today: result.today,
    depositDates: plan.depositDates,
    depositCount: plan.required.depositCount,
    depositAmount: plan.depositAmount,
    required: plan.required,
    coverage: coverageView(plan.coverage),
    minimum: minimumView(plan.minimum),
    breakdown: plan.breakdown && {
      depositAmount: plan.breakdown.depositAmount,
      depositCount: plan.breakdown.depositCount,
      periodTotal: plan.breakdown.periodTotal,
      addsUp: plan.breakdown.addsUp,
      lines: plan.breakdown.lines.map((line) => ({
        kind: LINE_KINDS[line.kind],
        billerKey: line.billerKey,
        label: line.label,
        amount: line.amount,
        periodTotal: line.periodTotal,
        billCount: line.billCount,
        sentence: line.detail,
      })),
    },
    overdraw: { ...overdraw, approvalsNeeded: [...overdraw.approvalsNeeded] },
    forecast: Object.assign(new DepositForecast(), {
      firstDay: forecast.window.from,
      lastDay: forecast.window.to,
      dayCount: days.length,
      openingBalance: plan.required.openingBalance,
      closingBalance: days[days.length - 1].balance,
      lowestPoint: forecast.lowestPoint,
      firstDateBelowZero: forecast.firstDateBelowZero,
      overdrawLimit: forecast.overdrawLimit,
      firstDateBelowOverdrawLimit: forecast.firstDateBelowOverdrawLimit,
      days,
    }),
    billers: result.billers.map((summary) => ({
      key: summary.billerKey,
      label: summary.label,
      billCount: summary.count,
      totalAmount: summary.totalAmount,
      totalContingency: summary.totalContingency,
      total: summary.total,
    })),
    overdrawRuleDurationDays: result.settings.overdrawRuleDurationDays,
  };
}
