import { moneyToNumber, type MoneyValue } from '../../shared/money';

export interface LedgerLineInput {
  /** The server's account label: Allocation, Contingency, Rainy day, 'Savings account 123', External. */
  account: string;
  amount: MoneyValue;
  /** The agreement version whose pocket the line is (none for a savings account or the outside world). */
  agreementId?: number | null;
}

/** The ledger's version transfer: a changed (modified or renewed) agreement takes over the previous one's balances. */
export const VERSION_TRANSFER = 7;

export interface Movement {
  label: string;
  /** Always positive in moneyMovements (the list it is in says which way it went); signed in carriedOver. */
  amount: number;
}

/**
 * A transaction's lines as a member reads them (issue 8 item 5: never raw ledger lines): where the money was taken
 * from and where it went, in the bank's words. A line taking money out of an account (negative) is 'taken from'; the
 * outside world is the biller when the transaction pays one, else 'outside the bank' (a deposit from their pay).
 */
export function moneyMovements(
  lines: readonly LedgerLineInput[],
  billerName: string | null,
): { from: Movement[]; to: Movement[] } {
  const from: Movement[] = [];
  const to: Movement[] = [];
  for (const line of lines) {
    const amount = moneyToNumber(line.amount) ?? 0;
    if (amount === 0) continue;
    const incoming = amount > 0;
    (incoming ? to : from).push({ label: placeName(line.account, incoming, billerName), amount: Math.abs(amount) });
  }
  return { from, to };
}

function placeName(account: string, incoming: boolean, billerName: string | null): string {
  if (account === 'External') {
    if (incoming) return billerName ? `${billerName} (the biller)` : 'Paid out of the bank';
    return 'Paid in from outside the bank';
  }
  if (account.startsWith('Savings account')) return `Your s${account.slice(1)}`;
  if (account === 'Allocation') return 'Your agreement’s money set aside for bills';
  if (account === 'Contingency') return 'Your agreement’s contingency';
  if (account === 'Rainy day') return 'Your rainy day';
  return account;
}

/**
 * A version transfer as a member reads it (issue 8): not money taken from their allocation and put back into their
 * allocation, but the balances their changed agreement carried over from the one before, each as the new version's
 * line says (a balance below zero is carried as it is). Null for any other transaction.
 */
export function carriedOver(transaction: {
  type: number;
  agreementId?: number | null;
  lines: readonly LedgerLineInput[];
}): Movement[] | null {
  if (transaction.type !== VERSION_TRANSFER) return null;
  return transaction.lines
    .filter((line) => line.agreementId === transaction.agreementId)
    .map((line) => ({ label: pocketLabel(line.account), amount: moneyToNumber(line.amount) ?? 0 }))
    .filter((line) => line.amount !== 0);
}

/** An agreement's pocket as people read it: the server's 'Allocation' is the money set aside for bills. */
export function pocketLabel(account: string): string {
  return account === 'Allocation' ? 'Set aside for bills' : account;
}
