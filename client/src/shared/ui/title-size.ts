/**
 * Titles sized by their length (spec 1 §9: "Title size classes switch at lengths 46 and 80") and text cut with an
 * ellipsis at a limit ("Text truncation adds an ellipsis at the limit"). Lengths count characters as people see
 * them (code points), so an accented name is not cut in half.
 */

/** The lengths where a title steps down a size. */
export const TITLE_SIZE_STEPS = { medium: 46, small: 80 } as const;

/** A page title longer than this is cut with an ellipsis (the whole title stays in the tab and the tooltip). */
export const TITLE_MAX_LENGTH = 120;

export type TitleSize = 'large' | 'medium' | 'small';

/** large below 46 characters, medium from 46, small from 80. */
export function titleSize(title: string): TitleSize {
  const length = Array.from(title).length;
  if (length >= TITLE_SIZE_STEPS.small) return 'small';
  if (length >= TITLE_SIZE_STEPS.medium) return 'medium';
  return 'large';
}

export const ELLIPSIS = '…';

/** `text` as it is when it has at most `limit` characters; else its first `limit` (trailing spaces dropped) and "…". */
export function truncateText(text: string, limit: number): string {
  const characters = Array.from(text);
  if (characters.length <= limit) return text;
  return `${characters.slice(0, limit).join('').trimEnd()}${ELLIPSIS}`;
}
