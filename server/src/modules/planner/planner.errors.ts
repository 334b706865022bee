import { DomainError } from '../../shared/errors.js';

/** Why the planner refused its input: one code per kind of mistake, with the input field at fault. */
export type PlannerInputCode =
  | 'INVALID_FREQUENCY'
  | 'INVALID_DEPOSIT_FREQUENCY'
  | 'INVALID_PAYMENT_METHOD'
  | 'INVALID_AMOUNT'
  | 'AMOUNT_TOO_LARGE'
  | 'INVALID_DATE'
  | 'INVALID_PERIOD'
  | 'PERIOD_TOO_LONG'
  | 'INVALID_LIMIT'
  | 'INVALID_BI_MONTHLY_DATES'
  | 'INVALID_FINAL_BILL_DATE'
  | 'INVALID_SEASON'
  | 'INVALID_PEAK_MONTHS'
  | 'INVALID_DEPOSIT_DATE'
  | 'INVALID_PREFERRED_DAY'
  | 'INVALID_DURATION'
  | 'INVALID_BILLER_KEY'
  | 'DUPLICATE_BILLER_KEY'
  | 'TOO_MANY_BILLERS'
  | 'INVALID_STEP'
  | 'CALCULATION_OUT_OF_RANGE';

/** Spec wording where the spec has some (2 §8, 3 §5); ours otherwise. */
export const PLANNER_MESSAGES = {
  datesNotValid: 'Dates are not valid.',
  outsideAgreementPeriod: 'Date cannot be outside the agreement period. Please review and modify.',
} as const;

export class PlannerInputError extends DomainError {
  declare readonly code: PlannerInputCode;

  constructor(code: PlannerInputCode, message: string, field: string) {
    super(code, message, field);
    this.name = 'PlannerInputError';
  }
}

/**
 * Re-labels an engine's expected rejection with the input field it came from (`billers[2].frequency`), so that
 * a caller with many billers knows which one; the code and the spec's message are kept as they are.
 */
export function withFieldPrefix(error: DomainError, prefix: string): DomainError {
  const field = error.field ? `${prefix}.${error.field}` : prefix;
  return new DomainError(error.code, error.message, field);
}
