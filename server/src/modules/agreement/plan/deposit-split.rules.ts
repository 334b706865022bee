import { cents, parseMoney, ZERO, type Cents } from '../../../shared/money.js';

/** How one regular deposit is shared between the agreement's pockets (its stored plan's shares). */
export interface DepositShares {
  depositAmount: Cents;
  /** The breakdown's contingency line: the 10% buffer of the period's variable bills, per deposit. */
  contingency: Cents;
  /** The breakdown's surplus line: what the deposit brings beyond the expenses, kept in rainy day. */
  rainyDay: Cents;
}

export interface DepositSplit {
  allocation: Cents;
  contingency: Cents;
  rainyDay: Cents;
}

/**
 * Rule "deposit split" (DOMAIN "The money inside an agreement"): a deposit goes to contingency and rainy day as its
 * stored plan says (`agreed-plan.rules.ts#sharesOfBreakdown`) and the rest to allocation. A deposit of another amount
 * (a first or catch-up deposit) is shared in proportion, rounded down, allocation taking the cents. The parts add up
 * exactly to the amount.
 */
export function splitDeposit(amount: Cents, shares: DepositShares): DepositSplit {
  if (amount <= 0) return { allocation: cents(Math.max(0, amount)), contingency: cents(0), rainyDay: cents(0) };
  let contingency: number = shares.contingency;
  let rainyDay: number = shares.rainyDay;
  if (amount !== shares.depositAmount) {
    const base = shares.depositAmount > 0 ? shares.depositAmount : amount;
    contingency = Math.floor((amount * shares.contingency) / base);
    rainyDay = Math.floor((amount * shares.rainyDay) / base);
  }
  rainyDay = Math.min(rainyDay, amount);
  contingency = Math.min(contingency, amount - rainyDay);
  return {
    allocation: cents(amount - contingency - rainyDay),
    contingency: cents(contingency),
    rainyDay: cents(rainyDay),
  };
}

/** A deposit's stored plan shares, as selected with the deposit (`left join agreement_plan p on p.id = d.plan_id`). */
export interface StoredShareColumns {
  plan_deposit_amount: string | null;
  contingency_share: string | null;
  rainy_day_share: string | null;
}

/** How the deposit's stored plan shares one regular deposit (no plan: the whole deposit is allocation). */
export function storedShares(row: StoredShareColumns, expected: Cents): DepositShares {
  if (row.plan_deposit_amount === null) return { depositAmount: expected, contingency: ZERO, rainyDay: ZERO };
  return {
    depositAmount: parseMoney(String(row.plan_deposit_amount)),
    contingency: parseMoney(String(row.contingency_share)),
    rainyDay: parseMoney(String(row.rainy_day_share)),
  };
}
