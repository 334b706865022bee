import { AgreementStatus as S } from './agreement-status.js';

/**
 * Who may move money on an agreement in which status (issue 26 item 4; spec 1 §4, §6, §8; spec 3 §4; DOMAIN.md):
 * the one rule the payment, reimbursement and top-up services, the bank day's deposits and automatic payments, and
 * the client's screens all ask. A resigned membership, and a locked, cancelled or expired agreement, move no money —
 * for members, staff and jobs alike — except what the spec allows staff (reversing a payment or a deposit, which
 * gives money back).
 */

/** The ways money moves into or out of an agreement. */
export enum MoneyMovement {
  /** Paying a bill (or an allocation) to the biller. */
  PayBill = 'PayBill',
  /** Paying the member back for a bill they paid themselves. */
  Reimburse = 'Reimburse',
  /** Money from a linked savings account into the rainy day. */
  RainyDayTopUp = 'RainyDayTopUp',
  /** The bank day taking a scheduled deposit (payroll or a savings account). */
  Deposit = 'Deposit',
  /** The bank day paying a biller's bill automatically. */
  AutomaticPayment = 'AutomaticPayment',
  /** Staff reversing a full deposit or a payment still pending: the money goes back where it came from. */
  Reversal = 'Reversal',
  /** Money from a linked savings account now, towards the missed deposits (the arrears). */
  CatchUpDeposit = 'CatchUpDeposit',
}

/** Who moves it: the member (portal), staff (agents, managers), a job (the bank day). */
export type Mover = 'member' | 'staff' | 'job';

export interface MoneyFacts {
  /** The agreement's status (null: no agreement). */
  status: S | null;
  mover: Mover;
  /** A member holding the account has resigned: activity on the agreement is suspended (spec 1 §4, §8). */
  resigned: boolean;
  /** Staff paying in Missed Deposit: a granted, unused manager approval for the bill. */
  managerApproval?: boolean;
}

export interface MoneyRefusal {
  code: MoneyRefusalCode;
  message: string;
}

export type MoneyRefusalCode =
  | 'MEMBERSHIP_RESIGNED'
  | 'AGREEMENT_LOCKED'
  | 'AGREEMENT_CANCELLED'
  | 'AGREEMENT_EXPIRED'
  | 'PAYMENT_SUSPENDED_IN_ARREARS'
  | 'MANAGER_APPROVAL_REQUIRED'
  | 'REIMBURSE_IN_MISSED_DEPOSIT'
  | 'AGREEMENT_NOT_PAYABLE'
  | 'TOP_UP_NOT_ALLOWED'
  | 'NO_MISSED_DEPOSIT'
  | 'NOT_ALLOWED_FOR_ROLE';

/** The spec's words where it has them (1 §4, §8); ours otherwise. */
export const MONEY_MESSAGES: Readonly<Record<MoneyRefusalCode, string>> = {
  MEMBERSHIP_RESIGNED: 'This membership has been resigned. Activity is therefore suspended on this agreement.',
  AGREEMENT_LOCKED: 'This agreement is locked. No money moves on it until staff lift the lock.',
  AGREEMENT_CANCELLED: 'This agreement has been cancelled. No money moves on it.',
  AGREEMENT_EXPIRED: 'This agreement has expired. No money moves on it.',
  PAYMENT_SUSPENDED_IN_ARREARS:
    'Your agreement is in Missed Deposit. Bill payments are suspended until the full missed deposit is received.',
  MANAGER_APPROVAL_REQUIRED: 'A manager approval is needed to pay this bill while the agreement is in Missed Deposit.',
  REIMBURSE_IN_MISSED_DEPOSIT: 'Bills cannot be reimbursed while agreement is in Missed Deposit',
  AGREEMENT_NOT_PAYABLE: 'Bills can only be paid while the agreement is active.',
  TOP_UP_NOT_ALLOWED: 'The rainy day can only be topped up while the agreement is approved or active.',
  NO_MISSED_DEPOSIT: 'This agreement has no missed deposit to catch up.',
  NOT_ALLOWED_FOR_ROLE: 'Only staff can do this.',
};

/**
 * Where each movement is allowed, by mover: paying only in 7, and in 4 by staff with a manager's approval (spec 1 §4
 * "only 7 and 4"); reimbursing only in 7 ("never in Missed Deposit"); rainy-day top-ups in 1 and 7; the bank day takes
 * deposits of running agreements that are not locked (7, 4: a missed deposit is made up by the next ones) and pays
 * automatically only in 7 (automatic payments wait while in arrears); staff reverse in any status; a catch-up deposit
 * towards the missed deposits only in 4 (a locked agreement takes none until staff lift the lock).
 */
export const MONEY_STATUSES: Readonly<Record<MoneyMovement, Partial<Record<Mover, readonly S[]>>>> = {
  [MoneyMovement.PayBill]: { member: [S.Active], staff: [S.Active, S.MissedDeposit] },
  [MoneyMovement.Reimburse]: { member: [S.Active], staff: [S.Active] },
  [MoneyMovement.RainyDayTopUp]: { member: [S.Approved, S.Active], staff: [S.Approved, S.Active] },
  [MoneyMovement.Deposit]: { job: [S.Active, S.MissedDeposit] },
  [MoneyMovement.AutomaticPayment]: { job: [S.Active] },
  [MoneyMovement.Reversal]: { staff: Object.values(S).filter((v): v is S => typeof v === 'number') },
  [MoneyMovement.CatchUpDeposit]: { member: [S.MissedDeposit], staff: [S.MissedDeposit] },
};

/** The statuses in which `mover` may make `movement` (before the membership and approval are looked at). */
export function statusesMoving(movement: MoneyMovement, mover: Mover): readonly S[] {
  return MONEY_STATUSES[movement][mover] ?? [];
}

const refuse = (code: MoneyRefusalCode): MoneyRefusal => ({ code, message: MONEY_MESSAGES[code] });

/** Why `movement` may not happen now, or null when it may. */
export function moneyRefusal(movement: MoneyMovement, facts: MoneyFacts): MoneyRefusal | null {
  const allowed = statusesMoving(movement, facts.mover);
  if (allowed.length === 0) return refuse('NOT_ALLOWED_FOR_ROLE');
  const reversal = movement === MoneyMovement.Reversal;
  if (facts.resigned && !reversal) return refuse('MEMBERSHIP_RESIGNED');
  const status = facts.status;
  if (status === null || !allowed.includes(status)) return statusRefusal(movement, facts);
  if (movement === MoneyMovement.PayBill && status === S.MissedDeposit && facts.managerApproval !== true) {
    return refuse('MANAGER_APPROVAL_REQUIRED');
  }
  return null;
}

/** Rule "who may pay", its first part: the money rule lets someone pay bills from the agreement (7, and 4 staff approved). */
export function agreementTakesPayments(status: S): boolean {
  return (
    moneyRefusal(MoneyMovement.PayBill, { status, mover: 'staff', resigned: false, managerApproval: true }) === null
  );
}

/** The refusal of a status the movement is not allowed in, in the words of that status. */
function statusRefusal(movement: MoneyMovement, facts: MoneyFacts): MoneyRefusal {
  switch (facts.status) {
    case S.Locked:
      return refuse('AGREEMENT_LOCKED');
    case S.Cancelled:
      return refuse('AGREEMENT_CANCELLED');
    case S.Expired:
      return refuse('AGREEMENT_EXPIRED');
    case S.MissedDeposit:
      if (movement === MoneyMovement.Reimburse) return refuse('REIMBURSE_IN_MISSED_DEPOSIT');
      if (movement === MoneyMovement.PayBill) return refuse('PAYMENT_SUSPENDED_IN_ARREARS');
      break;
  }
  if (movement === MoneyMovement.CatchUpDeposit) return refuse('NO_MISSED_DEPOSIT');
  return refuse(movement === MoneyMovement.RainyDayTopUp ? 'TOP_UP_NOT_ALLOWED' : 'AGREEMENT_NOT_PAYABLE');
}
