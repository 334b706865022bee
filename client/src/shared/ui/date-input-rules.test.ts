import { describe, expect, it } from 'vitest';
import { dateInputProblem, DATE_FORMAT_MESSAGE } from './date-input-rules';

const rule = { left: false, required: true, requiredMessage: 'Please enter the date.', notBefore: '2027-03-02' };

describe('dateInputProblem (what a date box says as it is typed)', () => {
  it.each([
    ['a date being typed is not told off', '05-0', rule, null],
    ['a full text that is no date is, at once', '31-02-2027', rule, DATE_FORMAT_MESSAGE],
    ['an unfinished date once the box is left', '05-0', { ...rule, left: true }, DATE_FORMAT_MESSAGE],
    ['an empty required box once left', '', { ...rule, left: true }, 'Please enter the date.'],
    ['an empty required box not yet left', '', rule, null],
    ['an empty box that may be empty', '', { ...rule, left: true, required: false }, null],
    ['a past date, at once', '01-03-2027', { ...rule, notBeforeMessage: 'Past.' }, 'Past.'],
    ['today', '02-03-2027', rule, null],
    ['a later date written YYYY-MM-DD', '2027-04-01', rule, null],
  ])('%s', (_, text, given, expected) => {
    expect(dateInputProblem(text, given)).toBe(expected);
  });
});
