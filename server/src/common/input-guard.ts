/**
 * The edge rule every request's input passes before any handler sees it (GraphQL arguments and REST bodies,
 * query strings and path parameters alike): text holds no control characters but tab, line feed and carriage
 * return (PostgreSQL cannot store NUL, and the others have no business in a form), no text is longer than
 * MAX_INPUT_TEXT, and every number fits a PostgreSQL `integer` (int4), the type of every id and count column.
 * Field-specific limits (a note's length, an email's shape) stay with their own rules.
 */

export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;
/** Above any field's own limit; free texts have tighter ones (see free-text.ts). */
export const MAX_INPUT_TEXT = 10_000;
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

/** The first value in `value` (a JSON-like tree) that breaks the edge rule, or null when all is well. */
export function findInputProblem(value: unknown, path = '', depth = 0): InputProblem | null {
  if (typeof value === 'string') return textProblem(value, path);
  if (typeof value === 'number') return numberProblem(value, path);
  if (typeof value === 'bigint') return findInputProblem(Number(value), path, depth);
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_DEPTH) return { field: path, message: `${name(path)} is nested too deeply.` };
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
