import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../shared/errors.js';

/** The refusals of an idempotency key (the codes and words the payment screens always gave). */
export const IDEMPOTENCY_MESSAGES = {
  keyReused: 'This idempotency key was already used for a different request.',
  invalidKey: 'An idempotency key of 8 to 100 characters (letters, digits, - and _) is required.',
} as const;

/** SQLSTATEs worth a retry: serialization failure and deadlock (STACK.md). */
const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 4;

const KEY = /^[A-Za-z0-9_-]{8,100}$/;

function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown; previous?: unknown }).previous ?? (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Canonical JSON (keys sorted) so that the same input always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function requestHash(operation: string, input: unknown): string {
  return createHash('sha256')
    .update(`${operation}\n${canonical(input)}`)
    .digest('hex');
}

export function checkIdempotencyKey(key: string | null | undefined): string {
  if (!key || !KEY.test(key))
    throw new DomainError('INVALID_IDEMPOTENCY_KEY', IDEMPOTENCY_MESSAGES.invalidKey, 'idempotencyKey');
  return key;
}

/**
 * Whether the user's key already carries a completed answer: a caller that decides what to move from figures the move
 * itself changes (a shortfall's top-up) replays the same request instead of deciding again.
 */
export async function hasIdempotentAnswer(em: EntityManager, userId: number, key: string): Promise<boolean> {
  const rows = await em.execute<{ id: number }[]>(
    'select id from idempotency_record where user_id = ? and key = ? and response is not null',
    [userId, key],
  );
  return rows.length > 0;
}

export interface IdempotentRequest {
  userId: number;
  key: string;
  operation: string;
  input: unknown;
  /** What the audit record names (e.g. the bill or agreement the money moved for). */
  entity?: { type: string; id: number };
}

/**
 * Runs a money movement exactly once per (user, key), in one READ COMMITTED transaction whose row locks the work
 * takes itself. The key's record is inserted first: a concurrent request with the same key waits on the unique
 * index until the first commits, then returns the stored answer; a different request under the same key is
 * refused. The answer is stored in the same transaction as the money moved. Expected rejections roll back, so a
 * retry is judged afresh. Deadlocks and serialization failures are retried a few times. A completed movement also
 * writes its audit record (who, what, the request and the answer) in the same transaction.
 */
export async function runIdempotent<T extends object>(
  em: EntityManager,
  request: IdempotentRequest,
  work: (tx: EntityManager) => Promise<T>,
): Promise<T> {
  const hash = requestHash(request.operation, request.input);
  for (let attempt = 1; ; attempt++) {
    try {
      return await em.fork().transactional(async (tx) => {
        const inserted = await tx.execute<{ id: number }[]>(
          `insert into idempotency_record (user_id, key, request_hash) values (?, ?, ?)
           on conflict (user_id, key) do nothing returning id`,
          [request.userId, request.key, hash],
        );
        if (inserted.length === 0) {
          const [stored] = await tx.execute<{ request_hash: string; response: T | null }[]>(
            'select request_hash, response from idempotency_record where user_id = ? and key = ?',
            [request.userId, request.key],
          );
          if (!stored || stored.request_hash !== hash || stored.response === null) {
            throw new DomainError('IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MESSAGES.keyReused, 'idempotencyKey');
          }
          return stored.response;
        }
        const response = await work(tx);
        await tx.execute(
          `update idempotency_record set response = ?::jsonb, status_code = 200, completed_at = now() where id = ?`,
          [JSON.stringify(response), inserted[0].id],
          'run',
        );
        await tx.execute(
          `insert into audit_record (user_id, action, entity_type, entity_id, idempotency_key, request, response)
           values (?, ?, ?, ?, ?, ?::jsonb, ?::jsonb)`,
          [
            request.userId,
            request.operation,
            request.entity?.type ?? null,
            request.entity?.id ?? null,
            request.key,
            JSON.stringify(request.input ?? null),
            JSON.stringify(response),
          ],
          'run',
        );
        return JSON.parse(JSON.stringify(response)) as T;
      });
    } catch (error) {
      const state = sqlState(error);
      if (attempt < MAX_ATTEMPTS && state && RETRYABLE.has(state)) continue;
      throw error;
    }
  }
}
