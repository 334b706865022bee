import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AgreementStatus } from '../agreement-status.js';
import type { Agreement } from '../agreement.entity.js';

/**
 * One writer per fact: an agreement's status changes only through `status-writer.ts`. This reads the server's
 * source and fails on any other write of the column — SQL updating or inserting it, the ORM creating or updating
 * the entity — outside `state/`. The demo data and generated members (`server/src/seed/`) write history in bulk as
 * it happened, not status changes, and are the one exception.
 */
const SERVER = join(import.meta.dirname, '../../../..');
const ALLOWED = ['src/modules/agreement/state/', 'src/seed/'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Each statement updating the `agreement` table (not agreement_change …) with `status` in its set list. */
const UPDATE =
  /update\s+"?agreement"?(?:\s+(?:as\s+)?(?!set\b)\w+)?\s+set\s+([\s\S]*?)(?:\bwhere\b|\breturning\b|\bfrom\b|`|'|$)/gi;
const INSERT = /insert\s+into\s+"?agreement"?\s*\(/gi;
const ORM = /(?:nativeUpdate|nativeInsert|insertMany|create|upsert|upsertMany)\s*\(\s*Agreement\b/g;

export function statusWrites(path: string, text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(UPDATE)) {
    if (/\bstatus\s*=/i.test(match[1])) found.push(`${path}: ${match[0].replace(/\s+/g, ' ').slice(0, 80)}`);
  }
  for (const match of text.matchAll(INSERT)) found.push(`${path}: ${match[0]}`);
  for (const match of text.matchAll(ORM)) found.push(`${path}: ${match[0]}`);
  return found;
}

describe('the agreement status has one writer', () => {
  it('finds no write of agreement.status outside modules/agreement/state (SQL or ORM)', () => {
    const writes = sources(join(SERVER, 'src'))
      .map((path) => relative(SERVER, path))
      .filter((path) => !ALLOWED.some((allowed) => path.startsWith(allowed)))
      .flatMap((path) => statusWrites(path, readFileSync(join(SERVER, path), 'utf8')));
    expect(writes).toEqual([]);
  });

  it('recognises the writes it forbids (so that the scan above can fail)', () => {
    const seen = (text: string) => statusWrites('x.ts', text).length;
    expect(seen("em.execute('update agreement set status = ?, updated_at = ? where id = ?')")).toBe(1);
    expect(seen('`update agreement\n set locked_at = ?, status = ${x} where id = ?`')).toBe(1);
    expect(seen("'update agreement a set status = 5 from x where a.id = x.id'")).toBe(1);
    expect(seen("'insert into agreement (account_id, status) values (?, ?)'")).toBe(1);
    expect(seen('em.nativeUpdate(Agreement, { id }, { status: 7 })')).toBe(1);
    expect(seen('em.create(Agreement, { status: 0 })')).toBe(1);
    expect(seen("'update agreement set wizard_step = ? where id = ? and status = ?'")).toBe(0);
    expect(seen("'update agreement_change set applied_at = now() where status = 1'")).toBe(0);
  });

  it('keeps the entity’s status read-only to the compiler', () => {
    const assign = (agreement: Agreement) => {
      // @ts-expect-error the status is the status writer's alone (tsc fails here if it becomes assignable)
      agreement.status = AgreementStatus.Active;
    };
    expect(typeof assign).toBe('function');
  });
});
