// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { system } from '../../app/theme';
import { wholeDatesIn } from '../../test-utils';
import { StatusAlert } from './StatusAlert';

afterEach(cleanup);

describe('StatusAlert', () => {
  it('keeps the dates of a title and a message given as text on one line, the words unchanged', () => {
    render(
      <ChakraProvider value={system}>
        <StatusAlert status="warning" title="Goes short by $50.00 on 03-12-2026">
          The biller is on hold from 01-12-2026.
        </StatusAlert>
      </ChakraProvider>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Goes short by $50.00 on 03-12-2026The biller is on hold from 01-12-2026.');
    expect(wholeDatesIn(alert)).toEqual(['03-12-2026', '01-12-2026']);
  });

  it('shows a message given as elements as it is', () => {
    render(
      <ChakraProvider value={system}>
        <StatusAlert status="info">
          <p>
            Due <strong>20-11-2026</strong>
          </p>
        </StatusAlert>
      </ChakraProvider>,
    );
    const status = screen.getByRole('status');
    expect(status.querySelector('p')?.innerHTML).toBe('Due <strong>20-11-2026</strong>');
  });
});
