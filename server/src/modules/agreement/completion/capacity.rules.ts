import { NOTE_MAX_LENGTH } from '../../note/note.rules.js';

/** An expected refusal of the completion steps: a code, the field at fault and the message to show. */
export interface CompletionRefusal {
  code: string;
  field: string | null;
  message: string;
}

/** The capacity model (spec 3 §3): paymentCapacityConfirmed, newNoteText, contractId. */
export interface CapacityInput {
  contractId: number;
  paymentCapacityConfirmed: boolean;
  newNoteText?: string | null;
}

/** The client settings the capacity step reads (spec 3 §9). */
export interface CapacitySettings {
  capacityToPayWarning: string;
  bankStatementCheckQuestion: string;
  membersWagesCheckQuestion: string;
  documentsCheckQuestion: string;
}

export const CAPACITY_MESSAGES = {
  noteTooLong: (length: number) => `A note can be at most ${NOTE_MAX_LENGTH} characters (it has ${length}).`,
} as const;

/** The note to add with the capacity (trimmed), or null when none was typed. */
export function capacityNoteText(input: Pick<CapacityInput, 'newNoteText'>): string | null {
  const text = (input.newNoteText ?? '').trim();
  return text === '' ? null : text;
}

/**
 * Spec 3 §5: capacity confirmation is required, otherwise the warning text of the client setting
 * (CapacityToPayWarning); a typed note must fit a note. Every refusal at once.
 */
export function checkCapacity(input: CapacityInput, warning: string): CompletionRefusal[] {
  const refusals: CompletionRefusal[] = [];
  if (input.paymentCapacityConfirmed !== true) {
    refusals.push({ code: 'CAPACITY_NOT_CONFIRMED', field: 'paymentCapacityConfirmed', message: warning });
  }
  const note = capacityNoteText(input);
  if (note !== null && note.length > NOTE_MAX_LENGTH) {
    refusals.push({ code: 'NOTE_TOO_LONG', field: 'newNoteText', message: CAPACITY_MESSAGES.noteTooLong(note.length) });
  }
  return refusals;
}

/** Spec 3 §4 Capacity: the model is saved only when it changed (the note is added whenever one is typed). */
export function capacityChanged(stored: { paymentCapacityConfirmed: boolean }, input: CapacityInput): boolean {
  return stored.paymentCapacityConfirmed !== input.paymentCapacityConfirmed;
}

/** The optional checklist questions (BankStatement, MembersWages, Documents): those that are not empty, in order. */
export function capacityQuestions(settings: CapacitySettings): string[] {
  return [settings.bankStatementCheckQuestion, settings.membersWagesCheckQuestion, settings.documentsCheckQuestion]
    .map((question) => (question ?? '').trim())
    .filter((question) => question !== '');
}
