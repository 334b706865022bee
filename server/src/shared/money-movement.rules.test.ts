import { describe, expect, it } from 'vitest';
import { AgreementStatus as S } from './agreement-status.js';
import { MONEY_MESSAGES, MoneyMovement as M, moneyRefusal, type Mover } from './money-movement.rules.js';

const STATUSES = Object.values(S).filter((v): v is S => typeof v === 'number');
const MOVERS: Mover[] = ['member', 'staff', 'job'];

/** Every movement, mover and status that may move money (with a manager's approval where noted). */
const ALLOWED: [M, Mover, S, { approval?: true }?][] = [
  [M.PayBill, 'member', S.Active],
  [M.PayBill, 'staff', S.Active],
  [M.PayBill, 'staff', S.MissedDeposit, { approval: true }],
  [M.Reimburse, 'member', S.Active],
  [M.Reimburse, 'staff', S.Active],
  [M.RainyDayTopUp, 'member', S.Approved],
  [M.RainyDayTopUp, 'member', S.Active],
  [M.RainyDayTopUp, 'staff', S.Approved],
  [M.RainyDayTopUp, 'staff', S.Active],
  [M.Deposit, 'job', S.Active],
  [M.Deposit, 'job', S.MissedDeposit],
  [M.AutomaticPayment, 'job', S.Active],
  [M.CatchUpDeposit, 'member', S.MissedDeposit],
  [M.CatchUpDeposit, 'staff', S.MissedDeposit],
  ...STATUSES.map((status): [M, Mover, S] => [M.Reversal, 'staff', status]),
];

describe('moneyRefusal: who may move money in which status', () => {
  it.each(ALLOWED)('allows %s by %s in status %s %o', (movement, mover, status, extra) => {
    expect(moneyRefusal(movement, { status, mover, resigned: false, managerApproval: extra?.approval })).toBeNull();
  });

  it('refuses every other movement, mover and status', () => {
    const allowed = new Set(ALLOWED.map(([m, mover, s]) => `${m}/${mover}/${s}`));
    let refused = 0;
    for (const movement of Object.values(M)) {
      for (const mover of MOVERS) {
        for (const status of STATUSES) {
          const refusal = moneyRefusal(movement, { status, mover, resigned: false, managerApproval: true });
          expect(refusal === null, `${movement} by ${mover} in ${status}`).toBe(
            allowed.has(`${movement}/${mover}/${status}`),
          );
          if (refusal) refused += 1;
        }
      }
    }
    expect(refused).toBeGreaterThan(150);
  });

  it('moves no money for a resigned membership, whoever asks, but lets staff give money back', () => {
    for (const movement of Object.values(M).filter((m) => m !== M.Reversal)) {
      for (const mover of MOVERS) {
        const refusal = moneyRefusal(movement, { status: S.Active, mover, resigned: true, managerApproval: true });
        expect(refusal?.code, `${movement} by ${mover}`).toMatch(/MEMBERSHIP_RESIGNED|NOT_ALLOWED_FOR_ROLE/);
      }
    }
    expect(moneyRefusal(M.PayBill, { status: S.Active, mover: 'member', resigned: true })).toEqual({
      code: 'MEMBERSHIP_RESIGNED',
      message: 'This membership has been resigned. Activity is therefore suspended on this agreement.',
    });
    expect(moneyRefusal(M.Reversal, { status: S.Active, mover: 'staff', resigned: true })).toBeNull();
  });

  it('says why in the words of the status: locked, cancelled, expired, missed deposit', () => {
    const why = (movement: M, status: S, mover: Mover = 'member') =>
      moneyRefusal(movement, { status, mover, resigned: false })?.code;
    expect(why(M.PayBill, S.Locked)).toBe('AGREEMENT_LOCKED');
    expect(why(M.PayBill, S.Locked, 'staff')).toBe('AGREEMENT_LOCKED');
    expect(why(M.Deposit, S.Locked, 'job')).toBe('AGREEMENT_LOCKED');
    expect(why(M.RainyDayTopUp, S.Cancelled)).toBe('AGREEMENT_CANCELLED');
    expect(why(M.AutomaticPayment, S.Expired, 'job')).toBe('AGREEMENT_EXPIRED');
    expect(why(M.PayBill, S.MissedDeposit)).toBe('PAYMENT_SUSPENDED_IN_ARREARS');
    expect(why(M.PayBill, S.MissedDeposit, 'staff')).toBe('MANAGER_APPROVAL_REQUIRED');
    expect(why(M.Reimburse, S.MissedDeposit, 'staff')).toBe('REIMBURSE_IN_MISSED_DEPOSIT');
    expect(why(M.RainyDayTopUp, S.MissedDeposit)).toBe('TOP_UP_NOT_ALLOWED');
    expect(why(M.PayBill, S.PendingApproval)).toBe('AGREEMENT_NOT_PAYABLE');
    expect(why(M.CatchUpDeposit, S.Active)).toBe('NO_MISSED_DEPOSIT');
    expect(why(M.CatchUpDeposit, S.Locked)).toBe('AGREEMENT_LOCKED');
    expect(why(M.CatchUpDeposit, S.Cancelled, 'staff')).toBe('AGREEMENT_CANCELLED');
    expect(why(M.CatchUpDeposit, S.MissedDeposit, 'job')).toBe('NOT_ALLOWED_FOR_ROLE');
    expect(why(M.Reversal, S.Active)).toBe('NOT_ALLOWED_FOR_ROLE');
    expect(why(M.PayBill, S.Active, 'job')).toBe('NOT_ALLOWED_FOR_ROLE');
    expect(MONEY_MESSAGES.REIMBURSE_IN_MISSED_DEPOSIT).toBe(
      'Bills cannot be reimbursed while agreement is in Missed Deposit',
    );
  });

  it('refuses with no agreement at all', () => {
    expect(moneyRefusal(M.PayBill, { status: null, mover: 'member', resigned: false })?.code).toBe(
      'AGREEMENT_NOT_PAYABLE',
    );
  });
});
