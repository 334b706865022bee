import { isRecord } from '../../shared/is-record';

/**
 * A pending payment reads 'pending confirmation' where it would say 'Paid' (spec 1 §4), as a sentence: "Paid Car
 * registration bill of $781.20" reads "Car registration bill of $781.20: payment pending confirmation".
 */
export function pendingWording(text: string, isPending: boolean): string {
  if (!isPending) return text;
  const paid = /^Paid\s+(.*)$/s.exec(text);
  if (paid) return `${paid[1].replace(/\.$/, '')}: payment pending confirmation`;
  return text.replace(/\bPaid\b/, 'payment pending confirmation for');
}

/** Stored details may hold HTML: show its text only (never inject server HTML into the page). */
export function detailsText(details: string | null | undefined): string {
  if (!details) return '';
  if (!/[<&]/.test(details)) return details.trim();
  if (typeof DOMParser !== 'undefined') {
    const doc = new DOMParser().parseFromString(details, 'text/html');
    for (const br of Array.from(doc.body.querySelectorAll('br'))) br.replaceWith('\n');
    for (const block of Array.from(doc.body.querySelectorAll('p, div, li'))) block.append('\n');
    return (doc.body.textContent ?? '').replace(/\n{2,}/g, '\n').trim();
  }
  return details
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface FieldChange {
  field: string;
  before: string | null;
  after: string | null;
}

/** `depositAmount` / `deposit_amount` → `Deposit amount`. */
export function fieldLabel(field: string): string {
  const words = field
    .replace(/[_.]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function shown(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function asChange(value: unknown): FieldChange | null {
  if (!isRecord(value) || typeof value.field !== 'string') return null;
  return { field: value.field, before: shown(value.before), after: shown(value.after) };
}

/**
 * The before/after rows of a modification (spec 1 §2 "JSON modification details"): the server's list when it
 * sent one, else read from the stored JSON — a list of `{ field, before, after }`, or `{ before: {...},
 * after: {...} }` compared key by key. Null when the text is not such JSON.
 */
export function modificationRows(changes: readonly FieldChange[] | null | undefined, details: string | null) {
  if (changes && changes.length > 0) return changes.map((change) => ({ ...change, label: fieldLabel(change.field) }));
  let parsed: unknown;
  try {
    parsed = JSON.parse(details ?? '');
  } catch {
    return null;
  }
  let rows: FieldChange[] | null = null;
  if (Array.isArray(parsed)) {
    const list = parsed.map(asChange);
    rows = list.every((row) => row !== null) ? (list as FieldChange[]) : null;
  } else if (isRecord(parsed) && isRecord(parsed.before) && isRecord(parsed.after)) {
    const { before, after } = parsed;
    const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    rows = fields
      .map((field) => ({ field, before: shown(before[field]), after: shown(after[field]) }))
      .filter((row) => row.before !== row.after);
  }
  return rows?.map((row) => ({ ...row, label: fieldLabel(row.field) })) ?? null;
}

/** The colour of a transaction status (from the server's class: pending | success | failed | unknown). */
export function statusPalette(statusClass: string | null | undefined): 'orange' | 'green' | 'red' | 'gray' {
  switch (statusClass) {
    case 'pending':
      return 'orange';
    case 'success':
      return 'green';
    case 'failed':
      return 'red';
    default:
      return 'gray';
  }
}

/** The first line of an activity's detail, in the reader's voice: staff read about the member, members about themselves. */
const INTRO: Record<string, { staff: string; member: string }> = {
  AGREEMENT_CANCEL: { staff: 'The agreement was cancelled.', member: 'Your agreement was cancelled.' },
  AGREEMENT_UNLOCK: { staff: 'The agreement was unlocked.', member: 'Your agreement was unlocked.' },
  DIRECT_DEBIT_FAILURE: { staff: 'A direct debit failed.', member: 'A direct debit from your agreement failed.' },
  NOTIFICATION: { staff: 'A notification was sent to the member.', member: 'We sent you this message.' },
  PAY_BILL: { staff: 'A bill was paid from the agreement.', member: 'A bill was paid from your agreement.' },
  REIMBURSE_BILL: { staff: 'A bill was reimbursed to the member.', member: 'A bill was reimbursed to you.' },
  MODIFICATION_JSON: { staff: 'The agreement was modified.', member: 'Your agreement was changed.' },
};

export function activityIntro(kind: string, isStaff: boolean): string | null {
  const intro = INTRO[kind];
  if (!intro) return null;
  return isStaff ? intro.staff : intro.member;
}
