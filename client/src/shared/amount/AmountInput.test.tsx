// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { system } from '../../app/theme';
import { cents } from '@shared/money';
import { AmountInput } from './AmountInput';
import type { AmountLimits } from './amount-entry';

function Form({ error, hint, limits }: { error?: string; hint?: string; limits?: AmountLimits }) {
  const [text, setText] = useState('');
  return (
    <ChakraProvider value={system}>
      <AmountInput
        label="Amount"
        value={text}
        onChange={(change) => setText(change.text)}
        error={error}
        hint={hint}
        limits={limits}
      />
    </ChakraProvider>
  );
}

const box = () => screen.getByLabelText('Amount') as HTMLInputElement;
const type = (value: string) => fireEvent.change(box(), { target: { value } });

afterEach(cleanup);

describe('AmountInput', () => {
  it('keeps 12.34 when a second point is typed, and says why in the spec’s words', () => {
    render(<Form />);
    type('12.34');
    type('12.34.');
    expect(box().value).toBe('12.34');
    expect(screen.getByRole('alert').textContent).toBe("Can't have multiple decimal points in amount 12.34.");
    type('12.3');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a third decimal digit instead of rounding it away', () => {
    render(<Form />);
    type('1.99');
    type('1.999');
    expect(box().value).toBe('1.99');
    expect(screen.getByRole('alert').textContent).toMatch(/more than two digits after the decimal point/);
  });

  it('names what it leaves out, and settles the amount to the cent on leaving', () => {
    render(<Form />);
    type('$12.5');
    expect(box().value).toBe('12.5');
    expect(screen.getByRole('status').textContent).toBe(
      'Only digits and a decimal point can be entered: left out “$”.',
    );
    fireEvent.blur(box());
    expect(box().value).toBe('12.50');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows one message at a time: the form’s error over a left-out note, the limits when all is well', () => {
    const { rerender } = render(<Form hint="Up to $50.00 available in Savings" />);
    expect(screen.getByText('Up to $50.00 available in Savings')).toBeTruthy();
    rerender(<Form error="Please enter an amount greater than $0.00." hint="Up to $50.00" />);
    type('a0');
    expect(screen.getAllByText(/./, { selector: '[role=alert], [role=status]' })).toHaveLength(1);
    expect(screen.getByRole('alert').textContent).toBe('Please enter an amount greater than $0.00.');
    expect(screen.queryByText('Up to $50.00')).toBeNull();
  });

  it('checks the maximum when the person leaves the box, and clears the word once the amount is lowered', () => {
    render(<Form limits={{ max: cents(5000) }} hint="Up to $50.00 available in Savings" />);
    type('60');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(box());
    expect(box().value).toBe('60.00');
    expect(screen.getByRole('alert').textContent).toBe('The most that can be entered here is $50.00.');
    type('50');
    fireEvent.blur(box());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('admits a minus only when its minimum is below 0', () => {
    render(<Form limits={{ min: cents(-10000) }} />);
    type('-12');
    expect(box().value).toBe('-12');
  });
});
