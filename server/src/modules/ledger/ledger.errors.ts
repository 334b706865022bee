import { DomainError } from '../../shared/errors.js';

export type LedgerErrorCode =
  | 'LEDGER_TOO_FEW_LINES'
  | 'LEDGER_NOT_CENTS'
  | 'LEDGER_ZERO_LINE'
  | 'LEDGER_UNBALANCED'
  | 'LEDGER_FOREIGN_ACCOUNT'
  | 'LEDGER_ACTIVITY_REQUIRED'
  | 'LEDGER_UNKNOWN_AGREEMENT'
  | 'LEDGER_UNKNOWN_LINKED_ACCOUNT'
  | 'LEDGER_MONEY_SOURCES_DISAGREE'
  | 'LEDGER_UNKNOWN_TRANSACTION'
  | 'LEDGER_ALREADY_REVERSED'
  | 'LEDGER_REVERSAL_OF_REVERSAL';

/**
 * A posting the ledger refuses. These are programming errors of the caller (a payment service computed an
 * unbalanced set of lines), not member mistakes; they are typed so that tests and callers can tell them apart.
 */
export class LedgerError extends DomainError {
  declare readonly code: LedgerErrorCode;

  constructor(code: LedgerErrorCode, message: string, field?: string) {
    super(code, message, field);
    this.name = 'LedgerError';
  }
}
