/**
 * The hand-computed quarter used by engines.test.ts.
 *
 * Agreement Mon 3 Aug to Sun 25 Oct 2026 (84 days), fortnightly deposits from 3 Aug:
 *   3 Aug, 17 Aug, 31 Aug, 14 Sep, 28 Sep, 12 Oct (26 Oct is after the end) = 6 deposits.
 * Bills:
 *   Groceries, weekly from Wed 5 Aug, $45.00, variable (+$4.50 contingency): 5 Aug ... 21 Oct = 12 bills,
 *     540.00 + 54.00 contingency.
 *   Car loan, monthly on the 4th, $121.01, fixed: 4 Aug, 4 Sep, 4 Oct = 3 bills, 363.03.
 *   Expenses 540.00 + 54.00 + 363.03 = 957.03.
 * Required deposit = ceil(957.03 / 6) = ceil(159.505) = 159.51; 6 x 159.51 = 957.06, surplus 0.03.
 * Breakdown per deposit (period total / 6, largest remainder): groceries 540.00/6 = 90.00;
 *   car loan 363.03/6 = 60.505 -> 60.50 + the 1 spare cent (remainder 3, tied with the surplus's, earlier line
 *   wins) = 60.51; contingency 54.00/6 = 9.00; surplus 0.03/6 -> 0.00. 90.00 + 60.51 + 9.00 + 0.00 = 159.51.
 * Day by day with 159.51 (closing balances):
 *   3 Aug +159.51 = 159.51; 4 Aug -121.01 = 38.50; 5 Aug -49.50 = -11.00; 12 Aug -49.50 = -60.50 (lowest);
 *   17 Aug +159.51 = 99.01; 19 Aug 49.51; 26 Aug 0.01; 31 Aug 159.52; 2 Sep 110.02; 4 Sep -10.99;
 *   9 Sep -60.49; ... each cycle 0.01 higher ... 21 Oct 0.03, closing 0.03 on 25 Oct.
 *   Lowest point -60.50 on 12 Aug (first below zero: 5 Aug), inside the 56-day initial duration (3 Aug to 27 Sep):
 *   check 1 raises the warning with a TopupNow of 60.50; within the $5,000 approved overdraw: no approval. With
 *   $50.00 approved: approval type 1 as well.
 * Minimum deposit keeping every closing balance >= 0: before the second deposit (one deposit made) the bills
 *   reach 121.01 + 49.50 + 49.50 = 220.01 on 12 Aug, so D >= 220.01; later days ask less (26 Aug: 319.01 / 2
 *   = 159.51; 9 Sep: 539.02 / 3 = 179.68). Minimum 220.01, decided on 12 Aug.
 */
export function quarterCase(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    startDate: '2026-08-03',
    endDate: '2026-10-25',
    depositFrequency: 2,
    firstDepositDate: '2026-08-03',
    billers: [
      {
        key: 'groceries',
        label: 'Groceries',
        frequency: 1,
        dateOfBill: '2026-08-05',
        amount: '45.00',
        amountVaries: true,
      },
      { key: 'car-loan', label: 'Car loan', frequency: 3, dateOfBill: '2026-08-04', amount: '121.01' },
    ],
    ...overrides,
  };
}

export const DEPOSIT_PLAN_QUERY = `query($input: DepositPlanInput!) {
  depositPlan(input: $input) {
    depositDates depositAmount overdrawRuleDurationDays
    required { amount depositCount totalExpenses toBeDeposited }
    coverage { ok surplus shortfall message }
    minimum { reachable amount bindingDate topUpNeeded }
    breakdown { lines { kind billerKey amount periodTotal billCount } }
    overdraw {
      lowestPoint { date balance } overdrawAmount initialDurationEnd lowestPointWithinInitialDuration
      approvedOverdraw upperContractLimit totalContractValue overdrawnWithinInitialDuration overdrawApprovalNeeded topUpNeeded
      upperLimitApprovalNeeded approvalsNeeded warning
    }
    forecast {
      firstDay lastDay dayCount closingBalance lowestPoint { date balance } firstDateBelowZero
      firstDateBelowOverdrawLimit
      series { date balance }
      weekly: series(step: 7) { date balance }
    }
  }
}`;

interface Point {
  date: string;
  balance: string;
}

export interface DepositPlanAnswer {
  depositPlan: {
    depositDates: string[];
    depositAmount: string;
    overdrawRuleDurationDays: number;
    required: Record<string, unknown>;
    coverage: Record<string, unknown>;
    minimum: Record<string, unknown>;
    breakdown: { lines: { kind: string; billerKey: string | null; amount: string }[] };
    overdraw: Record<string, unknown>;
    forecast: { series: Point[]; weekly: Point[]; firstDateBelowOverdrawLimit: string | null };
  };
}
