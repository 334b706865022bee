import { CombinedGraphQLErrors } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { GENERIC_ERROR, hasErrorCode, serverMessage } from './errors';

const refused = new CombinedGraphQLErrors({
  errors: [{ message: 'Only digits, please.', extensions: { code: 'BAD_USER_INPUT' } }],
});

describe('serverMessage', () => {
  it("gives the server's message", () => {
    expect(serverMessage(refused)).toBe('Only digits, please.');
  });

  it("falls back to 'An error has occurred.' without one", () => {
    expect(serverMessage(new Error('network'))).toBe(GENERIC_ERROR);
    expect(serverMessage(new CombinedGraphQLErrors({ errors: [{ message: ' ' }] }), 'Server error.')).toBe(
      'Server error.',
    );
  });
});

describe('hasErrorCode', () => {
  it('finds a refusal code', () => {
    expect(hasErrorCode(refused, 'NOT_FOUND', 'BAD_USER_INPUT')).toBe(true);
    expect(hasErrorCode(refused, 'FORBIDDEN')).toBe(false);
    expect(hasErrorCode(null, 'FORBIDDEN')).toBe(false);
  });
});
