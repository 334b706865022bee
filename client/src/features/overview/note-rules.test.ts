import { describe, expect, it } from 'vitest';
import { NOTE_MESSAGES } from '@shared/note/note.rules';
import { NOTE_TEXT_REQUIRED, noteTextError } from './note-rules';

describe('noteTextError', () => {
  it.each(['', '   ', '\n'])('refuses %j with the server’s message', (text) => {
    expect(noteTextError(text)).toBe(NOTE_TEXT_REQUIRED);
    expect(NOTE_TEXT_REQUIRED).toBe(NOTE_MESSAGES.textRequired);
  });

  it('accepts any other text', () => {
    expect(noteTextError('Called the member.')).toBeNull();
  });
});
