import type { Request, Response } from 'express';
import { Field, Int, ObjectType } from 'type-graphql';
import { DomainError } from '../../shared/errors.js';
import { bodyField, flagValue, idParam } from '../../rest/route.js';
import { wireMoney } from '../../rest/wire.js';
import type { BillerInput, SubCategoryInput } from './biller.types.js';
import { WizardFormError } from './biller-wizard.service.js';

/**
 * The legacy bodies of spec 2 §7 read into the GraphQL input types (one service behind both): keys in any case,
 * amounts in dollars (12.34 or "12.34", at most 2 decimals), dates as YYYY-MM-DD (a time after it is ignored) or
 * DD-MM-YYYY, peak months as "6,7,8" or a list. A value of the wrong type is refused on its field.
 */

@ObjectType('RestItemLocked', { description: 'GET …/islocked/{id} (spec 2 §3 bill-locked response).' })
export class LockedAnswer {
  @Field() isLocked!: boolean;
}

@ObjectType('RestCustomerReference', { description: 'GET /api/billers/getCustomerReferenceNumber.' })
export class CustomerReferenceAnswer {
  @Field(() => String, { nullable: true }) data!: string | null;
}

@ObjectType('RestNewId')
export class NewIdAnswer {
  @Field(() => Int) id!: number;
}

function refuse(field: string, what: string): DomainError {
  return new DomainError('INVALID_INPUT', `${field} must be ${what}.`, field);
}

function text(body: unknown, name: string): string | null {
  const value = bodyField(body, name);
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') throw refuse(name, 'text');
  return value;
}

function int(body: unknown, name: string): number | null {
  const value = bodyField(body, name);
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'string' && /^-?\d{1,9}$/.test(value.trim()) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || Math.abs(number) > 2_147_483_647) {
    throw refuse(name, 'a whole number');
  }
  return number;
}

function flag(body: unknown, name: string): boolean | null {
  return flagValue(bodyField(body, name), name);
}

function months(body: unknown, name: string): number[] | null {
  const value = bodyField(body, name);
  if (value === null || value === undefined || value === '') return null;
  const parts = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : null;
  if (parts === null) throw refuse(name, 'month numbers');
  return parts.map((part: unknown) => {
    const month = typeof part === 'number' ? part : Number(String(part).trim());
    if (!Number.isInteger(month) || month < 1 || month > 12) throw refuse(name, 'month numbers from 1 to 12');
    return month;
  });
}

function objectBody(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new DomainError('INVALID_INPUT', 'The body must be a JSON object.', 'body');
  }
  return body as Record<string, unknown>;
}

export function listBody(body: unknown): Record<string, unknown>[] {
  if (!Array.isArray(body) || body.length > 200) {
    throw new DomainError('INVALID_INPUT', 'The body must be a JSON list of at most 200 items.', 'body');
  }
  return body.map((item) => objectBody(item));
}

/** The id in a body (`billerId`, or `id`); refused on the field when it is missing or not an id. */
export function bodyId(body: unknown, name: string): number {
  const value = bodyField(objectBody(body), name) ?? bodyField(body, 'id');
  return idParam(typeof value === 'number' ? String(value) : value, name);
}

function billDetails(body: unknown) {
  return {
    expectedBillValue: wireMoney(bodyField(body, 'expectedBillValue'), 'expectedBillValue'),
    billingFrequency: int(body, 'billingFrequency'),
    isExactDateOfBillKnown: flag(body, 'isExactDateOfBillKnown'),
    dateOfBill: text(body, 'dateOfBill'),
    roughMonth: int(body, 'roughMonth'),
    biMonthly1stDate: text(body, 'biMonthly1stDate'),
    biMonthly2ndDate: text(body, 'biMonthly2ndDate'),
    overdueOption: int(body, 'overdueOption'),
  };
}

/** A biller body (spec 2 §3 field names) as the biller form's input; `contractId` from the query when given. */
export function billerInputOf(raw: unknown, contractId: number | null): BillerInput {
  const body = objectBody(raw);
  const category = int(body, 'billingCategoryId') ?? 0;
  return {
    billerId: int(body, 'billerId') ?? int(body, 'id'),
    contractId: contractId ?? int(body, 'contractId') ?? 0,
    billingCategoryId: category,
    companyId: int(body, 'companyId'),
    nickname: text(body, 'nickname'),
    paymentType: int(body, 'paymentType'),
    bPayNumber: text(body, 'bPayNumber'),
    customerReferenceNumber: text(body, 'customerReferenceNumber'),
    bsbNumber: text(body, 'bsbNumber'),
    eftAccountNumber: text(body, 'eftAccountNumber'),
    eftAccountName: text(body, 'eftAccountName'),
    eftReferenceNumber: text(body, 'eftReferenceNumber'),
    directDebitAccountNumber: text(body, 'directDebitAccountNumber') ?? text(body, 'accountNumber'),
    ...billDetails(body),
    isFinalBillExpected: flag(body, 'isFinalBillExpected'),
    expectedFinalBillDate: text(body, 'expectedFinalBillDate'),
    isSeasonBill: flag(body, 'isSeasonBill'),
    peakValueOfBill: wireMoney(bodyField(body, 'peakValueOfBill'), 'peakValueOfBill'),
    offPeakValueOfBill: wireMoney(bodyField(body, 'offPeakValueOfBill'), 'offPeakValueOfBill'),
    peakMonths: months(body, 'peakMonths'),
    doesAmountVaryFromBillToBill: flag(body, 'doesAmountVaryFromBillToBill'),
    isAutoPaymentBill: flag(body, 'isAutoPaymentBill'),
    isNotificationEnabled: flag(body, 'isNotificationEnabled'),
    newNoteText: text(body, 'newNoteText'),
  };
}

export function subCategoryInputOf(raw: unknown, contractId: number | null): SubCategoryInput {
  const body = objectBody(raw);
  return {
    billingSubCategoryId: int(body, 'billingSubCategoryId') ?? int(body, 'id'),
    contractId: contractId ?? int(body, 'contractId') ?? 0,
    billingCategoryId: int(body, 'billingCategoryId') ?? 0,
    nickname: text(body, 'nickname'),
    ...billDetails(body),
  };
}

export function removalOf(raw: unknown) {
  const body = objectBody(raw);
  return {
    isFinalBillExpected: flag(body, 'isFinalBillExpected'),
    expectedFinalBillDate: text(body, 'expectedFinalBillDate'),
  };
}

export function flagOf(body: unknown, name: string): boolean {
  return flag(body, name) ?? false;
}

export function objectField(body: unknown, name: string): Record<string, unknown> | null {
  const value = bodyField(body, name);
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** A biller preference: its id and whether its bills are notified (required). */
export function preferenceOf(raw: unknown): { billerId: number; isNotificationEnabled: boolean } {
  const body = objectBody(raw);
  const enabled = flag(body, 'isNotificationEnabled');
  if (enabled === null) throw refuse('isNotificationEnabled', 'true or false');
  return { billerId: bodyId(body, 'billerId'), isNotificationEnabled: enabled };
}

export function queryFlag(value: unknown): boolean {
  const text = Array.isArray(value) ? value[0] : value;
  return typeof text === 'string' && text.toLowerCase() === 'true';
}

export function queryText(value: unknown): string {
  const text = Array.isArray(value) ? value[0] : value;
  return typeof text === 'string' ? text : '';
}

/**
 * Runs a REST change: a form's rejections answer 400 with all of them in `errors` (the first also as message,
 * code and field, as every REST error reads); everything else goes to the router's one error mapping.
 */
export async function restChange<T>(res: Response, work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof WizardFormError)) throw error;
    res.status(400).json({
      message: error.message,
      code: error.code,
      ...(error.field ? { field: error.field } : {}),
      errors: error.errors.map((e) => ({ code: String(e.code), field: e.field, message: e.message })),
    });
    return undefined;
  }
}

export function optionalId(req: Request, name: string): number | null {
  const value = req.query[name];
  return value === undefined || value === '' ? null : idParam(value, name);
}
