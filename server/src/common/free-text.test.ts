import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors.js';
import { freeText } from './free-text.js';

describe('freeText (every note and description)', () => {
  it.each([
    ['trims', '  a note  ', true, 'a note'],
    ['allows an absent optional text', undefined, false, ''],
    ['allows the limit exactly', 'x'.repeat(1000), true, 'x'.repeat(1000)],
  ])('%s', (_, value, required, expected) => {
    expect(freeText(value, { kind: 'note', field: 'note', required })).toBe(expected);
  });

  it.each([
    ['an empty required note', '', 'note', 'REQUIRED', 'Please enter a note.'],
    ['a blank required note', ' \n\t ', 'note', 'REQUIRED', 'Please enter a note.'],
    ['an empty required reason', '', 'reason', 'REQUIRED', 'Please enter a reason.'],
    [
      'a note past 1000 characters',
      'x'.repeat(1001),
      'note',
      'TOO_LONG',
      'The note can be at most 1000 characters (it has 1001).',
    ],
    [
      'a description past 200 characters',
      'x'.repeat(201),
      'description',
      'TOO_LONG',
      'The description can be at most 200 characters (it has 201).',
    ],
  ] as const)('refuses %s', (_, value, kind, code, message) => {
    let thrown: unknown;
    try {
      freeText(value, { kind, field: 'text', required: true });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect(thrown).toMatchObject({ code, message, field: 'text' });
  });
});
