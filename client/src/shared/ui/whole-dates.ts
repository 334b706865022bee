/**
 * Dates kept whole on one line. Browsers may break a line after a hyphen, so `25-11-2026` in a sentence could show
 * as "25-" and "11-2026" on a phone; the screen marks each date it shows in flowing text so it is never split.
 */

const MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December';

/**
 * The dates the app shows (dates.ts, local-date.ts): `DD-MM-YYYY`, with its time when it has one (`21-11-2026 9:15
 * pm`), and the wizard's `3 March, 2026`.
 */
const SHOWN_DATE = new RegExp(
  `\\b(?:(?:0[1-9]|[12]\\d|3[01])-(?:0[1-9]|1[0-2])-\\d{4}(?: \\d{1,2}:\\d{2} [ap]m\\b)?|\\d{1,2} (?:${MONTHS}),? \\d{4})\\b`,
  'g',
);

export interface TextPart {
  text: string;
  /** This part is a date, to be kept on one line. */
  date: boolean;
}

/** `text` cut into its dates and the words between them; the parts joined give `text` back unchanged. */
export function dateParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let from = 0;
  for (const match of text.matchAll(SHOWN_DATE)) {
    if (match.index > from) parts.push({ text: text.slice(from, match.index), date: false });
    parts.push({ text: match[0], date: true });
    from = match.index + match[0].length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), date: false });
  return parts;
}
