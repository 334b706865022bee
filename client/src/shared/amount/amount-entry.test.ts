import { describe, expect, it } from 'vitest';
import { cents } from '@shared/money';
import { enterAmount, settleAmount, type AmountLimits } from './amount-entry';

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

describe('enterAmount within limits (spec 3 §5 "Money input")', () => {
  it.each<[string, AmountLimits, string, string, number | undefined]>([
    ['a minus is admitted when min is below 0', { min: cents(-5000) }, '', '-12.5', -1250],
    ['a lone minus is kept while typing', { min: cents(-5000) }, '', '-', undefined],
    ['precision 1 takes one digit after the point', { precision: 1 }, '', '12.5', 1250],
    ['precision 0 takes whole dollars', { precision: 0 }, '', '12', 1200],
  ])('%s', (_rule, limits, previous, typed, amount) => {
    expect(enterAmount(previous, typed, limits)).toEqual({ text: typed, amount });
  });

  it('leaves a minus out when min is 0 (the default), naming it', () => {
    expect(enterAmount('', '-5', { min: cents(0) })).toMatchObject({
      text: '5',
      amount: 500,
      notice: { kind: 'info' },
    });
  });

  it.each<[string, AmountLimits, string, string, string]>([
    [
      'precision 1 refuses a second digit',
      { precision: 1 },
      '12.5',
      '12.55',
      'Amounts here have one digit after the decimal point: 12.55 has more.',
    ],
    [
      'precision 0 refuses a point',
      { precision: 0 },
      '12',
      '12.',
      'Amounts here are whole dollars: 12. has a decimal point.',
    ],
  ])('%s, keeping what was there', (_rule, limits, previous, typed, message) => {
    expect(enterAmount(previous, typed, limits)).toMatchObject({ text: previous, notice: { kind: 'error', message } });
  });
});

describe('settleAmount', () => {
  it.each([
    ['12.3', '12.30', 1230],
    ['007', '7.00', 700],
    ['.', '.', undefined],
    ['', '', undefined],
  ])('writes %j as %j when the person leaves the box', (text, settled, amount) => {
    expect(settleAmount(text)).toEqual({ text: settled, amount });
  });

  it('writes the amount to the box’s precision', () => {
    expect(settleAmount('12.5', { precision: 1 })).toEqual({ text: '12.5', amount: 1250 });
    expect(settleAmount('12', { precision: 0 })).toEqual({ text: '12', amount: 1200 });
    expect(settleAmount('-3', { min: cents(-5000) })).toEqual({ text: '-3.00', amount: -300 });
  });

  it('checks the maximum on leaving the box, keeping the amount typed and naming the most', () => {
    expect(settleAmount('60', { max: cents(5000) })).toEqual({
      text: '60.00',
      amount: 6000,
      notice: { kind: 'limit', message: 'The most that can be entered here is $50.00.' },
    });
    expect(settleAmount('50', { max: cents(5000) })).toEqual({ text: '50.00', amount: 5000 });
  });

  it('checks a minimum above 0 the same way', () => {
    expect(settleAmount('0.5', { min: cents(100) })).toMatchObject({
      notice: { kind: 'limit', message: 'The least that can be entered here is $1.00.' },
    });
  });
});
