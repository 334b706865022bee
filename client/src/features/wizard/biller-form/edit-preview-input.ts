import { roughDateOfBill } from '@shared/bill/bill-schedule.rules';
import type { BillerInput, DepositPlanBillerInput, SubCategoryInput } from '../../../gql/graphql';

/**
 * The edited biller or sub-category as the planner's biller input (the preview of issue 9 item 9), or null while
 * the form does not yet hold an amount, a frequency and a date. The planner checks the rest and says when it
 * cannot calculate; the save's rules stay the save's.
 */

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const POSITIVE_MONEY = /^\d+(\.\d{1,2})?$/;

function isDate(value: string | null | undefined): value is string {
  return typeof value === 'string' && ISO_DATE.test(value);
}

/** The stored item the edit replaces: `biller:12`, `subcategory:3`; null for a new one. */
export function replacingKey(itemType: number | null | undefined, itemId: number | null): string | null {
  if (itemId === null) return null;
  return `${itemType === 1 ? 'subcategory' : 'biller'}:${itemId}`;
}

export function previewItemOf(input: BillerInput | SubCategoryInput, today: string): DepositPlanBillerInput | null {
  const biller = 'paymentType' in input ? (input as BillerInput) : null;
  const season = Boolean(biller?.isSeasonBill);
  const amount = season ? (biller?.offPeakValueOfBill ?? input.expectedBillValue) : input.expectedBillValue;
  const frequency = input.billingFrequency;
  if (typeof amount !== 'string' || !POSITIVE_MONEY.test(amount) || Number(amount) <= 0) return null;
  if (typeof frequency !== 'number') return null;
  let dateOfBill: string | null = null;
  if (frequency === 10) dateOfBill = isDate(input.biMonthly1stDate) ? input.biMonthly1stDate : null;
  else if (input.isExactDateOfBillKnown) dateOfBill = isDate(input.dateOfBill) ? input.dateOfBill : null;
  else if (typeof input.roughMonth === 'number') dateOfBill = roughDateOfBill(input.roughMonth, today as never);
  if (!dateOfBill) return null;
  const second = frequency === 10 ? input.biMonthly2ndDate : null;
  if (frequency === 10 && !isDate(second)) return null;
  const peakValue = season ? biller?.peakValueOfBill : null;
  const peakMonths = season ? (biller?.peakMonths ?? []) : [];
  const finalBill = biller?.isFinalBillExpected ? biller.expectedFinalBillDate : null;
  return {
    key: 'edited',
    label: input.nickname?.trim() || 'This bill',
    frequency,
    dateOfBill,
    secondDateOfBill: second ?? null,
    finalBillDate: isDate(finalBill) ? finalBill : null,
    amount,
    peakValue: season && peakValue && peakMonths.length > 0 ? peakValue : null,
    offPeakValue: season && peakValue && peakMonths.length > 0 ? amount : null,
    peakMonths: season && peakValue && peakMonths.length > 0 ? peakMonths : null,
    amountVaries: biller?.doesAmountVaryFromBillToBill ?? false,
    paymentMethod: biller?.paymentType ?? null,
  };
}
