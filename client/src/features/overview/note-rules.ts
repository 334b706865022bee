/** The server's rule, checked before sending (spec 1 §6: 'Contract note text must be non-empty.'). */
export const NOTE_TEXT_REQUIRED = 'Note text must be non-empty.';

export function noteTextError(text: string): string | null {
  return text.trim() === '' ? NOTE_TEXT_REQUIRED : null;
}
