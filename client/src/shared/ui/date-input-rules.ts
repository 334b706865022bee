import { parseDate } from '../dates';

/** What the box says of text that is not a date (spec 3 §5: shown DD-MM-YYYY). */
export const DATE_FORMAT_MESSAGE = 'Enter the date as DD-MM-YYYY.';
const FULL_LENGTH = 'DD-MM-YYYY'.length;

/**
 * What a date box says of its text as it is typed (issue 26 item 7), or null: a full-length text that is no date;
 * a date before `notBefore` (with its own message); once the box was left, an unfinished date, or nothing in a
 * required box. A date being typed is not told off before it is finished.
 */
export function dateInputProblem(
  text: string,
  rule: {
    left: boolean;
    required: boolean;
    requiredMessage?: string;
    notBefore: string | null;
    notBeforeMessage?: string;
  },
): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return rule.left && rule.required ? (rule.requiredMessage ?? 'Please enter a date.') : null;
  const date = parseDate(trimmed);
  if (date === null) return trimmed.length >= FULL_LENGTH || rule.left ? DATE_FORMAT_MESSAGE : null;
  if (rule.notBefore && date < rule.notBefore) return rule.notBeforeMessage ?? 'The date cannot be in the past.';
  return null;
}
