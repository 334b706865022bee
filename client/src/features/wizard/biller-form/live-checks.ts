import {
  BPAY_SERVER_ERROR_MESSAGE,
  bpayMessage,
  BSB_SERVER_ERROR_MESSAGE,
  bsbMessage,
  isUneditedMaskedReference,
  SERVICE_UNAVAILABLE_MESSAGE,
} from '@shared/validation/index';

/**
 * What the biller form shows for the live checks (spec 2 §5): the BPAY answer's codes 0/11/12/13/15, the BSB's
 * 0/14, the direct-debit number's check; a failed request is the spec's server-error message and blocks the save.
 * The codes are decided on the server (`validateBpay`, `validateBsb`, `validateDirectDebitAccountNumber`).
 */

export interface LiveFeedback {
  /** Messages by form field. */
  errors: Record<string, string>;
  /** Shown beside the field when valid: the BPAY biller's or the bank's name. */
  name: string | null;
  /** The save waits (a check failed, or could not run). */
  blocksSave: boolean;
}

export const NO_FEEDBACK: LiveFeedback = { errors: {}, name: null, blocksSave: false };

/** The BPAY check's input, or null when there is nothing to check (no biller code yet). */
export function bpayCheckInput(
  values: { bPayNumber: string; customerReferenceNumber: string; amount: string | null },
  loadedReference: string | null,
): {
  bPayNumber: string;
  customerReferenceNumber: string | null;
  amount: string | null;
  loadedReference: string | null;
} | null {
  const code = values.bPayNumber.trim();
  if (code === '') return null;
  const reference = values.customerReferenceNumber.trim();
  // A masked reference left untouched is not re-checked (spec 2 §5): only the biller code is.
  const masked = reference !== '' && isUneditedMaskedReference(reference, loadedReference);
  return {
    bPayNumber: code,
    customerReferenceNumber: reference === '' || masked ? null : reference,
    amount: reference === '' || masked ? null : values.amount,
    loadedReference,
  };
}

export function bpayFeedback(
  answer: { code: number; billerName: string | null; field: string | null } | undefined,
  failed: boolean,
): LiveFeedback {
  if (failed) return { errors: { bPayNumber: BPAY_SERVER_ERROR_MESSAGE }, name: null, blocksSave: true };
  if (!answer) return NO_FEEDBACK;
  if (answer.code === 0) return { errors: {}, name: answer.billerName, blocksSave: false };
  const field = answer.field === 'amount' ? 'expectedBillValue' : (answer.field ?? 'bPayNumber');
  const message = bpayMessage(answer.code) ?? SERVICE_UNAVAILABLE_MESSAGE;
  return { errors: { [field]: message }, name: null, blocksSave: true };
}

export function bsbFeedback(
  answer: { code: number; bankName: string | null; message: string | null } | undefined,
  failed: boolean,
): LiveFeedback {
  if (failed) return { errors: { bsbNumber: BSB_SERVER_ERROR_MESSAGE }, name: null, blocksSave: true };
  if (!answer) return NO_FEEDBACK;
  if (answer.code === 0) return { errors: {}, name: answer.bankName, blocksSave: false };
  const message = bsbMessage(answer.code, answer.message) ?? SERVICE_UNAVAILABLE_MESSAGE;
  return { errors: { bsbNumber: message }, name: null, blocksSave: true };
}

export function directDebitFeedback(
  answer: { valid: boolean; errors: readonly { message: string }[] } | undefined,
  failed: boolean,
): LiveFeedback {
  if (failed)
    return { errors: { directDebitAccountNumber: SERVICE_UNAVAILABLE_MESSAGE }, name: null, blocksSave: true };
  if (!answer || answer.valid) return NO_FEEDBACK;
  return {
    errors: { directDebitAccountNumber: answer.errors[0]?.message ?? SERVICE_UNAVAILABLE_MESSAGE },
    name: null,
    blocksSave: true,
  };
}
