// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WholeDates } from './WholeDates';

afterEach(cleanup);

describe('WholeDates', () => {
  it('shows the same words, with each date in a span that does not break', () => {
    const sentence = 'You owe $80.00: 2 missed deposits since 25-11-2026. A deposit on 01-03-2027 clears it.';
    const { container } = render(
      <p>
        <WholeDates>{sentence}</WholeDates>
      </p>,
    );
    expect(container.textContent).toBe(sentence);
    const dates = [...container.querySelectorAll('[data-whole-date]')] as HTMLElement[];
    expect(dates.map((span) => span.textContent)).toEqual(['25-11-2026', '01-03-2027']);
    for (const span of dates) expect(span.style.whiteSpace).toBe('nowrap');
  });

  it('is one box for a flex container: its spaces around the dates are not dropped as flex items’ edges', () => {
    const { container } = render(
      <div style={{ display: 'flex' }}>
        <WholeDates>$2,203.00 on 14-12-2026</WholeDates>
      </div>,
    );
    const flex = container.firstElementChild!;
    expect(flex.childNodes).toHaveLength(1);
    expect(flex.firstElementChild?.textContent).toBe('$2,203.00 on 14-12-2026');
  });

  it('leaves a text without dates as plain text', () => {
    const { container } = render(
      <p>
        <WholeDates>No deposit is scheduled.</WholeDates>
      </p>,
    );
    expect(container.querySelector('p')?.innerHTML).toBe('No deposit is scheduled.');
  });
});
