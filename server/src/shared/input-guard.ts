/**
 * The edge rule every request's input passes before any handler sees it (GraphQL arguments and REST bodies,
 * query strings and path parameters alike): text holds no control characters but tab, line feed and carriage
 * return (PostgreSQL cannot store NUL, and the others have no business in a form), no text is longer than
 * MAX_INPUT_TEXT, no list holds more than MAX_INPUT_LIST items, and every number fits a PostgreSQL `integer`
 * (int4), the type of every id and count column. Field-specific limits (a note's length, an email's shape, twelve
 * peak months) stay with their own rules.
 */

export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;
/** Above any field's own limit; free texts have tighter ones (see free-text.ts). */
export const MAX_INPUT_TEXT = 10_000;
/**
 * Above any list a form sends (an agreement's billers, the branches of a report); each item of a longer one would
 * otherwise be checked, and refused, one by one (issue 21 item 7: 2,000 peak months answered 51 errors).
 */
export const MAX_INPUT_LIST = 1_000;
/** Nesting beyond this is no form the portal sends. */
const MAX_DEPTH = 12;

// C0 controls except \t \n \r, DEL, C1 controls, and the non-characters U+FFFE/U+FFFF.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]/;

export interface InputProblem {
  /** The dotted path of the value at fault (`input.email`, `billers.0.key`). */
  field: string;
  message: string;
}

function name(path: string): string {
  return path || 'The input';
}

/** A text value against the rule. */
export function textProblem(value: string, path: string): InputProblem | null {
  if (CONTROL.test(value)) return { field: path, message: `${name(path)} must not contain control characters.` };
  if (value.length > MAX_INPUT_TEXT) {
    return { field: path, message: `${name(path)} is too long: at most ${MAX_INPUT_TEXT} characters.` };
  }
  return null;
}

/** A number against the rule (every id and count column is an int4). */
export function numberProblem(value: number, path: string): InputProblem | null {
  if (!Number.isFinite(value) || value < INT4_MIN || value > INT4_MAX) {
    return { field: path, message: `${name(path)} is out of range: it must lie between ${INT4_MIN} and ${INT4_MAX}.` };
  }
  return null;
}

/** A list's length against the rule. */
export function listProblem(length: number, path: string): InputProblem | null {
  if (length <= MAX_INPUT_LIST) return null;
  return { field: path, message: `${name(path)} has too many items: at most ${MAX_INPUT_LIST}.` };
}

/**
 * The first list in `value` (a JSON-like tree) longer than the rule allows. GraphQL variables pass this before
 * graphql-js coerces them item by item; the rest of the rule applies to them once coerced (argument-guard.ts).
 */
export function findLongList(value: unknown, path = '', depth = 0): InputProblem | null {
  if (value === null || typeof value !== 'object' || depth >= MAX_DEPTH) return null;
  const items = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value);
  const tooLong = Array.isArray(value) ? listProblem(value.length, path) : null;
  if (tooLong) return tooLong;
  for (const [key, item] of items) {
    const problem = findLongList(item, path ? `${path}.${key}` : key, depth + 1);
    if (problem) return problem;
  }
  return null;
}

/** The first value in `value` (a JSON-like tree) that breaks the edge rule, or null when all is well. */
export function findInputProblem(value: unknown, path = '', depth = 0): InputProblem | null {
  if (typeof value === 'string') return textProblem(value, path);
  if (typeof value === 'number') return numberProblem(value, path);
  if (typeof value === 'bigint') return findInputProblem(Number(value), path, depth);
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_DEPTH) return { field: path, message: `${name(path)} is nested too deeply.` };
  if (Array.isArray(value)) {
    const tooLong = listProblem(value.length, path);
    if (tooLong) return tooLong;
  }
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value);
  for (const [key, item] of entries) {
    const keyProblem = findInputProblem(key, path, depth + 1);
    if (keyProblem) return { field: path, message: `${name(path)} has a field name with control characters.` };
    const problem = findInputProblem(item, path ? `${path}.${key}` : key, depth + 1);
    if (problem) return problem;
  }
  return null;
}
