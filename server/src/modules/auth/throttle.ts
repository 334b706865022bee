import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../shared/clock.js';

/**
 * Sign-in throttling (OWASP ASVS 6.3 / 2.2.1; the policy and its numbers are in this module's README). Every
 * password check (POST /Token, the manager's password on an override) first reserves its attempt in the database,
 * atomically and shared by every instance, and only then verifies: a concurrent burst never checks more passwords
 * than the counters allow. Counters slow attempts down with doubling delays instead of locking the account.
 */

/** The three counters an attempt meets: its account from its address, its account, and its address. */
export type CounterKind = 'pair' | 'account' | 'address';

export interface CounterLimit {
  /** Attempts counted before any delay. */
  free: number;
  /** The longest delay between two attempts (the ladder doubles from `ThrottlePolicy.baseDelayMs` up to this). */
  maxDelayMs: number;
}

export interface ThrottlePolicy {
  /** A counter quiet for this long starts again from zero. */
  windowMs: number;
  /** The first delay once the free attempts are used. */
  baseDelayMs: number;
  /** An address from which the account signed in this recently is known: the account-wide counter spares it. */
  knownAddressMs: number;
  pair: CounterLimit;
  account: CounterLimit;
  address: CounterLimit;
}

export interface CounterState {
  failures: number;
  /** Epoch milliseconds. */
  lastAttemptAt: number | null;
  succeededAt: number | null;
}

export const EMPTY_COUNTER: CounterState = { failures: 0, lastAttemptAt: null, succeededAt: null };

/** The delay after `failures` counted attempts: none while free, then base, 2×base, 4×base … up to the limit's cap. */
export function delayAfter(failures: number, limit: CounterLimit, baseDelayMs: number): number {
  if (failures < limit.free) return 0;
  const steps = Math.min(failures - limit.free, 40);
  return Math.min(limit.maxDelayMs, baseDelayMs * 2 ** steps);
}

/** Attempts that still count at `now`: a counter quiet for a whole window counts none. */
export function liveFailures(state: CounterState, policy: ThrottlePolicy, now: number): number {
  if (state.lastAttemptAt === null || now - state.lastAttemptAt >= policy.windowMs) return 0;
  return state.failures;
}

/** How long one counter makes the next attempt wait at `now` (0: it may be counted now). */
export function counterWaitMs(state: CounterState, limit: CounterLimit, policy: ThrottlePolicy, now: number): number {
  const failures = liveFailures(state, policy, now);
  const delay = delayAfter(failures, limit, policy.baseDelayMs);
  if (delay === 0 || state.lastAttemptAt === null) return 0;
  return Math.max(0, state.lastAttemptAt + delay - now);
}

export interface ThrottleDecision {
  /** 0 when the attempt is counted now and its password may be checked; else how long to wait. */
  waitMs: number;
  /** The counters this attempt is counted on (empty when it must wait). */
  counted: CounterKind[];
}

/**
 * The rule: an attempt meets its counters (the account-wide one only when the address is not known to the
 * account, or there is no account, as for single sign-on); it waits for the slowest, and is counted on all of
 * them only when none makes it wait.
 */
export function decideAttempt(
  states: Partial<Record<CounterKind, CounterState>>,
  policy: ThrottlePolicy,
  now: number,
): ThrottleDecision {
  const pair = states.pair;
  const succeededAt = pair?.succeededAt ?? null;
  const known = succeededAt !== null && now - succeededAt < policy.knownAddressMs;
  const met = (Object.keys(states) as CounterKind[]).filter((kind) => !(kind === 'account' && known));
  const waitMs = Math.max(0, ...met.map((kind) => counterWaitMs(states[kind]!, policy[kind], policy, now)));
  return { waitMs, counted: waitMs === 0 ? met : [] };
}

/** The state a counter is left in once an attempt is counted on it. */
export function countAttempt(state: CounterState, policy: ThrottlePolicy, now: number): CounterState {
  return { ...state, failures: liveFailures(state, policy, now) + 1, lastAttemptAt: now };
}

/** "Too many failed sign-in attempts. Please wait 2 minutes and try again.", rounded up. */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const wait =
    retryAfterSeconds < 120
      ? `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`
      : `${Math.ceil(retryAfterSeconds / 60)} minutes`;
  return `Too many failed sign-in attempts. Please wait ${wait} and try again.`;
}

export interface ThrottleSubject {
  /** The account whose password is checked (lower-cased user name, known or not); absent for single sign-on. */
  account?: string;
  /** Where the attempt comes from: the client address, or the agent for a manager override. */
  address: string;
}

/** A counted attempt: settle it once the password is checked. */
export interface Reservation {
  /** The password was right: the account+address counter clears (and marks the address known), the others refund. */
  succeeded(): Promise<void>;
  /** The attempt proved nothing about a password (e.g. an expired sign-on token): every counter refunds. */
  refund(): Promise<void>;
}

export type ReserveResult = { allowed: true; reservation: Reservation } | { allowed: false; retryAfterSeconds: number };

interface CounterRow {
  key: string;
  failures: number;
  last_attempt_at: Date | string | null;
  succeeded_at: Date | string | null;
}

const time = (value: Date | string | null): number | null => (value === null ? null : new Date(value).getTime());

function counterKey(kind: CounterKind, subject: ThrottleSubject): string {
  const parts = { pair: [subject.account, subject.address], account: [subject.account], address: [subject.address] };
  return createHash('sha256')
    .update(JSON.stringify([kind, ...parts[kind]]))
    .digest('hex');
}

/** Forgotten counters are deleted after every this many reservations of a process. */
const PRUNE_EVERY = 500;

/** The database side of the rule: one short transaction locks the subject's counters, decides and counts. */
export class SignInThrottle {
  private reservations = 0;

  constructor(
    private readonly policy: ThrottlePolicy,
    private readonly clock: Clock,
  ) {}

  async reserve(em: EntityManager, subject: ThrottleSubject): Promise<ReserveResult> {
    const kinds: CounterKind[] = subject.account === undefined ? ['address'] : ['pair', 'account', 'address'];
    const keys = new Map(kinds.map((kind) => [kind, counterKey(kind, subject)]));
    const now = this.clock.now().getTime();
    const decision = await em.fork().transactional(async (tx) => {
      // Sorted keys: concurrent reservations lock shared counters in the same order (no deadlock). The no-op
      // update makes ON CONFLICT lock and return an existing row, so the decision below sees every counted attempt.
      const sorted = [...keys.values()].sort();
      const rows = await tx.execute<CounterRow[]>(
        `insert into auth_throttle (key, failures) values ${sorted.map(() => '(?, 0)').join(', ')}
         on conflict (key) do update set failures = auth_throttle.failures
         returning key, failures, last_attempt_at, succeeded_at`,
        sorted,
      );
      const byKey = new Map(rows.map((row) => [row.key, row]));
      const states: Partial<Record<CounterKind, CounterState>> = {};
      for (const [kind, key] of keys) {
        const row = byKey.get(key)!;
        states[kind] = {
          failures: row.failures,
          lastAttemptAt: time(row.last_attempt_at),
          succeededAt: time(row.succeeded_at),
        };
      }
      const result = decideAttempt(states, this.policy, now);
      for (const kind of result.counted) {
        const next = countAttempt(states[kind]!, this.policy, now);
        await tx.execute(
          'update auth_throttle set failures = ?, last_attempt_at = ? where key = ?',
          [next.failures, new Date(now), keys.get(kind)],
          'run',
        );
      }
      return result;
    });
    await this.pruneNow(em);
    if (decision.waitMs > 0) return { allowed: false, retryAfterSeconds: Math.ceil(decision.waitMs / 1000) };
    const counted = decision.counted.map((kind) => ({ kind, key: keys.get(kind)! }));
    const settle = async (success: boolean) => {
      for (const { kind, key } of counted) {
        if (success && kind === 'pair') {
          await em.execute('update auth_throttle set failures = 0, succeeded_at = ? where key = ?', [
            this.clock.now(),
            key,
          ]);
        } else {
          await em.execute('update auth_throttle set failures = greatest(failures - 1, 0) where key = ?', [key]);
        }
      }
    };
    return { allowed: true, reservation: { succeeded: () => settle(true), refund: () => settle(false) } };
  }

  /** Deletes counters quiet for a window whose address is not (or no longer) known to its account. */
  private async pruneNow(em: EntityManager): Promise<void> {
    this.reservations += 1;
    if (this.reservations % PRUNE_EVERY !== 0) return;
    const now = this.clock.now().getTime();
    await em.execute(
      `delete from auth_throttle where (last_attempt_at is null or last_attempt_at < ?)
         and (succeeded_at is null or succeeded_at < ?)`,
      [new Date(now - this.policy.windowMs), new Date(now - this.policy.knownAddressMs)],
    );
  }
}

/** The base of the delay ladder, and how long a right password makes its address known to the account. */
const BASE_DELAY_MS = 1000;
const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;

/** The policy from the configuration (LOGIN_THROTTLE_*; defaults in the README). */
export function throttlePolicy(settings: {
  windowSeconds: number;
  perAccountAddress: number;
  perAccount: number;
  perAddress: number;
  accountMaxDelaySeconds: number;
}): ThrottlePolicy {
  const windowMs = settings.windowSeconds * 1000;
  return {
    windowMs,
    baseDelayMs: BASE_DELAY_MS,
    knownAddressMs: KNOWN_ADDRESS_MS,
    pair: { free: settings.perAccountAddress, maxDelayMs: windowMs },
    account: { free: settings.perAccount, maxDelayMs: settings.accountMaxDelaySeconds * 1000 },
    address: { free: settings.perAddress, maxDelayMs: windowMs },
  };
}
