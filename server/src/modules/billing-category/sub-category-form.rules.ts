import type { Rejection } from '../../shared/validation/index.js';
import {
  checkBillDetails,
  rejection,
  type BillDetails,
  type BillDetailsContext,
  type BillDetailsInput,
} from '../../shared/bill/bill-details.rules.js';

/**
 * The sub-category form (spec 2 §3, §5): a nickname and the shared bill fields without season values. Save is
 * blocked on date format and range errors, bi-monthly dates that are not valid, any other form error, and a
 * missing overdue option when the sub-category has overdue bills.
 */

export const SUB_CATEGORY_NICKNAME_MAX_LENGTH = 80;

export const SUB_CATEGORY_FORM_MESSAGES = {
  nicknameRequired: 'Please enter a name for the sub-category.',
  nicknameTooLong: `The name can be at most ${SUB_CATEGORY_NICKNAME_MAX_LENGTH} characters.`,
} as const;

export interface SubCategoryFormInput extends BillDetailsInput {
  nickname: string | null | undefined;
}

export interface SubCategoryFormValue extends BillDetails {
  nickname: string;
}

export type SubCategoryFormResult = { ok: true; value: SubCategoryFormValue } | { ok: false; errors: Rejection[] };

const CONTROL_CHARACTERS = /\p{Cc}/u;

export function checkSubCategoryForm(input: SubCategoryFormInput, context: BillDetailsContext): SubCategoryFormResult {
  const errors: Rejection[] = [];
  const nickname = (input.nickname ?? '').trim();
  if (nickname === '') {
    errors.push(rejection('nicknameRequired', 'nickname', SUB_CATEGORY_FORM_MESSAGES.nicknameRequired));
  } else if (Array.from(nickname).length > SUB_CATEGORY_NICKNAME_MAX_LENGTH || CONTROL_CHARACTERS.test(nickname)) {
    errors.push(rejection('nicknameTooLong', 'nickname', SUB_CATEGORY_FORM_MESSAGES.nicknameTooLong));
  }
  const details = checkBillDetails({ ...input, isSeasonBill: false }, { ...context, allowSeason: false });
  if (!details.ok) errors.push(...details.errors);
  if (errors.length > 0 || !details.ok) return { ok: false, errors };
  return { ok: true, value: { ...details.value, nickname } };
}
