// The server's own hardship rules (pure): the bound on the text and the longest deposit holiday. The rules that need
// the agreement's figures (the deposit now, the term's end) are the server's: their refusals come back by field.
import {
  HARDSHIP_MESSAGES,
  HARDSHIP_NOTE_MAX,
  HARDSHIP_SITUATION_MAX,
  HardshipRequestKind,
  latestHolidayEnd,
} from '@shared/hardship/hardship.rules.js';
import type { LocalDate } from '@shared/local-date.js';
import { formatDate } from '../../shared/dates';

export { HARDSHIP_NOTE_MAX, HARDSHIP_SITUATION_MAX, HardshipRequestKind };
export { hardshipPath } from './hardship-path';

export type HardshipKindName = `${HardshipRequestKind}`;

/** The member's form: what is going on and what they ask for; staff's form: what was arranged and a note. */
export interface HardshipValues {
  situation?: string;
  kind?: HardshipKindName;
  from?: string;
  until?: string;
  amount?: string;
  note?: string;
}

export type HardshipErrors = Partial<Record<keyof HardshipValues, string>>;

/** The choices, in the words each form shows. */
export const KIND_CHOICES: readonly { kind: HardshipKindName; member: string; staff: string; help: string }[] = [
  {
    kind: 'None',
    member: 'Talk to someone first',
    staff: 'No change to the deposits',
    help: 'We call you to talk through your options.',
  },
  {
    kind: 'DepositHoliday',
    member: 'A deposit holiday',
    staff: 'A deposit holiday',
    help: 'No deposits for up to one month; what they would have paid is spread over the rest of the agreement.',
  },
  {
    kind: 'LowerDeposit',
    member: 'A lower deposit for a while',
    staff: 'A lower deposit for a while',
    help: 'A smaller deposit until a date you choose; the difference is spread over the deposits after it.',
  },
];

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const AMOUNT = /^\$?\d{1,9}(\.\d{1,2})?$/;

/** The terms' own checks, as typed: required by the kind, dates readable, a holiday at most one month. */
function termsErrors(values: HardshipValues): HardshipErrors {
  const errors: HardshipErrors = {};
  const kind = values.kind;
  if (!kind) {
    errors.kind = HARDSHIP_MESSAGES.unknownKind;
    return errors;
  }
  const from = values.from?.trim() ?? '';
  const until = values.until?.trim() ?? '';
  if (kind === 'DepositHoliday') {
    if (!from) errors.from = HARDSHIP_MESSAGES.fromRequired;
    else if (!DATE.test(from)) errors.from = HARDSHIP_MESSAGES.invalidDate('start');
  }
  if (kind !== 'None') {
    if (!until) errors.until = HARDSHIP_MESSAGES.untilRequired(kind as HardshipRequestKind);
    else if (!DATE.test(until)) errors.until = HARDSHIP_MESSAGES.invalidDate('end');
  }
  if (kind === 'DepositHoliday' && !errors.from && !errors.until) {
    if (until < from) errors.until = HARDSHIP_MESSAGES.untilBeforeFrom;
    else {
      const latest = latestHolidayEnd(from as LocalDate);
      if (until > latest)
        errors.until = `A deposit holiday can last at most one month: end it by ${formatDate(latest)}.`;
    }
  }
  if (kind === 'LowerDeposit') {
    const amount = values.amount?.trim() ?? '';
    if (!amount) errors.amount = HARDSHIP_MESSAGES.amountRequired;
    else if (!AMOUNT.test(amount)) errors.amount = HARDSHIP_MESSAGES.invalidAmount;
    else if (Number(amount.replace('$', '')) <= 0) errors.amount = HARDSHIP_MESSAGES.amountNotPositive;
  }
  return errors;
}

function textError(value: string | undefined, max: number, required: string, tooLong: (n: number) => string) {
  const text = value?.trim() ?? '';
  if (!text) return required;
  return text.length > max ? tooLong(text.length) : undefined;
}

/** The member's form is sent only when this finds nothing. */
export function validateRequest(values: HardshipValues): HardshipErrors {
  const errors = termsErrors(values);
  const situation = textError(
    values.situation,
    HARDSHIP_SITUATION_MAX,
    HARDSHIP_MESSAGES.situationRequired,
    HARDSHIP_MESSAGES.situationTooLong,
  );
  return situation ? { situation, ...errors } : errors;
}

/** Staff's arrangement form is sent only when this finds nothing. */
export function validateArrangement(values: HardshipValues): HardshipErrors {
  const errors = termsErrors(values);
  const note = textError(values.note, HARDSHIP_NOTE_MAX, HARDSHIP_MESSAGES.noteRequired, HARDSHIP_MESSAGES.noteTooLong);
  return note ? { ...errors, note } : errors;
}

/** The terms as the mutations take them: only what the kind uses, trimmed; the amount without a dollar sign. */
export function termsInput(values: HardshipValues) {
  const kind = (values.kind ?? 'None') as HardshipRequestKind;
  return {
    kind,
    from: kind === 'DepositHoliday' ? values.from?.trim() || null : null,
    until: kind === 'None' ? null : values.until?.trim() || null,
    amount: kind === 'LowerDeposit' ? values.amount?.trim().replace(/^\$/, '') || null : null,
  };
}

const FIELDS: ReadonlySet<string> = new Set(['situation', 'kind', 'from', 'until', 'amount', 'note']);

/** The server's refusals, by field (`errors { field message }`); one without a field is the form's. */
export function serverErrors(
  problems: ReadonlyArray<{ field?: string | null; message: string }>,
  formError: string,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { field, message } of problems) {
    const key = field && FIELDS.has(field) ? field : formError;
    errors[key] ??= message;
  }
  return errors;
}
