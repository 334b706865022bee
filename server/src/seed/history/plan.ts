import { addDays, type LocalDate } from '../../shared/local-date.js';
import { cents, toDecimalString, type Cents } from '../../shared/money.js';
import { ActivityType } from '../../modules/activity/index.js';
import { DepositStatus, DepositType } from '../../modules/agreement/index.js';
import { buildCashFlowProfile } from '../../shared/deposit/cash-flow.rules.js';
import { ContributionFrequency, depositDates, requiredDeposit } from '../../modules/deposit/index.js';
import {
  LedgerTransactionType,
  negateLines,
  allocation,
  contingency,
  rainyDay,
  TransactionStatus,
} from '../../modules/ledger/index.js';
import type { Random } from '../random.js';
import { setAsideFrom } from '../../modules/payment/index.js';
import { collectBills, decideOutcomes, finalStatus, markNotified, type PlannedBill, type Stops } from './outcomes.js';
import { addSpecialEvents, type Event } from './specials.js';
import { applyLines, at, billPaymentPosting, depositPosting, type Pockets } from './payments.js';
import type { AgreementHistory, BillerSeed, PostingSeed, SubCategorySeed } from './types.js';

export interface HistoryInput {
  agreementId: number;
  accountId: number;
  memberId: number;
  period: { start: LocalDate; end: LocalDate };
  today: LocalDate;
  frequency: ContributionFrequency;
  depositType: DepositType;
  /** The savings account deposits, top-ups and reimbursements use. */
  linkedAccountId: number;
  linkedOpeningBalance: number;
  billers: BillerSeed[];
  subCategories: SubCategorySeed[];
  /** The last day this version covers when a newer version replaced it (bills and deposits stop there). */
  until?: LocalDate | null;
  /** A renewal takes over the previous version's balances on its first day. */
  opening?: { previousAgreementId: number; allocation: Cents; contingency: Cents; rainyDay: Cents } | null;
  missedDepositsFrom?: LocalDate | null;
  stops: Stops;
  random: Random;
  agentName: string;
  createdAt: Date;
}

/** A planned history plus what the story (non-ledger activities, notes...) needs to know about it. */
export interface PlannedHistory {
  history: AgreementHistory;
  bills: PlannedBill[];
  depositAmount: Cents;
  missedAmount: Cents;
}

/**
 * Plans one agreement's year: its bills (the bill engine's occurrences), its deposits (the deposit engine's dates and
 * required amount), and, in date order, the ledger postings of every deposit received and bill paid up to today.
 */
export function planHistory(input: HistoryInput): PlannedHistory {
  const { period, today, random, agreementId } = input;
  const allBills = collectBills(input.billers, input.subCategories, period, input.createdAt);
  decideOutcomes(allBills, input.billers, period.start, today, input.stops, random);
  const cutoff = input.until ?? period.end;
  const bills = allBills.filter((bill) => bill.seed.dueDate <= cutoff);
  const notified = markNotified(bills, today);

  const biMonthly = input.frequency === ContributionFrequency.BiMonthly;
  const dates = depositDates({
    frequency: input.frequency,
    firstDepositDate: period.start,
    endDate: period.end,
    biMonthlyDates: biMonthly ? { first: period.start, second: addDays(period.start, 14) } : undefined,
  });
  const opening = input.opening ? input.opening.allocation + input.opening.contingency + input.opening.rainyDay : 0;
  const profile = buildCashFlowProfile({
    window: { from: period.start, to: period.end },
    openingBalance: cents(opening),
    depositDates: dates,
    bills: allBills.map((b) => ({
      billerKey: b.payee,
      label: b.payee,
      date: b.seed.dueDate,
      amount: b.seed.amount,
      contingency: b.seed.contingency,
    })),
  });
  const depositAmount = cents(Math.ceil(requiredDeposit(profile).amount / 100) * 100);
  const totalContingency = allBills.reduce((total, b) => total + b.seed.contingency, 0);
  const contingencyShare =
    profile.totalOutflow > 0 ? cents(Math.round((depositAmount * totalContingency) / profile.totalOutflow)) : cents(0);
  const linkedForDeposits = input.depositType === DepositType.PeriodicalPayment ? input.linkedAccountId : null;

  const postings: PostingSeed[] = [];
  const pockets: Pockets = { allocation: 0, contingency: 0, rainyDay: 0, linked: input.linkedOpeningBalance };
  let lowest = 0;
  const post = (posting: PostingSeed): number => {
    postings.push(posting);
    applyLines(pockets, posting.lines, agreementId, input.linkedAccountId);
    lowest = Math.min(lowest, pockets.allocation + pockets.contingency + pockets.rainyDay);
    return postings.length - 1;
  };
  const reverse = (index: number, date: LocalDate, activity: PostingSeed['activity']): number => {
    const original = postings[index];
    return post({
      type: LedgerTransactionType.Reversal,
      effectiveDate: date,
      description: activity.details.slice(0, 200),
      lines: negateLines(original.lines),
      sources: original.sources?.map((s) => ({ ...s, amount: cents(-s.amount) })),
      depositIndex: original.depositIndex,
      reverses: { postingIndex: index, type: original.type },
      staff: activity.staff ?? null,
      activity,
    });
  };
  const events: Event[] = [];
  if (input.opening) {
    const previous = input.opening.previousAgreementId;
    const carried = (
      [
        ['allocation', allocation],
        ['contingency', contingency],
        ['rainyDay', rainyDay],
      ] as const
    )
      .map(([key, ref]) => ({ amount: input.opening![key], ref }))
      .filter((item) => item.amount !== 0);
    if (carried.length > 0) {
      events.push({
        date: period.start,
        order: -1,
        run: () =>
          void post({
            type: LedgerTransactionType.VersionTransfer,
            effectiveDate: period.start,
            description: `Balances carried over from agreement ${previous}`,
            lines: carried.flatMap(({ amount, ref }) => [
              { account: ref(previous), amount: cents(-amount) },
              { account: ref(), amount },
            ]),
            activity: {
              type: ActivityType.Transaction,
              occurredAt: at(period.start, 6),
              details: `Balances carried over from agreement ${previous} on renewal`,
              data: { ContractId: agreementId, previousContractId: previous },
              transactionStatus: TransactionStatus.Processed,
            },
          }),
      });
    }
  }

  const deposits = dates
    .filter((date) => date <= cutoff)
    .map((date, index) => {
      const missed = date <= today && !!input.missedDepositsFrom && date >= input.missedDepositsFrom;
      if (date <= today && !missed) {
        events.push({
          date,
          order: 0,
          run: () =>
            void post(
              depositPosting({
                agreementId,
                depositIndex: index,
                amount: depositAmount,
                contingencyShare,
                date,
                fromLinkedAccountId: linkedForDeposits,
              }),
            ),
        });
      }
      return {
        dueDate: date,
        amount: depositAmount,
        values: {
          due_date: date,
          expected_amount: toDecimalString(depositAmount),
          status: missed ? DepositStatus.Missed : DepositStatus.Scheduled,
        },
      };
    });
  const missedCount = deposits.filter((d) => d.values.status === DepositStatus.Missed).length;

  bills.forEach((bill, billIndex) => {
    const payDate = bill.payDate;
    if (payDate === null) return;
    const payment = (status?: TransactionStatus, staff?: 'agent' | 'manager') => {
      // The payment service's rule: the bill's contingency leaves the contingency pocket only as far as it holds it.
      const setAside = setAsideFrom(bill.seed.amount, bill.seed.contingency, cents(pockets.contingency));
      return billPaymentPosting({
        agreementId,
        billIndex,
        billerIndex: bill.billerIndex,
        payee: bill.payee,
        allocated: setAside.allocation,
        contingency: setAside.contingency,
        actual: bill.actual,
        date: payDate,
        reimburseTo: bill.reimbursed ? input.linkedAccountId : null,
        overflow:
          bill.special === 'rainy' || bill.special === 'topup'
            ? {
                rainyDay: pockets.rainyDay,
                linkedAccountId: bill.special === 'topup' ? input.linkedAccountId : null,
                linkedAvailable: pockets.linked,
              }
            : null,
        transactionStatus: status,
        agentName: staff ? input.agentName : null,
        staff: staff ?? null,
      });
    };
    events.push({
      date: payDate,
      order: 1,
      run: () => {
        if (bill.special === 'topup')
          bill.actual = cents(bill.seed.amount + bill.seed.contingency + Math.max(0, pockets.rainyDay) + 15_000);
        const special = bill.special;
        if (special === 'pending') return void post(payment(TransactionStatus.Pending));
        if (special === 'arrears') return void post(payment(TransactionStatus.Successful, 'agent'));
        if (special === 'failed') {
          const index = post(payment(TransactionStatus.Failed));
          const failedOn = addDays(payDate, 2) <= today ? addDays(payDate, 2) : today;
          reverse(index, failedOn, {
            type: ActivityType.PaymentFailure,
            occurredAt: at(failedOn, 9),
            details: `${bill.name} bill paid on the ${payDate} has failed and has been placed on hold awaiting resolution`,
            data: { ContractId: agreementId },
            transactionStatus: TransactionStatus.Successful,
            billIndex,
            billerIndex: bill.billerIndex,
          });
          return;
        }
        const index = post(payment());
        if (special === 'reversed') {
          const reversedOn = addDays(payDate, 1) <= today ? addDays(payDate, 1) : today;
          reverse(index, reversedOn, {
            type: ActivityType.ReverseBill,
            occurredAt: at(reversedOn, 15, 10),
            details: `Payment to ${bill.payee} reversed within the pending window`,
            data: { ContractId: agreementId },
            agentName: input.agentName,
            staff: 'agent',
            transactionStatus: TransactionStatus.Successful,
            billIndex,
            billerIndex: bill.billerIndex,
          });
        }
      },
    });
  });

  if (input.stops.specials) addSpecialEvents(events, { input, post, reverse, postings, pockets, depositAmount });

  events.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.order - b.order));
  for (const event of events) event.run();

  for (const bill of bills) {
    bill.seed.values.status = finalStatus(bill, today);
    bill.seed.values.reimbursement_account_id = bill.reimbursed && bill.payDate ? input.linkedAccountId : null;
  }
  void notified;
  const history: AgreementHistory = {
    agreementId,
    accountId: input.accountId,
    memberId: input.memberId,
    agreementValues: {
      contribution_frequency: input.frequency,
      deposit_amount: toDecimalString(depositAmount),
      total_contract_value: toDecimalString(profile.totalOutflow),
      total_overdraw_amount: toDecimalString(cents(Math.max(0, -lowest))),
    },
    activatedBy: null,
    billers: input.billers,
    subCategories: input.subCategories,
    bills: bills.map((b) => b.seed),
    deposits,
    postings,
    activities: [],
    notes: [],
    approvals: [],
    notifications: [],
    changes: [],
    preferences: { branchId: null, members: [] },
    closing: {
      allocation: cents(pockets.allocation),
      contingency: cents(pockets.contingency),
      rainyDay: cents(pockets.rainyDay),
    },
  };
  return { history, bills, depositAmount, missedAmount: cents(depositAmount * missedCount) };
}
