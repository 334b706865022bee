/**
 * Shapes shared by every validator here. Expected rejections are plain data, never thrown: the server maps
 * them to `errors { code field message }`, the client shows `message` beside `field`.
 */

/** A field-level rejection: `code` is stable for code, `message` is for people, `field` names the input. */
export interface Rejection<Code extends string | number = string | number> {
  ok: false;
  code: Code;
  message: string;
  field: string;
}

/** The outcome of checking one input: the normalised value, or why it was refused. */
export type Checked<T, Code extends string | number = string> = { ok: true; value: T } | Rejection<Code>;

/** Spec 1 §8 and spec 2 §8: shown for any validation answer code the client does not recognise. */
export const SERVICE_UNAVAILABLE_MESSAGE = 'The service is not available at the moment. Please try again later.';

/** Removes spaces people type between digit groups (bills print references as `1234 5678`). */
export function withoutSpaces(value: string): string {
  return value.replace(/\s+/g, '');
}
