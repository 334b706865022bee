import { NOTE_MAX_LENGTH } from '../../../shared/note/note.rules.js';

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
  /** The checklist questions ticked, by their text; absent: the stored answers stay as they are. */
  checkedQuestions?: readonly string[] | null;
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
  unknownQuestion: (question: string) =>
    `“${question}” is not one of the checklist questions. Reload the step to see the current questions.`,
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
export function checkCapacity(
  input: CapacityInput,
  warning: string,
  questions: readonly string[] = [],
): CompletionRefusal[] {
  const refusals: CompletionRefusal[] = [];
  if (input.paymentCapacityConfirmed !== true) {
    refusals.push({ code: 'CAPACITY_NOT_CONFIRMED', field: 'paymentCapacityConfirmed', message: warning });
  }
  const note = capacityNoteText(input);
  if (note !== null && note.length > NOTE_MAX_LENGTH) {
    refusals.push({ code: 'NOTE_TOO_LONG', field: 'newNoteText', message: CAPACITY_MESSAGES.noteTooLong(note.length) });
  }
  const unknown = (input.checkedQuestions ?? []).map((q) => q.trim()).find((q) => !questions.includes(q));
  if (unknown !== undefined) {
    refusals.push({
      code: 'UNKNOWN_QUESTION',
      field: 'checkedQuestions',
      message: CAPACITY_MESSAGES.unknownQuestion(unknown),
    });
  }
  return refusals;
}

/** The questions ticked, as stored: the known ones (trimmed), once each, in the order the step shows them. */
export function checkedAnswers(checked: readonly string[], questions: readonly string[]): string[] {
  const ticked = new Set(checked.map((q) => q.trim()));
  return questions.filter((question) => ticked.has(question));
}

/**
 * Spec 3 §4 Capacity: the model is saved only when it changed: the confirmation, or the checklist answers when
 * they are given (the note is added whenever one is typed).
 */
export function capacityChanged(
  stored: { paymentCapacityConfirmed: boolean; checkedQuestions?: readonly string[] },
  input: CapacityInput,
  questions: readonly string[] = [],
): boolean {
  if (stored.paymentCapacityConfirmed !== input.paymentCapacityConfirmed) return true;
  if (input.checkedQuestions === undefined || input.checkedQuestions === null) return false;
  const before = checkedAnswers(stored.checkedQuestions ?? [], questions);
  const after = checkedAnswers(input.checkedQuestions, questions);
  return before.length !== after.length || before.some((question, i) => question !== after[i]);
}

/** The optional checklist questions (BankStatement, MembersWages, Documents): those that are not empty, in order. */
export function capacityQuestions(settings: CapacitySettings): string[] {
  return [settings.bankStatementCheckQuestion, settings.membersWagesCheckQuestion, settings.documentsCheckQuestion]
    .map((question) => (question ?? '').trim())
    .filter((question) => question !== '');
}
