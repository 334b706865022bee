import { describe, expect, it } from 'vitest';
import { parseLocalDate } from '../../shared/local-date.js';
import { parseMoney } from '../../shared/money.js';
import type { BillDetailsContext } from '../../shared/bill/bill-details.rules.js';
import { checkSubCategoryForm, type SubCategoryFormInput } from './sub-category-form.rules.js';

const context: BillDetailsContext = {
  today: parseLocalDate('2026-11-23'),
  mode: 'setup',
  agreementEnd: parseLocalDate('2027-11-30'),
  hasOverdueBills: false,
};
const valid: SubCategoryFormInput = {
  nickname: 'Groceries',
  expectedBillValue: parseMoney('150.00'),
  billingFrequency: 1,
  isExactDateOfBillKnown: true,
  dateOfBill: '2026-11-27',
};

describe('checkSubCategoryForm (spec 2 §5)', () => {
  it('answers the nickname and bill fields, never a season', () => {
    const result = checkSubCategoryForm({ ...valid, isSeasonBill: true }, context);
    expect(result.ok && result.value).toMatchObject({ nickname: 'Groceries', isSeasonBill: false, peakMonths: null });
  });
  it.each<[string, Partial<SubCategoryFormInput>, BillDetailsContext, string[]]>([
    ['no name', { nickname: '' }, context, ['nicknameRequired']],
    ['name too long', { nickname: 'x'.repeat(81) }, context, ['nicknameTooLong']],
    ['date format', { dateOfBill: '32-01-2027' }, context, ['invalidDateFormat']],
    ['date range', { dateOfBill: '2028-01-01' }, context, ['invalidDateRangeOfBill']],
    [
      'bi-monthly dates',
      { billingFrequency: 10, biMonthly1stDate: '2026-12-10', biMonthly2ndDate: '2026-12-05' },
      context,
      ['invalidBiMonthlyDates'],
    ],
    ['overdue option with overdue bills', {}, { ...context, hasOverdueBills: true }, ['overdueOptionRequired']],
    ['amount 0', { expectedBillValue: parseMoney('0.00') }, context, ['invalidTotalBillValue']],
  ])('%s blocks the save', (_name, change, ctx, codes) => {
    const result = checkSubCategoryForm({ ...valid, ...change }, ctx);
    expect(!result.ok && result.errors.map((e) => e.code)).toEqual(codes);
  });
});
