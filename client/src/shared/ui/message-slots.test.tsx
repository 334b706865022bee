// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { system } from '../../app/theme';
import { wholeDatesIn, wholeText } from '../../test-utils';
import { DateInput } from './DateInput';
import { FieldFrame } from './form-field';

afterEach(cleanup);

const HELP = 'From 01-12-2026 to 31-12-2026; currently 05-12-2026.';
const ERROR = 'A deposit holiday can last at most one month: end it by 15-12-2026.';

function renderIn(children: ReactNode) {
  return render(<ChakraProvider value={system}>{children}</ChakraProvider>);
}

describe('a field’s help and error keep their dates on one line (the deposits step’s date help, a form’s errors)', () => {
  it('DateInput: its help', () => {
    renderIn(<DateInput label="Next deposit date" value={null} onChange={() => undefined} helperText={HELP} />);
    expect(wholeDatesIn(screen.getByText(wholeText(HELP)))).toEqual(['01-12-2026', '31-12-2026', '05-12-2026']);
  });

  it('DateInput: its error', () => {
    renderIn(<DateInput label="Until" value={null} onChange={() => undefined} error={ERROR} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(ERROR);
    expect(wholeDatesIn(alert)).toEqual(['15-12-2026']);
  });

  it('FieldFrame: its help, then its error', () => {
    const { rerender } = renderIn(
      <FieldFrame label="Until" helperText={HELP}>
        <input />
      </FieldFrame>,
    );
    expect(wholeDatesIn(screen.getByText(wholeText(HELP)))).toEqual(['01-12-2026', '31-12-2026', '05-12-2026']);
    rerender(
      <ChakraProvider value={system}>
        <FieldFrame label="Until" helperText={HELP} error={ERROR}>
          <input />
        </FieldFrame>
      </ChakraProvider>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(ERROR);
    expect(wholeDatesIn(alert)).toEqual(['15-12-2026']);
  });
});
