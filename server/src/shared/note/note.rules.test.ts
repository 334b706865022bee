import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.js';
import { NoteEntityType } from './note-entity-type.js';
import {
  checkNoteText,
  NOTE_MAX_LENGTH,
  NOTE_MESSAGES,
  notableEntityType,
  noteActivityDetails,
  noteEntityTypeOf,
} from './note.rules.js';

function refusal(work: () => unknown): { code: string; field?: string; message: string } | null {
  try {
    work();
    return null;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { code: error.code, field: error.field, message: error.message };
  }
}

describe('checkNoteText (spec 1 §6: note text must be non-empty)', () => {
  it.each([
    ['', 'NOTE_TEXT_REQUIRED'],
    ['   \n\t ', 'NOTE_TEXT_REQUIRED'],
    [null, 'NOTE_TEXT_REQUIRED'],
    [undefined, 'NOTE_TEXT_REQUIRED'],
    ['x'.repeat(NOTE_MAX_LENGTH + 1), 'NOTE_TOO_LONG'],
  ])('refuses %j with %s', (text, code) => {
    expect(refusal(() => checkNoteText(text))?.code).toBe(code);
  });

  it('says the text must be non-empty, naming the text field', () => {
    expect(refusal(() => checkNoteText(' '))).toEqual({
      code: 'NOTE_TEXT_REQUIRED',
      field: 'text',
      message: NOTE_MESSAGES.textRequired,
    });
    expect(NOTE_MESSAGES.textRequired).toBe('Note text must be non-empty.');
  });

  it.each([
    ['Called the member.', 'Called the member.'],
    ['  trimmed  ', 'trimmed'],
    ['x'.repeat(NOTE_MAX_LENGTH), 'x'.repeat(NOTE_MAX_LENGTH)],
  ])('keeps %j as %j', (text, kept) => {
    expect(checkNoteText(text)).toBe(kept);
  });
});

describe('notableEntityType', () => {
  it.each([
    ['Contract', NoteEntityType.Contract],
    ['contract', NoteEntityType.Contract],
    ['Biller', NoteEntityType.Biller],
    ['BILLINGSUBCATEGORY', NoteEntityType.BillingSubCategory],
  ])('accepts %s', (name, type) => {
    expect(notableEntityType(name)).toBe(type);
  });

  it.each(['Bill', 'Member', 'Agreement', '', null])('refuses %j', (name) => {
    expect(refusal(() => notableEntityType(name))).toEqual({
      code: 'INVALID_ENTITY_TYPE',
      field: 'entityType',
      message: NOTE_MESSAGES.entityType,
    });
  });
});

describe('noteEntityTypeOf (reading)', () => {
  it('reads every entity type a note can hang on', () => {
    expect(noteEntityTypeOf('bill')).toBe(NoteEntityType.Bill);
    expect(noteEntityTypeOf('Member')).toBe(NoteEntityType.Member);
  });

  it('names the types it knows when refusing', () => {
    expect(refusal(() => noteEntityTypeOf('Agreement'))?.message).toBe(
      'entityType must be one of Contract, Biller, BillingSubCategory, Bill, Member.',
    );
  });
});

describe('noteActivityDetails', () => {
  it('reads as the activity list shows notes', () => {
    expect(noteActivityDetails('Payslips sighted.')).toBe('Note added: Payslips sighted.');
  });
});
