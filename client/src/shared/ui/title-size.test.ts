import { describe, expect, it } from 'vitest';
import { titleSize, truncateText, type TitleSize } from './title-size';

describe('titleSize (spec 1 §9: size classes switch at lengths 46 and 80)', () => {
  it.each<[string, number, TitleSize]>([
    ['a short title is large', 20, 'large'],
    ['45 characters is still large', 45, 'large'],
    ['46 characters steps down to medium', 46, 'medium'],
    ['79 characters is still medium', 79, 'medium'],
    ['80 characters steps down to small', 80, 'small'],
    ['a very long title is small', 200, 'small'],
  ])('%s', (_rule, length, size) => {
    expect(titleSize('x'.repeat(length))).toBe(size);
  });

  it('counts characters as people see them', () => {
    expect(titleSize('é'.repeat(45))).toBe('large');
  });
});

describe('truncateText (spec 1 §9: an ellipsis at the limit)', () => {
  it.each([
    ['text within the limit is kept', 'Pay Electricity', 20, 'Pay Electricity'],
    ['text exactly at the limit is kept', 'abcde', 5, 'abcde'],
    ['longer text is cut at the limit with an ellipsis', 'abcdefgh', 5, 'abcde…'],
    ['a space before the cut is dropped', 'Pay the Water bill', 8, 'Pay the…'],
    ['characters are not split', 'ééééé', 3, 'ééé…'],
  ])('%s', (_rule, text, limit, shown) => {
    expect(truncateText(text, limit)).toBe(shown);
  });
});
