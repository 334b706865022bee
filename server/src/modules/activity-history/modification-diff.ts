import type { FieldChange } from '../activity/index.js';

/**
 * A readable diff of a modification's JSON details (spec 1 §2 "JSON modification details"). The JSON comes in
 * a few shapes and all are read the same way:
 * - `{ before: {...}, after: {...} }`: every field that differs, by its path;
 * - `{ field: { before, after } }` (or old/new, from/to) anywhere: that field's change;
 * - lists (`billersAdded: ["Water"]`) and plain values: shown as the new value; a list of what was removed
 *   (`billersRemoved`) as the value before.
 */

const BEFORE_KEYS = ['before', 'old', 'from', 'previous'];
const AFTER_KEYS = ['after', 'new', 'to', 'current'];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(value: unknown): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** "billersAdded" → "Billers added"; "deposit.amount" → "Deposit amount". */
export function humanise(path: string): string {
  const words = path
    .split('.')
    .flatMap((part) => part.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(/[\s_]+/))
    .filter((word) => word !== '')
    .map((word) => word.toLowerCase());
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A value as the screen shows it: lists of names joined, objects by their name, nothing as null. */
export function showValue(value: Json | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) {
    const items = value.map((item) => showValue(item)).filter((item): item is string => item !== null);
    return items.length === 0 ? null : items.join(', ');
  }
  if (isObject(value)) {
    const name = value.nickname ?? value.name ?? value.label;
    return typeof name === 'string' ? name : JSON.stringify(value);
  }
  return String(value);
}

function pairOf(value: Record<string, Json>): { before: Json | undefined; after: Json | undefined } | null {
  const keys = Object.keys(value);
  const beforeKey = keys.find((key) => BEFORE_KEYS.includes(key));
  const afterKey = keys.find((key) => AFTER_KEYS.includes(key));
  if (!beforeKey || !afterKey || keys.length !== 2) return null;
  return { before: value[beforeKey], after: value[afterKey] };
}

function flatten(value: Json | undefined, path: string, into: Map<string, Json>): void {
  if (isObject(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, path ? `${path}.${key}` : key, into);
  } else if (value !== undefined) {
    into.set(path, value);
  }
}

function walk(value: Json, path: string, changes: FieldChange[]): void {
  if (isObject(value)) {
    const pair = pairOf(value);
    if (pair && path !== '') {
      const before = showValue(pair.before);
      const after = showValue(pair.after);
      if (before !== after) changes.push({ field: humanise(path), before, after });
      return;
    }
    for (const [key, child] of Object.entries(value)) walk(child, path ? `${path}.${key}` : key, changes);
    return;
  }
  const shown = showValue(value);
  if (shown === null) return;
  // A list of what was removed was there before and is not after; anything else (added, edited, a new value) is new.
  const removed = /removed$/i.test(path);
  changes.push({ field: humanise(path || 'value'), before: removed ? shown : null, after: removed ? null : shown });
}

/** The changes a modification's details describe; null when the details are not a JSON object. */
export function modificationChanges(details: string | null | undefined): FieldChange[] | null {
  if (!details) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(details);
  } catch {
    return null;
  }
  if (!isObject(parsed)) return null;
  const changes: FieldChange[] = [];
  const pair = pairOf(parsed);
  if (pair && isObject(pair.before) && isObject(pair.after)) {
    const before = new Map<string, Json>();
    const after = new Map<string, Json>();
    flatten(pair.before, '', before);
    flatten(pair.after, '', after);
    for (const path of new Set([...before.keys(), ...after.keys()])) {
      const was = showValue(before.get(path));
      const now = showValue(after.get(path));
      if (was !== now) changes.push({ field: humanise(path), before: was, after: now });
    }
    return changes;
  }
  walk(parsed, '', changes);
  return changes;
}
