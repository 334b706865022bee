import type { EntityManager } from '@mikro-orm/postgresql';
import type { LocalDate } from '../../shared/local-date.js';
import { formatCurrency, negate, toDecimalString, type Cents } from '../../shared/money.js';
import { ActivityType } from '../activity/index.js';
import { LedgerTransactionType } from './ledger-transaction-type.js';
import type { LedgerService } from './ledger.service.js';
import { linkedAccount, rainyDay } from './ledger.types.js';

export interface RainyDayTopUpPosting {
  agreementId: number;
  linkedAccountId: number;
  accountNumber: string;
  amount: Cents;
  /** Null: 'Rainy day top-up of $X'. */
  description: string | null;
  effectiveDate: LocalDate;
  createdAt: Date;
  /** Null when a job moves it (no one signed in). */
  userId: number | null;
  agentName: string | null;
  /** More facts for the activity (the request's key, or what asked for the top-up). */
  data?: Record<string, unknown>;
}

/**
 * The one posting of a rainy-day top-up: the linked account pays into the agreement's rainy day, one ledger
 * transaction (type 4) with its activity (extra member deposit), inside the caller's transaction. The member's
 * top-up (`payment/reversal.service.ts#topUpRainyDay`) and the TopupNow of an agreement being applied (agreement/topup-now.ts) both post it.
 */
export async function postRainyDayTopUp(
  tx: EntityManager,
  ledger: LedgerService,
  topUp: RainyDayTopUpPosting,
): Promise<{ transactionId: number; activityId: number | null }> {
  const description = topUp.description || `Rainy day top-up of ${formatCurrency(topUp.amount)}`;
  const posting = await ledger.post(tx, {
    type: LedgerTransactionType.RainyDayTopUp,
    agreementId: topUp.agreementId,
    effectiveDate: topUp.effectiveDate,
    description,
    lines: [
      { account: linkedAccount(topUp.linkedAccountId), amount: negate(topUp.amount) },
      { account: rainyDay(), amount: topUp.amount },
    ],
    createdByUserId: topUp.userId,
    createdAt: topUp.createdAt,
    activity: {
      type: ActivityType.ExtraMemberDeposit,
      details: description,
      data: { topupAmount: toDecimalString(topUp.amount), accountNumber: topUp.accountNumber, ...topUp.data },
      agentName: topUp.agentName,
      userId: topUp.userId,
    },
  });
  return { transactionId: posting.transactionId, activityId: posting.activityId };
}
