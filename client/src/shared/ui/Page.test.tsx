// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { system } from '../../app/theme';
import { Page } from './Page';

afterEach(cleanup);

const heading = () => screen.getByRole('heading', { level: 1 });

describe('Page', () => {
  it('sizes its title by length (46 and 80) and keeps a short title whole', () => {
    const { rerender } = render(
      <ChakraProvider value={system}>
        <Page title="Pay Electricity" />
      </ChakraProvider>,
    );
    expect(heading().dataset.titleSize).toBe('large');
    rerender(
      <ChakraProvider value={system}>
        <Page title={'A'.repeat(46)} />
      </ChakraProvider>,
    );
    expect(heading().dataset.titleSize).toBe('medium');
    expect(heading().getAttribute('title')).toBeNull();
  });

  it('cuts a very long title with an ellipsis, the whole title in its tooltip and the tab', () => {
    const title = `Pay ${'Long nickname '.repeat(10)}`.trim();
    render(
      <ChakraProvider value={system}>
        <Page title={title} />
      </ChakraProvider>,
    );
    expect(heading().dataset.titleSize).toBe('small');
    expect(heading().textContent).toMatch(/…$/);
    expect(heading().textContent!.length).toBeLessThanOrEqual(121);
    expect(heading().getAttribute('title')).toBe(title);
    expect(document.title).toContain(title);
  });
});
