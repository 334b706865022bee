import { DomainError } from '../errors.js';
import { NOTE_ENTITY_TYPE_NAMES, NoteEntityType, parseNoteEntityType } from './note-entity-type.js';

/** The longest note kept: a text column, bounded for the screens and the activity list. */
export const NOTE_MAX_LENGTH = 4000;

/** What staff can be told when a note is refused (spec 1 §6: 'Contract note text must be non-empty.'). */
export const NOTE_MESSAGES = {
  textRequired: 'Note text must be non-empty.',
  tooLong: (length: number) => `A note can be at most ${NOTE_MAX_LENGTH} characters (it has ${length}).`,
  entityType: 'Notes can be added to a Contract, Biller or BillingSubCategory.',
  notFound: 'Could not find the note.',
  targetNotFound: (type: NoteEntityType) => `Could not find the ${NOTE_ENTITY_TYPE_NAMES[type].toLowerCase()}.`,
} as const;

/** Notes are written on agreements and their billers and sub-categories (the wizard's and overview's note forms). */
export const NOTABLE_ENTITY_TYPES: readonly NoteEntityType[] = [
  NoteEntityType.Contract,
  NoteEntityType.Biller,
  NoteEntityType.BillingSubCategory,
];

/** The note's text, trimmed: non-empty and within the length. */
export function checkNoteText(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  if (!text) throw new DomainError('NOTE_TEXT_REQUIRED', NOTE_MESSAGES.textRequired, 'text');
  if (text.length > NOTE_MAX_LENGTH) throw new DomainError('NOTE_TOO_LONG', NOTE_MESSAGES.tooLong(text.length), 'text');
  return text;
}

/** Any entity type notes are read by (GET /api/notes?entityType), from its name in any case. */
export function noteEntityTypeOf(name: string | null | undefined): NoteEntityType {
  const type = parseNoteEntityType(name ?? '');
  if (type === undefined) {
    throw new DomainError(
      'INVALID_ENTITY_TYPE',
      `entityType must be one of ${Object.values(NOTE_ENTITY_TYPE_NAMES).join(', ')}.`,
      'entityType',
    );
  }
  return type;
}

/** The entity type a note may be added to, from its REST/GraphQL name (Contract, Biller, BillingSubCategory). */
export function notableEntityType(name: string | null | undefined): NoteEntityType {
  const type = parseNoteEntityType(name ?? '');
  if (type === undefined || !NOTABLE_ENTITY_TYPES.includes(type)) {
    throw new DomainError('INVALID_ENTITY_TYPE', NOTE_MESSAGES.entityType, 'entityType');
  }
  return type;
}

/** The activity list's line for a note (type 11, staff only). */
export function noteActivityDetails(text: string): string {
  return `Note added: ${text}`;
}

/** An edit's activity: the text before and after (the history keeps both; 'Note added' keeps the first). */
export function noteEditedDetails(before: string, after: string): string {
  return `Note edited. Was: ${before} Now: ${after}`;
}

/** A deletion's activity: the text deleted. */
export function noteDeletedDetails(text: string): string {
  return `Note deleted: ${text}`;
}
