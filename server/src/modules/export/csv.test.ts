import { describe, expect, it } from 'vitest';
import { csvCell, legacyCsv, toCsv } from './csv.js';

describe('csvCell (formulas neutralised, numbers kept)', () => {
  it.each([
    ['plain', 'plain'],
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+61 400', "'+61 400"],
    ['@cmd', "'@cmd"],
    ['-12.50', '-12.50'],
    ['-x', "'-x"],
    [12.5, '12.5'],
    [null, ''],
    [undefined, ''],
    [true, 'true'],
  ])('%j → %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});

describe('toCsv', () => {
  it('quotes commas, quotes and line breaks, lines end in CRLF', () => {
    expect(
      toCsv(
        ['A', 'B'],
        [
          ['x, y', 'say "hi"'],
          ['two\nlines', '$1,234.56'],
        ],
      ),
    ).toBe('A,B\r\n"x, y","say ""hi"""\r\n"two\nlines","$1,234.56"\r\n');
  });
});

describe('legacyCsv (data, columnNames, fieldsToExport)', () => {
  it('writes the named fields under the names, keys matched in any case, missing keys empty', () => {
    const csv = legacyCsv({
      data: [
        { BranchName: 'Sydney', totalValueInArrears: 120.5 },
        { branchname: 'Perth', other: 1 },
      ],
      columnNames: ['Branch', 'Arrears'],
      fieldsToExport: ['branchName', 'totalValueInArrears'],
    });
    expect(csv).toBe('Branch,Arrears\r\nSydney,120.5\r\nPerth,\r\n');
  });

  it.each([
    ['no columns', { data: [], columnNames: [], fieldsToExport: [] }, 'columnNames'],
    ['columns not text', { data: [], columnNames: [1], fieldsToExport: ['a'] }, 'columnNames'],
    ['counts differ', { data: [], columnNames: ['A', 'B'], fieldsToExport: ['a'] }, 'fieldsToExport'],
    ['data not a list', { data: 'x', columnNames: ['A'], fieldsToExport: ['a'] }, 'data'],
    ['a row not an object', { data: [1], columnNames: ['A'], fieldsToExport: ['a'] }, 'data'],
  ])('refuses %s naming the field', (_name, request, field) => {
    expect(() => legacyCsv(request)).toThrow(expect.objectContaining({ field }));
  });
});
