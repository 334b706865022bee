import { describe, expect, it } from 'vitest';
import { enterAmount, settleAmount } from './amount-entry';

describe('enterAmount (spec 1 §5: digits and one decimal point, nothing lost without a word)', () => {
  it.each([
    ['', '12', '12', 1200],
    ['12', '12.', '12.', 1200],
    ['12.3', '12.34', '12.34', 1234],
    ['', '0', '0', 0],
    ['5', '', '', undefined],
  ])('takes %j → %j as %j (%j cents)', (previous, typed, text, amount) => {
    expect(enterAmount(previous, typed)).toEqual({ text, amount });
  });

  it('refuses a second decimal point with the spec’s words and keeps what was there', () => {
    expect(enterAmount('12.34', '12.34.')).toEqual({
      text: '12.34',
      amount: 1234,
      notice: { kind: 'error', message: "Can't have multiple decimal points in amount 12.34." },
    });
    expect(enterAmount('12.3', '12.3.4').text).toBe('12.3');
  });

  it('refuses a third digit after the point rather than rounding it away', () => {
    expect(enterAmount('1.99', '1.999')).toEqual({
      text: '1.99',
      amount: 199,
      notice: {
        kind: 'error',
        message: 'Amounts are in dollars and cents: 1.999 has more than two digits after the decimal point.',
      },
    });
  });

  it('names the characters it leaves out (letters, $, commas)', () => {
    expect(enterAmount('', '$1,234.50')).toEqual({
      text: '1234.50',
      amount: 123450,
      notice: { kind: 'info', message: 'Only digits and a decimal point can be entered: left out “$”, “,”.' },
    });
    expect(enterAmount('12', '12a').notice?.message).toContain('left out “a”');
    expect(enterAmount('', '-5')).toMatchObject({ text: '5', notice: { kind: 'info' } });
  });

  it('drops spaces quietly', () => {
    expect(enterAmount('', ' 12 ')).toEqual({ text: '12', amount: 1200 });
  });

  it('refuses an amount too large to hold, naming the largest', () => {
    expect(enterAmount('1', '10000000000000000')).toMatchObject({
      text: '1',
      notice: {
        kind: 'error',
        message: expect.stringMatching(/^The largest amount that can be entered is \$[\d,]+\.99\.$/),
      },
    });
  });
});

describe('settleAmount', () => {
  it('writes the amount to the cent when the person leaves the box', () => {
    expect(settleAmount('12.3')).toBe('12.30');
    expect(settleAmount('007')).toBe('7.00');
    expect(settleAmount('.')).toBe('.');
    expect(settleAmount('')).toBe('');
  });
});
