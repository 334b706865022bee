import { addMonths, type LocalDate } from '../../../shared/local-date.js';
import { cents, formatCurrency, type Cents } from '../../../shared/money.js';
import { ContributionFrequency } from '../../deposit/index.js';
import { forecastOf, isUnpaidBill, smallestDepositOf, type ProjectionInput } from '../projection/projection.rules.js';
import { comingDeposits, smallest, withFix } from '../shortfall/shortfall-fix.rules.js';
import type { ReviewBillFacts, ReviewTable } from './review-table.rules.js';

/**
 * Rule "the deposit that reviews itself" (issue 24 item 2): from the per-bill table and the projection, the new
 * deposit the agreement needs and why, bill by bill, and when a review is due. The deposit is found on the
 * projection's own forecast (`forecastOf`, the shortfall fixes' bisection `smallest` and deposits still to come
 * `comingDeposits`): nothing here is a second forecast or a second search. Pure, integer cents.
 */

/** One deposit's period in words ("+$6.20 a fortnight"). */
const PER_DEPOSIT: Readonly<Record<number, string>> = {
  [ContributionFrequency.Weekly]: 'a week',
  [ContributionFrequency.Fortnightly]: 'a fortnight',
  [ContributionFrequency.Monthly]: 'a month',
  [ContributionFrequency.Quarterly]: 'a quarter',
  [ContributionFrequency.Annually]: 'a year',
  [ContributionFrequency.BiMonthly]: 'a deposit',
};

export function perDepositWords(frequency: number): string {
  return PER_DEPOSIT[frequency] ?? 'a deposit';
}

/** One line of the explanation: a bill's part of the change (or the rest of it), per deposit. */
export interface ReviewReason {
  /** The biller's key; null for the line that is not a bill's (the balance held and when bills fall due). */
  billerKey: string | null;
  /** What this line adds to (or takes off) each deposit. */
  perDeposit: Cents;
  words: string;
}

export interface ReviewProposal {
  agreementId: number;
  currentDeposit: Cents;
  /**
   * What the deposits cannot reach: the deepest the balance goes before the first of them (the shortfall fixes' top-up
   * now covers it); 0 when it never goes short before then.
   */
  topUpFirst: Cents;
  /** The smallest deposit that, after `topUpFirst`, leaves no short day by term end with the contingency kept. */
  proposedDeposit: Cents | null;
  /** Proposed less current (0 without a proposal). */
  change: Cents;
  /** The deposits still to come that the new amount applies to, and the first of them. */
  deposits: number;
  from: LocalDate | null;
  /** The forecast with the contingency kept, at today's deposit: the term's closing balance and its lowest point. */
  endOfTermBalance: Cents;
  lowestBalance: Cents;
  /** Each line adds up to `change` exactly. */
  reasons: ReviewReason[];
  summary: string;
}

/**
 * The projection's input with the contingency kept (rule "contingency": the 10% buffer of a variable bill is set aside
 * with it): each bill still to come takes out its expected amount plus its own contingency.
 */
export function withContingencyKept(input: ProjectionInput, termBills: readonly ReviewBillFacts[]): ProjectionInput {
  const contingency = new Map(termBills.map((bill) => [bill.billId, bill.contingency]));
  return {
    ...input,
    bills: input.bills.map((bill) =>
      isUnpaidBill(bill.status) ? { ...bill, amount: cents(bill.amount + (contingency.get(bill.billId) ?? 0)) } : bill,
    ),
  };
}

/** The input with every deposit still to come at `deposit` (raised or lowered). */
export function withDeposit(input: ProjectionInput, deposit: Cents): ProjectionInput {
  const deposits = [...input.deposits];
  for (const { deposit: coming, index } of comingDeposits(input))
    deposits[index] = { ...coming, expectedAmount: deposit };
  return { ...input, depositAmount: deposit, deposits };
}

function neverShort(input: ProjectionInput): boolean {
  const forecast = forecastOf(input);
  return forecast !== null && forecast.firstShortDate === null;
}

function signed(amount: Cents): string {
  return formatCurrency(amount, { signed: true });
}

/** "Electricity came in 18% above its estimate: +$6.20 a fortnight." */
function billWords(name: string, difference: Cents, estimateOfPaid: Cents, share: Cents, per: string): string {
  const percent = estimateOfPaid > 0 ? Math.round((Math.abs(difference) * 100) / estimateOfPaid) : null;
  const how = difference > 0 ? 'above' : 'below';
  const size = percent === null ? formatCurrency(cents(Math.abs(difference))) : `${percent}%`;
  return `${name} came in ${size} ${how} its estimate: ${signed(share)} ${per}.`;
}

/**
 * The proposal: the smallest deposit (whole cents, at least one cent) such that every deposit still to come at that
 * amount leaves no day short to the term's end with each bill's contingency kept, once what the days before the first
 * deposit lack is topped up now (no deposit can reach them: `topUpFirst`); explained bill by bill (each
 * bill's difference from its estimate so far, shared over the deposits to come) and a last line for the rest (the
 * balance held today, when bills fall due), so that the lines add up to the change to the cent. Null for an agreement
 * with no forecast (ended) or no deposit still to come.
 */
export function reviewProposal(
  input: ProjectionInput,
  table: ReviewTable,
  termBills: readonly ReviewBillFacts[],
  frequency: number,
): ReviewProposal | null {
  const kept = withContingencyKept(input, termBills);
  const forecast = forecastOf(kept);
  const coming = comingDeposits(input);
  if (!forecast || coming.length === 0) return null;
  const current = input.depositAmount;
  // Days before the first deposit still to come are beyond any deposit: what they lack is a top-up now.
  const first = coming[0].deposit.dueDate;
  const deepest = Math.min(0, ...forecast.points.filter((point) => point.date < first).map((point) => point.balance));
  const topUpFirst = cents(-deepest);
  const base = topUpFirst > 0 ? withFix(kept, { kind: 'topUp', amount: topUpFirst }) : kept;
  // Nothing topped up first (the usual case): the base is what was just forecast, so it is not forecast again.
  const high = current + ((base === kept ? forecast : forecastOf(base))?.topUpToAvoid ?? 0);
  const found = smallest(
    0,
    Math.max(high, 1),
    (deposit) => neverShort(withDeposit(base, cents(deposit))),
    smallestDepositOf(base),
  );
  const proposed = found === null ? null : cents(found);
  const change = proposed === null ? cents(0) : cents(proposed - current);
  const per = perDepositWords(frequency);
  const reasons: ReviewReason[] = [];
  if (proposed !== null) {
    for (const row of table.rows) {
      if (row.difference === 0) continue;
      // Half a cent away from zero, alike for a bill above and below its estimate.
      const share = cents(Math.sign(row.difference) * Math.round(Math.abs(row.difference) / coming.length));
      reasons.push({
        billerKey: row.billerKey,
        perDeposit: share,
        words: billWords(row.name, row.difference, row.estimateOfPaid, share, per),
      });
    }
    const rest = cents(change - reasons.reduce((total, reason) => total + reason.perDeposit, 0));
    if (rest !== 0) {
      reasons.push({
        billerKey: null,
        perDeposit: rest,
        words: `The balance held today and when the bills fall due: ${signed(rest)} ${per}.`,
      });
    }
  }
  return {
    agreementId: input.agreementId,
    currentDeposit: current,
    proposedDeposit: proposed,
    change,
    topUpFirst,
    deposits: coming.length,
    from: first,
    endOfTermBalance: forecast.points[forecast.points.length - 1].balance,
    lowestBalance: forecast.lowestPoint.balance,
    reasons,
    summary: summaryWords(current, proposed, topUpFirst, per),
  };
}

/** Which question the proposal answers: the bills with their contingency kept aside, not the forecast's bare bills. */
const KEPT = 'each bill’s contingency kept aside';

function summaryWords(current: Cents, proposed: Cents | null, topUpFirst: Cents, per: string): string {
  if (proposed === null) return 'No deposit can avoid a shortfall: a top-up now is needed (see the shortfall fixes).';
  const first =
    topUpFirst > 0
      ? `Top up ${formatCurrency(topUpFirst)} now for the days before the next deposit (see the shortfall fixes), then `
      : '';
  const sentence = (text: string) => (first ? `${first}${text.charAt(0).toLowerCase()}${text.slice(1)}` : text);
  // The review keeps each bill's contingency aside, where the forecast's "raise each deposit to" spends it: the words
  // say so, as the two figures legitimately differ (README "Proposed deposit").
  if (proposed === current)
    return sentence(`Your deposit of ${formatCurrency(current)} ${per} still covers your bills, ${KEPT}.`);
  const way = proposed > current ? 'Raise' : 'Lower';
  return sentence(
    `${way} your deposit from ${formatCurrency(current)} to ${formatCurrency(proposed)} ${per}, ${KEPT}.`,
  );
}

export type ReviewReasonCode = 'schedule' | 'deficit' | 'surplus';

export interface ReviewDue {
  due: boolean;
  /** Why it is due: the projected deficit or surplus passes one deposit, or the calendar says so. */
  reason: ReviewReasonCode | null;
  /** When the calendar next asks for a review. */
  nextScheduled: LocalDate;
}

export interface ReviewDueFacts {
  today: LocalDate;
  /** The last review of this agreement (any outcome), null when never reviewed. */
  lastReviewedOn: LocalDate | null;
  /** When the version took effect (the calendar counts from here before the first review). */
  since: LocalDate;
  everyMonths: number;
  deposit: Cents;
  /** From the proposal's forecast with the contingency kept. */
  endOfTermBalance: Cents;
  lowestBalance: Cents;
}

/**
 * Rule "review due": the projected deficit (how far below zero the forecast with the contingency kept goes) or the
 * projected surplus at the term's end passes one deposit (more than it); else the calendar, every `everyMonths`
 * months from the last review (or from when the version took effect).
 */
export function reviewDue(facts: ReviewDueFacts): ReviewDue {
  const nextScheduled = addMonths(facts.lastReviewedOn ?? facts.since, Math.max(1, facts.everyMonths));
  const deficit = Math.max(0, -facts.lowestBalance);
  const surplus = Math.max(0, facts.endOfTermBalance);
  const reason: ReviewReasonCode | null =
    deficit > facts.deposit
      ? 'deficit'
      : surplus > facts.deposit
        ? 'surplus'
        : facts.today >= nextScheduled
          ? 'schedule'
          : null;
  return { due: reason !== null, reason, nextScheduled };
}
