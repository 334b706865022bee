import { describe, expect, it } from 'vitest';
import { startupFailureMessage } from './startup-failure.js';

describe('startupFailureMessage', () => {
  it.each([
    [
      "the driver's message and SQLSTATE, without the statement",
      Object.assign(new Error(`insert into "branch" ("name") values ('Sydney CBD') - duplicate key value violates x`), {
        previous: Object.assign(new Error('duplicate key value violates unique constraint "branch_name_unique"'), {
          code: '23505',
        }),
      }),
      'duplicate key value violates unique constraint "branch_name_unique" (SQLSTATE 23505)',
    ],
    [
      'the first line of a plain error',
      new Error('TOKEN_SECRET is too short\n    at somewhere'),
      'TOKEN_SECRET is too short',
    ],
    ['something thrown that is not an error', 'boom', 'boom'],
  ])('gives %s', (_name, error, expected) => {
    expect(startupFailureMessage(error)).toBe(expected);
  });
});
