import { addDays, type LocalDate } from '../../shared/local-date.js';
import { cents, type Cents } from '../../shared/money.js';
import { ActivityType } from '../../modules/activity/index.js';
import {
  LedgerTransactionType,
  allocation,
  contingency,
  rainyDay,
  TransactionStatus,
} from '../../modules/ledger/index.js';
import { at, depositPosting, transferPosting, type Pockets } from './payments.js';
import type { HistoryInput } from './plan.js';
import type { PostingSeed } from './types.js';

/** A dated step of the plan's walk through the year. */
export interface Event {
  date: LocalDate;
  order: number;
  run: () => void;
}

export interface SpecialContext {
  input: HistoryInput;
  post: (posting: PostingSeed) => number;
  reverse: (index: number, date: LocalDate, activity: PostingSeed['activity']) => number;
  postings: PostingSeed[];
  pockets: Pockets;
  depositAmount: Cents;
}

/** A reversed deposit and its replacement, a rainy-day top-up, a reconciliation and a contingency release. */
export function addSpecialEvents(events: Event[], ctx: SpecialContext): void {
  const { input } = ctx;
  const { today, agreementId, agentName, linkedAccountId } = input;
  const inPeriod = (date: LocalDate) => date >= input.period.start && date <= today;
  const staff = { agentName, staff: 'agent' as const };
  const reversalDay = addDays(today, -135);
  if (inPeriod(addDays(reversalDay, -14))) {
    events.push({
      date: reversalDay,
      order: 2,
      run: () => {
        const index = ctx.postings.findLastIndex(
          (p) => p.type === LedgerTransactionType.Deposit && p.effectiveDate < reversalDay,
        );
        if (index < 0) return;
        const original = ctx.postings[index];
        ctx.reverse(index, reversalDay, {
          type: ActivityType.DepositReversal,
          occurredAt: at(reversalDay, 11),
          details: `Deposit of ${original.effectiveDate} dishonoured by the paying bank and reversed`,
          data: { ContractId: agreementId },
          ...staff,
          transactionStatus: TransactionStatus.Successful,
        });
        const again = addDays(reversalDay, 2);
        ctx.post(
          depositPosting({
            agreementId,
            depositIndex: null,
            amount: ctx.depositAmount,
            contingencyShare: cents(0),
            date: again,
            fromLinkedAccountId: linkedAccountId,
            activityType: ActivityType.ExtraMemberDeposit,
            ...staff,
          }),
        );
      },
    });
  }
  const topUpDay = addDays(today, -75);
  if (inPeriod(topUpDay)) {
    events.push({
      date: topUpDay,
      order: 2,
      run: () =>
        void ctx.post(
          depositPosting({
            agreementId,
            depositIndex: null,
            amount: cents(25_000),
            contingencyShare: cents(0),
            date: topUpDay,
            fromLinkedAccountId: linkedAccountId,
            activityType: ActivityType.ExtraMemberDeposit,
            toRainyDay: true,
            ...staff,
          }),
        ),
    });
  }
  const reconcileDay = addDays(today, -45);
  if (inPeriod(reconcileDay)) {
    events.push({
      date: reconcileDay,
      order: 2,
      run: () =>
        void ctx.post(
          transferPosting(allocation(), rainyDay(), cents(2_500), reconcileDay, {
            type: ActivityType.Reconciliation,
            occurredAt: at(reconcileDay, 16),
            details: 'Reconciliation with core banking: unused allocation moved to rainy day',
            data: { ContractId: agreementId },
            transactionStatus: TransactionStatus.Mismatch,
          }),
        ),
    });
  }
  const releaseDay = addDays(today, -30);
  if (inPeriod(releaseDay)) {
    events.push({
      date: releaseDay,
      order: 2,
      run: () => {
        // Only what the contingency pocket holds can be released (never below zero, issue 8 item 4).
        const released = Math.min(2_000, Math.max(0, ctx.pockets.contingency));
        if (released === 0) return;
        ctx.post(
          transferPosting(contingency(), rainyDay(), cents(released), releaseDay, {
            type: ActivityType.Transaction,
            occurredAt: at(releaseDay, 16, 30),
            details: 'Contingency no longer needed released to rainy day',
            data: { ContractId: agreementId },
            transactionStatus: TransactionStatus.Processed,
          }),
        );
      },
    });
  }
}
