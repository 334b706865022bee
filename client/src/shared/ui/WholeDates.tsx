import type { ReactNode } from 'react';
import { dateParts } from './whole-dates';

const ONE_LINE = { whiteSpace: 'nowrap' } as const;

/**
 * A text (a sentence, often the server's) with each of its dates kept on one line: the words and what a screen reader
 * reads are the same, only the dates are wrapped in a span that does not break.
 */
export function WholeDates({ children }: { children: string }) {
  // One inline box around the parts: in a flex container (a data list's value) each loose text and span would be a
  // flex item of its own, whose edge spaces the browser drops ('$2,203.00 on14-12-2026').
  const parts = dateParts(children);
  if (!parts.some((part) => part.date)) return children;
  return (
    <span>
      {parts.map((part, index) =>
        part.date ? (
          <span key={index} style={ONE_LINE} data-whole-date="">
            {part.text}
          </span>
        ) : (
          part.text
        ),
      )}
    </span>
  );
}

/**
 * A message slot's content (an alert's, a field's help or error), often the server's sentence: given as text, its
 * dates are kept on one line; given as elements, it is left as it is (whoever made them marks their dates).
 */
export function withWholeDates(content: ReactNode): ReactNode {
  return typeof content === 'string' ? <WholeDates>{content}</WholeDates> : content;
}
