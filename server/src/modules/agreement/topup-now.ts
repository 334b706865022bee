import type { EntityManager } from '@mikro-orm/postgresql';
import type { LocalDate } from '../../shared/local-date.js';
import { formatCurrency, type Cents } from '../../shared/money.js';
import { moneyOf } from '../../database/row-values.js';
import type { CoreBanking } from '../core-banking/index.js';
import { LedgerTransactionType, postRainyDayTopUp, type LedgerService } from '../ledger/index.js';
import { DEPOSITS_MESSAGES } from './deposits/deposits.rules.js';

/** Why a stored TopupNow cannot be paid when the agreement is applied (the change then fails with this message). */
export class TopupNowRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TopupNowRefused';
  }
}

export const TOPUP_NOW_MESSAGES = {
  accountGone: 'The top-up account is no longer linked to the member. Choose another top-up account and save again.',
  balanceTooLow: DEPOSITS_MESSAGES.topupBalanceTooLow,
} as const;

export interface TopupNowPaid {
  transactionId: number;
  amount: Cents;
}

interface TopupRow {
  account_id: number;
  is_topup_performed: boolean | null;
  topup_amount: string | null;
  topup_account_id: number | null;
  topup_member_id: number | null;
}

/**
 * The deposits step's TopupNow, paid when the version is applied (a new agreement or a modification), inside the
 * applying transaction: the amount and account it stored, the account's available balance asked of core banking,
 * then the rainy-day top-up posting (linked account → the version's rainy day, activity 'extra member deposit').
 * Exactly once: a version already holding its TopupNow transaction pays nothing again; a refusal
 * (`TopupNowRefused`) fails the apply, so nothing of it is written.
 */
export async function payTopupNow(
  tx: EntityManager,
  ledger: LedgerService,
  coreBanking: CoreBanking,
  agreementId: number,
  when: { today: LocalDate; now: Date },
): Promise<TopupNowPaid | null> {
  const [row] = await tx.execute<TopupRow[]>(
    `select account_id, is_topup_performed, topup_amount, topup_account_id, topup_member_id
     from agreement where id = ?`,
    [agreementId],
  );
  if (!row?.is_topup_performed || row.topup_account_id === null || row.topup_amount === null) return null;
  const amount = moneyOf(row.topup_amount);
  if (amount <= 0) return null;
  const [paid] = await tx.execute<{ id: number }[]>(
    `select t.id from ledger_transaction t join activity a on a.ledger_transaction_id = t.id
     where t.agreement_id = ? and t.type = ? and a.data->>'topupNow' = 'true' limit 1`,
    [agreementId, LedgerTransactionType.RainyDayTopUp],
  );
  if (paid) return null;
  // The account, still one of the account's members' active linked accounts, locked against another debit.
  const [account] = await tx.execute<{ id: number; account_number: string; member_id: number }[]>(
    `select l.id, l.account_number, l.member_id from linked_account l
     where l.id = ? and l.is_active
       and l.member_id in (select member_id from member_account_link where account_id = ? and is_active)
     for update of l`,
    [row.topup_account_id, row.account_id],
  );
  if (!account) throw new TopupNowRefused(TOPUP_NOW_MESSAGES.accountGone);
  const [banked] = (await coreBanking.linkedAccounts(tx, [Number(account.member_id)])).filter(
    (linked) => linked.linkedAccountId === Number(account.id),
  );
  if (!banked || banked.availableBalance < amount) throw new TopupNowRefused(TOPUP_NOW_MESSAGES.balanceTooLow);
  const posting = await postRainyDayTopUp(tx, ledger, {
    agreementId,
    linkedAccountId: Number(account.id),
    accountNumber: account.account_number,
    amount,
    description: `Top up now of ${formatCurrency(amount)} into rainy day, paid when the agreement was applied`,
    effectiveDate: when.today,
    createdAt: when.now,
    userId: null,
    agentName: null,
    data: { topupNow: true, ContractId: agreementId },
  });
  return { transactionId: posting.transactionId, amount };
}
