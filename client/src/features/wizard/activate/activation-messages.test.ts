import { describe, expect, it } from 'vitest';
import {
  activationFailure,
  ACTIVATION_MESSAGES,
  confirmStepOf,
  continueLink,
  lastStepWords,
} from './activation-messages';

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

describe('lastStepWords: the last step says where the agreement goes (found walking: a change the member must approve was "applied shortly")', () => {
  it.each([
    ['a new agreement', 'Create', false, undefined, 'Activate agreement', /sent to the member/],
    ['a renewal', 'Modify', true, undefined, 'Send for the member’s approval', /Send the renewal to the member/],
    [
      'a change the member must approve',
      'Modify',
      false,
      true,
      'Send for the member’s approval',
      /Send the changes to the member/,
    ],
    ['a change staff apply alone', 'Modify', false, false, 'Save all changes', /applied to the agreement shortly/],
    ['a change not known yet', 'Modify', false, undefined, 'Save all changes', /sent to them for approval; others/],
  ] as const)('%s', (_, kind, isRenewal, needsMember, button, explanation) => {
    const words = lastStepWords(kind, isRenewal, needsMember);
    expect(words.button).toBe(button);
    expect(words.explanation).toMatch(explanation);
  });
});
