import type { ReactNode } from 'react';
import { dateParts } from './whole-dates';

const ONE_LINE = { whiteSpace: 'nowrap' } as const;

/**
 * A text (a sentence, often the server's) with each of its dates kept on one line: the words and what a screen reader
 * reads are the same, only the dates are wrapped in a span that does not break.
 */
export function WholeDates({ children }: { children: string }) {
  return (
    <>
      {dateParts(children).map((part, index) =>
        part.date ? (
          <span key={index} style={ONE_LINE} data-whole-date="">
            {part.text}
          </span>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

/**
 * A message slot's content (an alert's, a field's help or error), often the server's sentence: given as text, its
 * dates are kept on one line; given as elements, it is left as it is (whoever made them marks their dates).
 */
export function withWholeDates(content: ReactNode): ReactNode {
  return typeof content === 'string' ? <WholeDates>{content}</WholeDates> : content;
}
