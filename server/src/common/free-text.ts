import { DomainError } from '../shared/errors.js';

/**
 * Every free text people type (notes, descriptions) passes this one rule: trimmed, within its kind's length,
 * and present when the form requires it. The edge rule (input-guard.ts) has already refused control characters.
 */
export const FREE_TEXT_KINDS = {
  /** An approval's note (spec 3: approval forms need a note); text column, bounded for people and screens. */
  note: { label: 'note', max: 1000 },
  /** Why staff (or a member) took an action: a lock, a cancel, a decline, a withdrawal; bounded as a note. */
  reason: { label: 'reason', max: 1000 },
  /** A money movement's description: the ledger transaction's varchar(200). */
  description: { label: 'description', max: 200 },
} as const;

export type FreeTextKind = keyof typeof FREE_TEXT_KINDS;

export interface FreeTextRule {
  kind: FreeTextKind;
  /** The input field named in the error. */
  field: string;
  required: boolean;
}

/** The trimmed text ('' when absent and optional), or a DomainError naming the field. */
export function freeText(value: string | null | undefined, rule: FreeTextRule): string {
  const { label, max } = FREE_TEXT_KINDS[rule.kind];
  const text = (value ?? '').trim();
  if (!text && rule.required) throw new DomainError('REQUIRED', `Please enter a ${label}.`, rule.field);
  if (text.length > max) {
    throw new DomainError(
      'TOO_LONG',
      `The ${label} can be at most ${max} characters (it has ${text.length}).`,
      rule.field,
    );
  }
  return text;
}
