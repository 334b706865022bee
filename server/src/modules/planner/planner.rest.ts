import { DomainError } from '../../common/errors.js';
import { cents, MoneyError, parseMoney, toDecimalString, type Cents } from '../../common/money.js';
import { bodyField, route } from '../../rest/route.js';
import type { BpayValidation } from './payment-check.types.js';

/** The legacy client sends numbers or strings; keys in camelCase or PascalCase (`bodyField` ignores case). */
function text(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** An amount as the old API took it: a JSON number or a decimal string, at most 2 decimals; blank is none. */
export function wireAmount(value: unknown, field: string): Cents | null {
  if (value === null || value === undefined || value === '') return null;
  const refuse = () => new DomainError('INVALID_AMOUNT', 'The amount must be a number with at most 2 decimals.', field);
  if (typeof value === 'number') {
    const scaled = Math.round(value * 100);
    if (!Number.isFinite(value) || Math.abs(value * 100 - scaled) > 1e-6) throw refuse();
    try {
      return cents(scaled);
    } catch {
      throw refuse();
    }
  }
  if (typeof value !== 'string') throw refuse();
  try {
    return parseMoney(value);
  } catch (error) {
    if (error instanceof MoneyError) throw refuse();
    throw error;
  }
}

function bpayAnswer(result: BpayValidation) {
  return { ...result, limit: result.limit === null ? null : toDecimalString(result.limit) };
}

export const plannerRoutes = [
  // Body (spec 2 §3): paymentType, bPayNumber, customerReferenceNumber, amount, bPayAccountNumber,
  // bPayMemberNumber. The account and member numbers say where a payment would come from: a check of the
  // details does not need them.
  route('post', '/api/billers/validatebpay', 'signed-in', async ({ em, req, services }) =>
    bpayAnswer(
      await services.planner.validateBpay(em, {
        bPayNumber: text(bodyField(req.body, 'bPayNumber')),
        customerReferenceNumber: text(bodyField(req.body, 'customerReferenceNumber')),
        amount: wireAmount(bodyField(req.body, 'amount'), 'amount'),
      }),
    ),
  ),

  // Body: { BsbNumber } (spec 2 §3).
  route('post', '/api/billers/validatebsb', 'signed-in', ({ req, services }) =>
    services.planner.validateBsb(text(bodyField(req.body, 'BsbNumber'))),
  ),
];
