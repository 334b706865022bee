import { AUSTRALIAN_BSB_DIRECTORY, type BsbDirectory } from './bsb-directory.js';
import { validateBsb, type Bsb, type BsbRejection } from './bsb.js';
import type { Checked, Rejection } from './issue.js';

/**
 * EFT payee details (spec 2 §5): BSB (see bsb.ts), account number, account name and reference. The spec gives
 * no rule for the account number or name; ours follow the BECS direct-entry record the payment is sent in:
 * account number up to 9 digits, account title up to 32 characters, lodgement reference up to 18 characters.
 */

/** Spec 1 §9 / spec 2 §9: the EFT reference (default) is at most 18 characters. */
export const EFT_REFERENCE_MAX_LENGTH = 18;
export const EFT_ACCOUNT_NAME_MAX_LENGTH = 32;
export const EFT_ACCOUNT_NUMBER_MIN_DIGITS = 4;
export const EFT_ACCOUNT_NUMBER_MAX_DIGITS = 9;

export const INVALID_EFT_ACCOUNT_NUMBER_MESSAGE = 'The account number must be 4 to 9 digits.';
export const EFT_ACCOUNT_NAME_REQUIRED_MESSAGE = 'Please enter the account name.';
export const INVALID_EFT_ACCOUNT_NAME_MESSAGE = 'The account name can be at most 32 characters, without line breaks.';
export const INVALID_EFT_REFERENCE_MESSAGE = 'The reference can be at most 18 characters, without line breaks.';

export type EftRejectionCode =
  'invalidEftAccountNumber' | 'eftAccountNameRequired' | 'invalidEftAccountName' | 'invalidEftReference';

const CONTROL_CHARACTERS = /\p{Cc}/u;

function characterCount(text: string): number {
  return Array.from(text).length;
}

/** Spec 2 §5: the EFT reference defaults to the nickname, cut to 18 characters. */
export function defaultEftReference(nickname: string | null | undefined): string {
  return Array.from((nickname ?? '').trim())
    .slice(0, EFT_REFERENCE_MAX_LENGTH)
    .join('')
    .trim();
}

/** 4 to 9 digits, not all zeros; spaces and hyphens people type between groups are dropped. */
export function validateEftAccountNumber(value: string | null | undefined): Checked<string, EftRejectionCode> {
  const digits = (value ?? '').replace(/[\s-]+/g, '');
  const pattern = new RegExp(`^\\d{${EFT_ACCOUNT_NUMBER_MIN_DIGITS},${EFT_ACCOUNT_NUMBER_MAX_DIGITS}}$`);
  if (!pattern.test(digits) || /^0+$/.test(digits)) {
    return {
      ok: false,
      code: 'invalidEftAccountNumber',
      message: INVALID_EFT_ACCOUNT_NUMBER_MESSAGE,
      field: 'eftAccountNumber',
    };
  }
  return { ok: true, value: digits };
}

/** Required, at most 32 characters once trimmed, no control characters. */
export function validateEftAccountName(value: string | null | undefined): Checked<string, EftRejectionCode> {
  const name = (value ?? '').trim();
  const field = 'eftAccountName';
  if (name === '') {
    return { ok: false, code: 'eftAccountNameRequired', message: EFT_ACCOUNT_NAME_REQUIRED_MESSAGE, field };
  }
  if (characterCount(name) > EFT_ACCOUNT_NAME_MAX_LENGTH || CONTROL_CHARACTERS.test(name)) {
    return { ok: false, code: 'invalidEftAccountName', message: INVALID_EFT_ACCOUNT_NAME_MESSAGE, field };
  }
  return { ok: true, value: name };
}

/** At most 18 characters once trimmed, no control characters; blank takes the nickname default. */
export function validateEftReference(
  value: string | null | undefined,
  nickname?: string | null,
): Checked<string, EftRejectionCode> {
  const reference = (value ?? '').trim() || defaultEftReference(nickname);
  if (characterCount(reference) > EFT_REFERENCE_MAX_LENGTH || CONTROL_CHARACTERS.test(reference)) {
    const message = INVALID_EFT_REFERENCE_MESSAGE;
    return { ok: false, code: 'invalidEftReference', message, field: 'eftReferenceNumber' };
  }
  return { ok: true, value: reference };
}

export interface EftDetailsInput {
  bsbNumber: string | number | null | undefined;
  eftAccountNumber: string | null | undefined;
  eftAccountName: string | null | undefined;
  eftReferenceNumber?: string | null;
  /** The biller's nickname, the default reference. */
  nickname?: string | null;
}

export interface EftDetails {
  bsbNumber: Bsb;
  bankName: string;
  eftAccountNumber: string;
  eftAccountName: string;
  eftReferenceNumber: string;
}

export type EftValidationResult =
  { ok: true; value: EftDetails } | { ok: false; rejections: readonly (BsbRejection | Rejection<EftRejectionCode>)[] };

/** Checks every EFT field and reports all rejections at once, so a form can mark each field. */
export function validateEftDetails(
  input: EftDetailsInput,
  directory: BsbDirectory = AUSTRALIAN_BSB_DIRECTORY,
): EftValidationResult {
  const bsb = validateBsb(input.bsbNumber, directory);
  const accountNumber = validateEftAccountNumber(input.eftAccountNumber);
  const accountName = validateEftAccountName(input.eftAccountName);
  const reference = validateEftReference(input.eftReferenceNumber, input.nickname);
  if (bsb.ok && accountNumber.ok && accountName.ok && reference.ok) {
    return {
      ok: true,
      value: {
        bsbNumber: bsb.bsb,
        bankName: bsb.bankName,
        eftAccountNumber: accountNumber.value,
        eftAccountName: accountName.value,
        eftReferenceNumber: reference.value,
      },
    };
  }
  const rejections = [bsb, accountNumber, accountName, reference].filter((result) => !result.ok);
  return { ok: false, rejections };
}
