import { describe, expect, it } from 'vitest';
import { lightOnly } from './light-tokens';

describe('lightOnly', () => {
  it.each([
    [
      'a light and a dark value',
      { value: { _light: '{colors.white}', _dark: '{colors.black}' } },
      { value: '{colors.white}' },
    ],
    ['a light value alone', { value: { _light: '{colors.gray.50}' } }, { value: '{colors.gray.50}' }],
    ['one value for every mode', { value: '{colors.brand.800}' }, { value: '{colors.brand.800}' }],
    ['a value by breakpoint', { value: { base: '1rem', md: '2rem' } }, { value: { base: '1rem', md: '2rem' } }],
    [
      'other conditions beside',
      { value: { _light: 'a', _dark: 'b', _hover: 'c' } },
      { value: { _light: 'a', _dark: 'b', _hover: 'c' } },
    ],
    ['a description kept', { value: { _light: 'a', _dark: 'b' }, description: 'd' }, { value: 'a', description: 'd' }],
  ])('%s', (_, token, expected) => {
    expect(lightOnly({ colors: { bg: { DEFAULT: token } } })).toEqual({ colors: { bg: { DEFAULT: expected } } });
  });

  it('walks every group and leaves the input alone', () => {
    const tokens = {
      colors: { fg: { value: { _light: 'a', _dark: 'b' }, muted: { value: { _light: 'c', _dark: 'd' } } } },
      shadows: { xs: { value: { _light: 'e', _dark: 'f' } } },
    };
    const copy = structuredClone(tokens);
    expect(lightOnly(tokens)).toEqual({
      colors: { fg: { value: 'a', muted: { value: 'c' } } },
      shadows: { xs: { value: 'e' } },
    });
    expect(tokens).toEqual(copy);
  });
});
