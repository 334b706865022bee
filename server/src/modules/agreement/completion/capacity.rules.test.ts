import { describe, expect, it } from 'vitest';
import {
  capacityChanged,
  capacityNoteText,
  capacityQuestions,
  checkCapacity,
  checkedAnswers,
} from './capacity.rules.js';

const WARNING = 'Please confirm capacity.';

describe('checkCapacity (spec 3 §5: capacity confirmation is required)', () => {
  it.each([
    ['confirmed, no note', { paymentCapacityConfirmed: true }, []],
    ['confirmed with a note', { paymentCapacityConfirmed: true, newNoteText: 'Checked payslips' }, []],
    ['not confirmed: the client setting’s warning', { paymentCapacityConfirmed: false }, ['CAPACITY_NOT_CONFIRMED']],
    [
      'not confirmed and a note too long: both',
      { paymentCapacityConfirmed: false, newNoteText: 'x'.repeat(4001) },
      ['CAPACITY_NOT_CONFIRMED', 'NOTE_TOO_LONG'],
    ],
    ['a note of exactly 4000 characters', { paymentCapacityConfirmed: true, newNoteText: 'x'.repeat(4000) }, []],
  ])('%s', (_name, input, codes) => {
    const refusals = checkCapacity({ contractId: 1, ...input }, WARNING);
    expect(refusals.map((r) => r.code)).toEqual(codes);
    if (codes.includes('CAPACITY_NOT_CONFIRMED')) {
      expect(refusals[0]).toEqual({
        code: 'CAPACITY_NOT_CONFIRMED',
        field: 'paymentCapacityConfirmed',
        message: WARNING,
      });
    }
  });
});

describe('capacityChanged (spec 3 §4: the model is sent only if it changed)', () => {
  it.each([
    [false, true, true],
    [true, true, false],
    [true, false, true],
    [false, false, false],
  ])('stored %s, sent %s: changed %s', (stored, sent, changed) => {
    expect(
      capacityChanged({ paymentCapacityConfirmed: stored }, { contractId: 1, paymentCapacityConfirmed: sent }),
    ).toBe(changed);
  });
});

const QUESTIONS = ['Bank statements seen?', 'Wages checked?', 'Documents kept?'];

describe('checkCapacity: checklist answers name only the questions shown', () => {
  it.each([
    ['none ticked', [], []],
    ['known questions, with spaces', [' Wages checked? ', 'Bank statements seen?'], []],
    ['a question not in the settings', ['Wages checked?', 'Pets?'], ['UNKNOWN_QUESTION']],
  ])('%s', (_name, checked, codes) => {
    const refusals = checkCapacity(
      { contractId: 1, paymentCapacityConfirmed: true, checkedQuestions: checked },
      WARNING,
      QUESTIONS,
    );
    expect(refusals.map((r) => r.code)).toEqual(codes);
    if (codes.length > 0) expect(refusals[0].message).toContain('“Pets?” is not one of the checklist questions.');
  });
});

describe('checkedAnswers (stored once each, in the step’s order, current questions only)', () => {
  it.each([
    [[], []],
    [
      ['Documents kept?', ' Bank statements seen? ', 'Documents kept?'],
      ['Bank statements seen?', 'Documents kept?'],
    ],
    [['An old question', 'Wages checked?'], ['Wages checked?']],
  ])('%j → %j', (checked, expected) => {
    expect(checkedAnswers(checked, QUESTIONS)).toEqual(expected);
  });
});

describe('capacityChanged with checklist answers', () => {
  const stored = { paymentCapacityConfirmed: true, checkedQuestions: ['Wages checked?'] };
  it.each([
    ['answers not sent: unchanged', undefined, false],
    ['the same answers in another order and spacing', [' Wages checked? '], false],
    ['one more ticked', ['Wages checked?', 'Documents kept?'], true],
    ['all unticked', [], true],
  ])('%s', (_name, checked, changed) => {
    expect(
      capacityChanged(stored, { contractId: 1, paymentCapacityConfirmed: true, checkedQuestions: checked }, QUESTIONS),
    ).toBe(changed);
  });
});

describe('capacityNoteText (a note is added when text was entered)', () => {
  it.each([
    [null, null],
    ['', null],
    ['   ', null],
    ['  Wages checked ', 'Wages checked'],
  ])('%j → %j', (text, expected) => {
    expect(capacityNoteText({ newNoteText: text })).toBe(expected);
  });
});

describe('capacityQuestions (optional checkboxes shown if non-empty)', () => {
  it('keeps the non-empty questions in order', () => {
    expect(
      capacityQuestions({
        capacityToPayWarning: WARNING,
        bankStatementCheckQuestion: 'Bank statements?',
        membersWagesCheckQuestion: '  ',
        documentsCheckQuestion: 'Documents?',
      }),
    ).toEqual(['Bank statements?', 'Documents?']);
  });
  it('shows none when all are empty', () => {
    expect(
      capacityQuestions({
        capacityToPayWarning: WARNING,
        bankStatementCheckQuestion: '',
        membersWagesCheckQuestion: '',
        documentsCheckQuestion: '',
      }),
    ).toEqual([]);
  });
});
