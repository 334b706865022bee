import { DomainError } from '../errors.js';

/**
 * Expected rejections of the deposits step come back as data (a code, the field and the spec's message);
 * inputs the rules cannot work with at all (an empty period, missing bi-monthly dates) are thrown.
 */
export type DepositRuleCode = 'EXPENSES_NOT_COVERED';

export const DEPOSIT_MESSAGES = {
  EXPENSES_NOT_COVERED: 'Expenses are not fully covered by the current deposit(s).',
} as const satisfies Record<DepositRuleCode, string>;

export interface DepositRuleViolation<C extends DepositRuleCode = DepositRuleCode> {
  code: C;
  field: string;
  message: (typeof DEPOSIT_MESSAGES)[C];
}

export class DepositRuleError extends DomainError {
  constructor(message: string, field?: string) {
    super('INVALID_DEPOSIT_INPUT', message, field);
    this.name = 'DepositRuleError';
  }
}
