import { formatMoney } from '../../shared/money';

/** The bill screens' texts: the spec's words where it has them (spec 1 §4, §5, §8), ours otherwise. */
export const BILL_MESSAGES = {
  paid: 'Bill paid successfully',
  reimbursed: 'Bill reimbursed successfully',
  topUpRequired: "Can't proceed without paybill",
  linkedAccountRequired: 'Please select a linked savings account.',
  /** Spec 1 §8, 3 §8: the top-up's accounts and their available balances could not be read. */
  accountBalance: 'Could not retrieve the account balance.',
  insufficientFunds: 'Insufficient funds in the selected account.',
  billerAddedToday: "Can't reimburse a biller that was added today to the agreement.",
  earlyPayMember: 'This bill is not due yet. Paying it now uses money set aside for it ahead of its due date.',
  earlyPayStaff: 'This bill is not due yet. Confirm with the member that they want it paid before its due date.',
  unknownPaymentType: 'This bill has no BPAY or EFT details, so it can only be paid as a category bill.',
  loadBills: 'Could not load bills',
  amountRequired: 'Please enter an amount greater than $0.00.',
  accountRequired: 'Please choose an account.',
  topUpAmountRequired: 'The amount must be greater than $0.00.',
  topUpAboveBalance: (available: string) =>
    `The amount is above the ${formatMoney(available)} available in the chosen account.`,
  reverseHelp: 'Bills are pending between 9am-3pm and 3pm-9am.',
} as const;
