import { performance } from 'node:perf_hooks';

/**
 * Session rows this instance read lately, so that a burst of requests with one token costs one session lookup,
 * not one each (issue 13 item 8: it was a whole round trip on every request). The rules that decide whether a
 * session is live (expiry, inactivity) still run on every request with the current time, against the row kept
 * here; what a kept row can miss is a change made elsewhere: a revocation. Revocations therefore evict at once
 * on the instance that made them and, through the event bus, on every other (`SESSION_REVOKED_TOPIC`). A
 * revocation whose news the bus lost is seen when the row is read again: after `ttlMs` at most.
 *
 * Freshness is real elapsed time (a monotonic clock), not the app's clock: it is about how long news takes to
 * travel between instances, not about the institution's day.
 */
export class SessionCache<Row> {
  private readonly entries = new Map<string, { row: Row; readAt: number; refreshing?: boolean }>();

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get(sessionId: string): Row | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    const age = this.now() - entry.readAt;
    if (age < 0 || age >= this.ttlMs) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry.row;
  }

  set(sessionId: string, row: Row): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(sessionId); // re-inserted last: the map's order is the age order
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(sessionId, { row, readAt: this.now() });
  }

  /**
   * Whether a kept row is half its ttl old and no one is reading it again yet: the caller then reads it again in the
   * background (`refreshed` when the read ends) while requests go on using the kept row, still within its ttl. A
   * session in steady use is so never waited for (it was: a request every `ttlMs` per session waited for the
   * read, issue 23 item 5). Claims the read: true once per refresh.
   */
  claimRefresh(sessionId: string): boolean {
    const entry = this.entries.get(sessionId);
    if (!entry || entry.refreshing) return false;
    const age = this.now() - entry.readAt;
    if (age < this.ttlMs / 2 || age >= this.ttlMs) return false;
    entry.refreshing = true;
    return true;
  }

  /**
   * The row read again by a claimed refresh that started at `startedAt` (this cache's clock, `time()`), merged
   * with the kept one by `merge` (what was written into the kept row during the read, as `update` does, must not
   * be lost): it is as fresh as that moment. A row evicted meanwhile (a revocation heard during the read) stays
   * evicted; no merge (the read failed) leaves the kept row to age out.
   */
  refreshed(sessionId: string, merge: ((kept: Row) => Row) | undefined, startedAt: number): void {
    const entry = this.entries.get(sessionId);
    if (!entry) return;
    entry.refreshing = false;
    if (merge) {
      entry.row = merge(entry.row);
      entry.readAt = Math.max(entry.readAt, startedAt);
    }
  }

  /** This cache's clock, for `refreshed`'s `startedAt`. */
  time(): number {
    return this.now();
  }

  /** Updates a kept row in place (its last-seen time just written) without making it any fresher. */
  update(sessionId: string, change: (row: Row) => Row): void {
    const entry = this.entries.get(sessionId);
    if (entry) entry.row = change(entry.row);
  }

  evict(sessionId: string): void {
    this.entries.delete(sessionId);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The bus topic on which every instance hears that a session was revoked (payload: `{ sessionId }`). */
export const SESSION_REVOKED_TOPIC = 'auth:session-revoked';
