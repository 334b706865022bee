// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { system } from '../../app/theme';
import { Section } from './Section';

/** A phone: the query useNarrowScreen asks matches. */
function onAPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

let built = 0;
function Body() {
  const [count, setCount] = useState(() => {
    built += 1;
    return 0;
  });
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      Clicked {count}
    </button>
  );
}

const renderSection = () =>
  render(
    <ChakraProvider value={system}>
      <Section title="Activities" foldable>
        <Body />
      </Section>
    </ChakraProvider>,
  );

describe('Section', () => {
  it('on a phone builds a folded body only when first opened, then keeps it (and its state) when folded again', () => {
    onAPhone();
    built = 0;
    renderSection();
    const heading = screen.getByRole('button', { name: /Activities/ });
    expect(heading.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText(/Clicked/)).toBeNull();
    expect(built).toBe(0);

    fireEvent.click(heading);
    fireEvent.click(screen.getByText('Clicked 0'));
    fireEvent.click(heading);
    expect(heading.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(heading);
    expect(screen.getByText('Clicked 1')).toBeTruthy();
    expect(built).toBe(1);
  });

  it('on a larger screen shows its body at once', () => {
    built = 0;
    renderSection();
    expect(screen.getByText('Clicked 0')).toBeTruthy();
    expect(built).toBe(1);
  });
});
