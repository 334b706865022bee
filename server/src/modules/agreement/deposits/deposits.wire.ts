import { DomainError } from '../../../shared/errors.js';
import { isLocalDate, type LocalDate } from '../../../shared/local-date.js';
import { bodyField } from '../../../rest/route.js';
import { wireMoney } from '../../../rest/wire.js';
import type { DepositsData } from './deposits.service.js';

/** The spec's empty date (3 §9): no date. */
const EMPTY_DATE = '0001-01-01';

function wireDate(value: unknown, field: string): LocalDate | null {
  if (value === null || value === undefined || value === '') return null;
  // Old clients send dates as YYYY-MM-DD or as a timestamp at midnight (YYYY-MM-DDT00:00:00).
  const text = typeof value === 'string' ? value.replace(/T00:00:00(\.0+)?Z?$/, '') : value;
  if (text === EMPTY_DATE) return null;
  if (!isLocalDate(text)) {
    throw new DomainError('INVALID_DATE', `${field} must be a date written YYYY-MM-DD.`, field);
  }
  return text;
}

function wireInt(value: unknown, field: string): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'string' && /^-?\d{1,9}$/.test(value.trim()) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number)) {
    throw new DomainError('INVALID_NUMBER', `${field} must be a whole number.`, field);
  }
  return number;
}

function wireText(value: unknown, field: string): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string' || value.length > 80) {
    throw new DomainError('INVALID_TEXT', `${field} must be text of at most 80 characters.`, field);
  }
  return value;
}

function wireFlag(value: unknown, field: string): boolean | null {
  if (value === null || value === undefined || value === '') return null;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new DomainError('INVALID_FLAG', `${field} must be true or false.`, field);
}

/** A linked account as an id, or as the old client's object `{ id }` / `{ linkedAccountId }`. */
function wireAccount(value: unknown, field: string): number | null {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return wireInt(bodyField(value, 'id') ?? bodyField(value, 'linkedAccountId'), field);
  }
  return wireInt(value, field);
}

/**
 * The deposits view model of a REST body (spec 3 §3 field names, any case; money in dollars). A body wrapping it
 * (`{ depositsViewModel: {...} }`, as PUT /api/contracts/updateinfo sends it) is unwrapped.
 */
export function depositsDataOf(body: unknown): DepositsData {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new DomainError('INVALID_BODY', 'The body must be the deposits model (a JSON object).', 'body');
  }
  const inner = bodyField(body, 'depositsViewModel') ?? bodyField(body, 'deposit') ?? bodyField(body, 'model');
  const model = inner && typeof inner === 'object' ? inner : body;
  const read = (name: string) => bodyField(model, name);
  return {
    contributionFrequency: wireInt(read('contributionFrequency'), 'contributionFrequency'),
    contributionAmount: wireMoney(read('contributionAmount'), 'contributionAmount'),
    contributionDate: wireDate(read('contributionDate'), 'contributionDate'),
    biMonthly1stDate: wireDate(read('biMonthly1stDate'), 'biMonthly1stDate'),
    biMonthly2ndDate: wireDate(read('biMonthly2ndDate'), 'biMonthly2ndDate'),
    selectedContributionDate: wireInt(read('selectedContributionDate'), 'selectedContributionDate'),
    depositType: wireInt(read('depositType'), 'depositType'),
    remitterName: wireText(read('remitterName'), 'remitterName'),
    remitterNumber: wireText(read('remitterNumber'), 'remitterNumber'),
    periodicalPaymentAccount: wireAccount(read('periodicalPaymentAccount'), 'periodicalPaymentAccount'),
    isTopupPerformed: wireFlag(read('isTopupPerformed'), 'isTopupPerformed'),
    isRemoveBillPerformed: wireFlag(read('isRemoveBillPerformed'), 'isRemoveBillPerformed'),
    topupAccount: wireAccount(read('topupAccount'), 'topupAccount'),
  };
}

/** `isSetup` of a query or body: true, false or absent. */
export function setupFlagOf(value: unknown): boolean | null {
  return wireFlag(Array.isArray(value) ? value[0] : value, 'isSetup');
}
