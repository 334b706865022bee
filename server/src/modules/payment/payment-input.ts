import { DomainError } from '../../shared/errors.js';
import type { TopUpOption } from './payment-split.rules.js';
import type { OverdueOption } from './payment.rules.js';
import type { BillOrAllocation, PayBillRequest, PaymentQuoteRequest } from './payment.service.js';

export interface RawPayInput {
  billId: number;
  billOrAllocation?: string | null;
  billAmount: string;
  topupOption?: string | null;
  topupAccountNumber?: string | null;
  overdueOption?: string | null;
  reimbursementAccountNumber?: string | null;
  idempotencyKey: string;
}

function oneOf<T extends string>(value: string | null | undefined, allowed: readonly T[], field: string): T | null {
  if (value === null || value === undefined || value === '') return null;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new DomainError('INVALID_OPTION', `${field} must be one of ${allowed.join(', ')}.`, field);
}

/** The pay and reimburse input as the services take it (GraphQL and REST alike). */
export function toPayRequest(raw: RawPayInput): PayBillRequest {
  return {
    billId: raw.billId,
    billOrAllocation:
      oneOf<BillOrAllocation>(raw.billOrAllocation, ['bill', 'allocation'], 'billOrAllocation') ?? 'bill',
    billAmount: raw.billAmount,
    topupOption: oneOf<TopUpOption>(raw.topupOption, ['rainyDay', 'linkedAccount', 'shortPay'], 'topupOption'),
    topupAccountNumber: raw.topupAccountNumber ?? null,
    overdueOption: oneOf<OverdueOption>(raw.overdueOption, ['combine', 'ignore'], 'overdueOption'),
    reimbursementAccountNumber: raw.reimbursementAccountNumber ?? null,
    idempotencyKey: raw.idempotencyKey,
  };
}

/** The payment quote's arguments as the service takes them (the same option checks as paying). */
export function toQuoteRequest(raw: {
  billId: number;
  billAmount: string;
  billOrAllocation?: string | null;
  overdueOption?: string | null;
}): PaymentQuoteRequest {
  const { billId, billOrAllocation, billAmount, overdueOption } = toPayRequest({ ...raw, idempotencyKey: '' });
  return { billId, billOrAllocation, billAmount, overdueOption };
}
