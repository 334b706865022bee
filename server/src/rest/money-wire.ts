import { cents, toDecimalString } from '../common/money.js';

/**
 * The portal's REST answers carry the GraphQL types' fields with money as decimal strings ("1234.50"), as the
 * GraphQL Money scalar serialises it. Money fields are known by name; only numbers under those names change.
 */
export const MONEY_FIELDS: ReadonlySet<string> = new Set([
  'allocation',
  'amount',
  'availableBalance',
  'balance',
  'balanceChange',
  'bills',
  'contingency',
  'contingencyAmount',
  'depositAmount',
  'deposits',
  'nextDepositAmount',
  'overdrawLimit',
  'paidAmount',
  'rainyDay',
  'topupAmount',
  'total',
]);

export type Wire = string | number | boolean | null | Wire[] | { [key: string]: Wire };

export function toWire(value: unknown): Wire {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(toWire);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const out: Record<string, Wire> = {};
    for (const [key, child] of Object.entries(value)) {
      out[key] = MONEY_FIELDS.has(key) && typeof child === 'number' ? toDecimalString(cents(child)) : toWire(child);
    }
    return out;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return null;
}
