import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../shared/errors.js';
import { runSql } from '../../database/bulk.js';

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
        await completeIdempotent(tx, [{ recordId: inserted[0].id, request, response }]);
        return JSON.parse(JSON.stringify(response)) as T;
      });
    } catch (error) {
      const state = sqlState(error);
      if (attempt < MAX_ATTEMPTS && state && RETRYABLE.has(state)) continue;
      throw error;
    }
  }
}

/** What a batch's key already holds: nothing (`free`), the stored answer of the same request, or a refusal. */
export type StoredAnswer = { free: true } | { free: false; stored: unknown };

/**
 * For many requests at once (a batch of automatic payments), in the caller's transaction: what each key already holds,
 * in one read. A key already taken answers its stored response when the request is the same and completed, else the
 * refusal `runIdempotent` gives (IDEMPOTENCY_KEY_REUSED). Unlike `runIdempotent`, nothing is written first: the caller
 * reads this under the locks that any writer of these keys takes before writing them (the automatic payments: their
 * agreements'), and writes each completed key once, with its answer (`recordIdempotent`).
 */
export async function storedAnswers(
  tx: EntityManager,
  requests: readonly IdempotentRequest[],
): Promise<(StoredAnswer | DomainError)[]> {
  if (requests.length === 0) return [];
  const rows = requests.map((r) => ({
    user_id: r.userId,
    key: r.key,
    request_hash: requestHash(r.operation, r.input),
  }));
  const found = await runSql<{ user_id: number; key: string; request_hash: string; response: unknown }>(
    tx,
    `select r.user_id, r.key, r.request_hash, r.response from idempotency_record r
     join json_to_recordset(?::json) as c(user_id int, key text) on c.user_id = r.user_id and c.key = r.key`,
    [JSON.stringify(rows.map(({ user_id, key }) => ({ user_id, key })))],
  );
  const stored = new Map(found.map((row) => [`${row.user_id}:${row.key}`, row]));
  return rows.map((row) => {
    const record = stored.get(`${row.user_id}:${row.key}`);
    if (!record) return { free: true };
    if (record.request_hash !== row.request_hash || record.response === null) {
      return new DomainError('IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MESSAGES.keyReused, 'idempotencyKey');
    }
    return { free: false, stored: record.response };
  });
}

/**
 * The completed requests of a batch (whose keys `storedAnswers` found free) written once each, set-based, in one
 * statement: the key's record with its answer (as `runIdempotent` leaves it: hash, response, status 200, completed)
 * and the audit record (who, what, the request and the answer). A key written meanwhile by another transaction
 * throws (not a refusal), so the whole batch rolls back and its retry answers the stored payments.
 */
export async function recordIdempotent(
  tx: EntityManager,
  done: readonly { request: IdempotentRequest; response: unknown }[],
): Promise<void> {
  if (done.length === 0) return;
  const [written] = await runSql<{ n: number }>(
    tx,
    `with c as (
       select * from json_to_recordset(?::json) as c(user_id int, key text, request_hash text, action text,
         entity_type text, entity_id int, request text, response text)),
     records as (
       insert into idempotency_record (user_id, key, request_hash, response, status_code, completed_at)
       select user_id, key, request_hash, response::jsonb, 200, now() from c
       on conflict (user_id, key) do nothing returning id),
     audit as (
       insert into audit_record (user_id, action, entity_type, entity_id, idempotency_key, request, response)
       select user_id, action, entity_type, entity_id, key, request::jsonb, response::jsonb from c)
     select count(*)::int as n from records`,
    [
      JSON.stringify(
        done.map(({ request, response }) => ({
          user_id: request.userId,
          key: request.key,
          request_hash: requestHash(request.operation, request.input),
          action: request.operation,
          entity_type: request.entity?.type ?? null,
          entity_id: request.entity?.id ?? null,
          request: JSON.stringify(request.input ?? null),
          response: JSON.stringify(response),
        })),
      ),
    ],
  );
  if (Number(written.n) !== done.length) {
    throw new Error(
      `${done.length - Number(written.n)} idempotency key(s) were written meanwhile: the batch is undone`,
    );
  }
}

/**
 * The completed requests' answers stored on their keys' records (with the hash of the request they answer: a
 * caller that claimed a key for a first try and completed it with a second, as a top-up retry, stores the second)
 * and their audit records written (who, what, the request and the answer), set-based, in the movement's transaction.
 */
export async function completeIdempotent(
  tx: EntityManager,
  done: readonly { recordId: number; request: IdempotentRequest; response: unknown }[],
): Promise<void> {
  if (done.length === 0) return;
  await runSql(
    tx,
    `update idempotency_record r
     set request_hash = c.request_hash, response = c.response::jsonb, status_code = 200, completed_at = now()
     from json_to_recordset(?::json) as c(id int, request_hash text, response text) where r.id = c.id`,
    [
      JSON.stringify(
        done.map((d) => ({
          id: d.recordId,
          request_hash: requestHash(d.request.operation, d.request.input),
          response: JSON.stringify(d.response),
        })),
      ),
    ],
  );
  await runSql(
    tx,
    `insert into audit_record (user_id, action, entity_type, entity_id, idempotency_key, request, response)
     select c.user_id, c.action, c.entity_type, c.entity_id, c.key, c.request::jsonb, c.response::jsonb
     from json_to_recordset(?::json) as c(user_id int, action text, entity_type text, entity_id int, key text,
       request text, response text)`,
    [
      JSON.stringify(
        done.map(({ request, response }) => ({
          user_id: request.userId,
          action: request.operation,
          entity_type: request.entity?.type ?? null,
          entity_id: request.entity?.id ?? null,
          key: request.key,
          request: JSON.stringify(request.input ?? null),
          response: JSON.stringify(response),
        })),
      ),
    ],
  );
}
