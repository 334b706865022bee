import { describe, expect, it } from 'vitest';
import { findInputProblem, findLongList, INT4_MAX, INT4_MIN, MAX_INPUT_LIST, MAX_INPUT_TEXT } from './input-guard.js';

describe('findInputProblem (the edge rule)', () => {
  it.each([
    ['plain text', { name: 'Ada Lovelace', note: 'line one\nline two\ttabbed\r\n' }],
    ['int4 bounds', { low: INT4_MIN, high: INT4_MAX, amount: 1234.5 }],
    ['text at the limit', { text: 'x'.repeat(MAX_INPUT_TEXT) }],
    ['nothing', null],
    ['booleans and nulls', { a: true, b: null, c: [false, null] }],
    ['a list at the limit', { ids: Array.from({ length: MAX_INPUT_LIST }, () => 1) }],
  ])('accepts %s', (_, value) => {
    expect(findInputProblem(value)).toBeNull();
  });

  it.each([
    ['a NUL', { username: 'age\u0000nt' }, 'username', /username must not contain control characters/],
    [
      'a bell deep in a list',
      { input: { billers: [{ key: 'ok' }, { key: 'b\u0007' }] } },
      'input.billers.1.key',
      /control/,
    ],
    ['DEL', { a: '\u007f' }, 'a', /control/],
    ['a C1 control', { a: '\u0085' }, 'a', /control/],
    ['escape', { a: '\u001b[31m' }, 'a', /control/],
    ['a number past int4', { MemberId: 99999999999 }, 'MemberId', /out of range/],
    ['a number below int4', { page: INT4_MIN - 1 }, 'page', /out of range/],
    ['text past the limit', { description: 'x'.repeat(MAX_INPUT_TEXT + 1) }, 'description', /too long/],
    ['a control character in a key', { 'a\u0000': 1 }, '', /field name/],
    [
      'a list past the limit, before its items (issue 21 item 7)',
      { input: { peakMonths: Array.from({ length: 2000 }, () => 'x\u0000') } },
      'input.peakMonths',
      /input.peakMonths has too many items: at most 1000/,
    ],
    ['a body that is a long list', Array.from({ length: MAX_INPUT_LIST + 1 }, () => ({})), '', /too many items/],
  ])('refuses %s, naming the field', (_, value, field, message) => {
    const problem = findInputProblem(value);
    expect(problem?.field).toBe(field);
    expect(problem?.message).toMatch(message);
  });

  it('refuses nesting deeper than any form', () => {
    let value: unknown = 'x';
    for (let i = 0; i < 20; i += 1) value = [value];
    expect(findInputProblem(value)?.message).toMatch(/nested too deeply/);
  });
});

describe('findLongList', () => {
  it('names the first list past the limit, however deep, and nothing else', () => {
    const long = Array.from({ length: MAX_INPUT_LIST + 1 }, () => 'x\u0000');
    expect(findLongList({ input: { billers: [{ peakMonths: [1] }, { peakMonths: long }] } })?.field).toBe(
      'input.billers.1.peakMonths',
    );
    expect(
      findLongList({ input: { note: 'a\u0000', ids: Array.from({ length: MAX_INPUT_LIST }, () => 1) } }),
    ).toBeNull();
  });
});
