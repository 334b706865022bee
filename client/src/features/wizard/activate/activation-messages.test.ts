import { describe, expect, it } from 'vitest';
import { activationFailure, ACTIVATION_MESSAGES, confirmStepOf, continueLink } from './activation-messages';

describe('activationFailure: the server’s message, else the spec’s fallback, never a blank', () => {
  it.each([
    ['a refusal', { errors: [{ message: 'Add at least one biller.' }] }, null, 'Add at least one biller.'],
    ['a blank refusal', { errors: [{ message: '  ' }] }, null, ACTIVATION_MESSAGES.failed],
    ['no answer', null, null, ACTIVATION_MESSAGES.failed],
    ['a thrown error with a message', null, 'Server error.', 'Server error.'],
    ['a thrown error with none', undefined, '', ACTIVATION_MESSAGES.failed],
  ])('%s', (_name, result, thrown, expected) => {
    expect(activationFailure(result, thrown)).toBe(expected);
  });
});

describe('where a failure returns and the continue link', () => {
  it('returns to the confirm step of each wizard', () => {
    expect(confirmStepOf('Create')).toBe(7);
    expect(confirmStepOf('Modify')).toBe(6);
  });
  it('links to the spec’s continue path', () => {
    expect(continueLink(12, 34)).toBe('/member/12/account/34/contract/continue');
  });
});
