import { DomainError } from '../errors.js';

/** The spec's message for an occurrence list longer than the cap (3 §5). */
export const TOO_MANY_OCCURRENCES_MESSAGE = 'Error when getting the billers.';

export type BillScheduleErrorCode =
  | 'TOO_MANY_OCCURRENCES'
  | 'INVALID_PERIOD'
  | 'INVALID_LIMIT'
  | 'INVALID_FREQUENCY'
  | 'SECOND_DATE_OF_BILL_REQUIRED'
  | 'INVALID_PEAK_MONTHS'
  | 'INVALID_MONTH';

/** An expected rejection of the bill schedule rules: a code for the client, the field it concerns, a message. */
export class BillScheduleError extends DomainError {
  declare readonly code: BillScheduleErrorCode;

  constructor(code: BillScheduleErrorCode, message: string, field?: string) {
    super(code, message, field);
    this.name = 'BillScheduleError';
  }
}
