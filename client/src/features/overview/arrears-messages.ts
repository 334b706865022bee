import { formatDate } from '../../shared/dates';
import { formatMoney } from '../../shared/money';

/** The arrears as the server's projection gives them (every figure is the server's; nothing is worked out here). */
export interface ArrearsFacts {
  amount: string;
  since: string;
  missedDeposits: number;
  clearingDeposit?: { date: string; amount: string } | null;
  payIntoAccount?: string | null;
}

/**
 * The arrears banner in words (issue 26 item 5): how much is owed and since when, the deposit that would clear it,
 * and the account to pay into; the member is spoken to, staff read about the member.
 */
export function arrearsSentences(arrears: ArrearsFacts, isStaff: boolean): string[] {
  const deposits = arrears.missedDeposits === 1 ? '1 missed deposit' : `${arrears.missedDeposits} missed deposits`;
  const owed = `${isStaff ? 'The member owes' : 'You owe'} ${formatMoney(arrears.amount)}: ${deposits} since ${formatDate(arrears.since)}.`;
  const sentences = [owed];
  const clearing = arrears.clearingDeposit;
  if (clearing) {
    sentences.push(
      `A deposit of ${formatMoney(clearing.amount)} on ${formatDate(clearing.date)} (${isStaff ? 'the' : 'your'} next deposit and all that is owed) clears it.`,
    );
  }
  if (arrears.payIntoAccount) {
    sentences.push(
      isStaff
        ? `Deposits go into account ${arrears.payIntoAccount}.`
        : `Pay into account ${arrears.payIntoAccount}, or catch up now from one of your linked accounts.`,
    );
  }
  return sentences;
}

export const CATCH_UP_MESSAGES = {
  explain: (owed: string) =>
    `${owed} is owed. Paying all of it makes the agreement active again and bill payments resume; a part is paid towards the oldest missed deposit first.`,
  cleared: (amount: string, account: string) =>
    `${amount} paid from account ${account}. All missed deposits are paid: the agreement is active again and bills can be paid.`,
  part: (amount: string, account: string, stillOwed: string) =>
    `${amount} paid from account ${account} towards the missed deposits. Still owed: ${stillOwed}.`,
  failed: 'The catch-up deposit was not made.',
} as const;
