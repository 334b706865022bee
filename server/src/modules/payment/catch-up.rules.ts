import { cents, formatCurrency, type Cents } from '../../shared/money.js';
import type { LocalDate } from '../../shared/local-date.js';
import { arrearsShortfall, type ProjectedDepositFacts } from '../agreement/index.js';
import { MONEY_MESSAGES } from '../../shared/money-movement.rules.js';
import { catchUpAboveArrearsMessage, PaymentError } from './payment.errors.js';

/** A deposit of the stored schedule, with its id (what a catch-up share is posted against). */
export interface CatchUpDepositFacts extends ProjectedDepositFacts {
  depositId: number;
}

/** What a catch-up deposit pays towards one missed deposit. */
export interface CatchUpShare {
  depositId: number;
  dueDate: LocalDate;
  amount: Cents;
  /** The deposit then has all its money. */
  complete: boolean;
}

export interface CatchUpPlan {
  /** The arrears before (the projection's rule: what the missed and partly received deposits lack). */
  owed: Cents;
  shares: CatchUpShare[];
  /** What is still owed after it. */
  stillOwed: Cents;
  /** Nothing is owed after it: the agreement leaves missed deposit (issue 26 item 5). */
  clearsArrears: boolean;
}

/**
 * Rule "catch-up deposit" (DOMAIN "Arrears and locks"; issue 26 item 5): money the member pays now towards the
 * arrears goes to the missed deposits oldest first (due date, then id), each up to what it lacks
 * (`arrearsShortfall`, the projection's own arrears rule). Refused when nothing is owed, or when the amount is above
 * what is owed (the rest would belong to no deposit: a rainy-day top-up is the way to put more in). The amount itself
 * (above 0, 2 decimals) is checked when it is read (`parsePaymentAmount`).
 */
export function planCatchUp(deposits: readonly CatchUpDepositFacts[], amount: Cents): CatchUpPlan {
  const short = deposits
    .map((deposit) => ({ deposit, lacks: arrearsShortfall(deposit) }))
    .filter(({ lacks }) => lacks > 0)
    .sort((a, b) =>
      a.deposit.dueDate === b.deposit.dueDate
        ? a.deposit.depositId - b.deposit.depositId
        : a.deposit.dueDate < b.deposit.dueDate
          ? -1
          : 1,
    );
  const owed = cents(short.reduce((sum, { lacks }) => sum + lacks, 0));
  if (owed <= 0) throw new PaymentError('NO_MISSED_DEPOSIT', MONEY_MESSAGES.NO_MISSED_DEPOSIT);
  if (amount > owed) {
    throw new PaymentError('CATCH_UP_ABOVE_ARREARS', catchUpAboveArrearsMessage(formatCurrency(owed)), 'amount');
  }
  const shares: CatchUpShare[] = [];
  let left: number = amount;
  for (const { deposit, lacks } of short) {
    if (left <= 0) break;
    const share = Math.min(left, lacks);
    shares.push({
      depositId: deposit.depositId,
      dueDate: deposit.dueDate,
      amount: cents(share),
      complete: share === lacks,
    });
    left -= share;
  }
  const stillOwed = cents(owed - amount);
  return { owed, shares, stillOwed, clearsArrears: stillOwed === 0 };
}
