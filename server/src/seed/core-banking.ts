import { addMonths, type LocalDate } from '../shared/local-date.js';
import { cents } from '../shared/money.js';
import { LedgerTransactionType, external, linkedAccount, type Posting } from '../modules/ledger/index.js';
import { at } from './history/payments.js';

export interface SavingsAccountFunding {
  memberId: number;
  linkedAccountId: number;
  /** Opening balance (cents) on `from`. */
  opening: number;
  /** A monthly salary credit (cents) from the month after `from` up to `today`; 0 for none. */
  monthly: number;
  from: LocalDate;
  today: LocalDate;
}

/**
 * What core banking put into the members' savings accounts: an opening balance and, optionally, monthly salary
 * credits. These postings touch no agreement, so they carry no activity.
 */
export function savingsAccountCredits(funding: readonly SavingsAccountFunding[]): Posting[] {
  const postings: Posting[] = [];
  for (const account of funding) {
    const credit = (date: LocalDate, amount: number, description: string) =>
      postings.push({
        type: LedgerTransactionType.CoreBankingCredit,
        memberId: account.memberId,
        effectiveDate: date,
        description,
        lines: [
          { account: external(), amount: cents(-amount) },
          { account: linkedAccount(account.linkedAccountId), amount: cents(amount) },
        ],
        createdAt: at(date, 5),
      });
    if (account.opening > 0) credit(account.from, account.opening, 'Opening balance from core banking');
    if (account.monthly <= 0) continue;
    for (let month = 1; ; month++) {
      const date = addMonths(account.from, month);
      if (date > account.today) break;
      credit(date, account.monthly, 'Salary');
    }
  }
  return postings;
}
