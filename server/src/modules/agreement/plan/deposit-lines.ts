import { parseMoney, sub, type Cents } from '../../../shared/money.js';
import { allocation, contingency, external, linkedAccount, rainyDay, type LedgerLine } from '../../ledger/index.js';
import { splitDeposit, type DepositShares, type DepositSplit } from './deposit-split.rules.js';

/**
 * The ledger lines of money arriving for a deposit: from a linked savings account (or from outside: payroll) into
 * the agreement's pockets as the deposit's stored plan shares it (`splitDeposit`). The bank day's deposits
 * (core-banking/deposit-arrivals.ts) and a member's catch-up deposit (payment/catch-up.service.ts) post these.
 */
export function depositLines(
  amount: Cents,
  shares: DepositShares,
  fromLinkedAccountId: number | null,
): { split: DepositSplit; lines: LedgerLine[] } {
  const split = splitDeposit(amount, shares);
  const lines: LedgerLine[] = [
    {
      account: fromLinkedAccountId ? linkedAccount(fromLinkedAccountId) : external(),
      amount: sub(parseMoney('0'), amount),
    },
    { account: allocation(), amount: split.allocation },
    { account: contingency(), amount: split.contingency },
    { account: rainyDay(), amount: split.rainyDay },
  ].filter((line) => line.amount !== 0);
  return { split, lines };
}
