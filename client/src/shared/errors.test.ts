import { CombinedGraphQLErrors } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { failureNotice, GENERIC_ERROR, hasErrorCode, NEXT_STEP, serverMessage } from './errors';

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

describe('failureNotice (what did not happen, then why or what to do next)', () => {
  it.each([
    ['the server’s message', refused, 'The note was not deleted. Only digits, please.'],
    ['a refusal’s text', 'Can’t proceed without paybill', 'The note was not deleted. Can’t proceed without paybill'],
    ['a network failure', new Error('Failed to fetch'), `The note was not deleted. ${NEXT_STEP}`],
    ['no reason at all', undefined, `The note was not deleted. ${NEXT_STEP}`],
    ['an empty refusal', '  ', `The note was not deleted. ${NEXT_STEP}`],
  ])('%s', (_case, reason, expected) => {
    expect(failureNotice('The note was not deleted.', reason)).toBe(expected);
  });
});
