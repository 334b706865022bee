/**
 * What counts as a person's activity in a session, and when a used refresh token may be presented again. Pure:
 * `auth.service.ts` applies them to requests and refreshes.
 */

/**
 * The header the portal sends with every request and refresh: whole seconds since the person last acted in that tab
 * (a key, a click, a touch, a scroll). The tab's own timers (the token renewal, a refetch) leave it growing.
 */
export const IDLE_SECONDS_HEADER = 'x-idle-seconds';

/** More than a day idle says no more than a day. */
const MAX_IDLE_SECONDS = 86_400;

/**
 * When the person last acted, as a request or a refresh claims it. With the header: `now` less the idle seconds.
 * Without it (or unreadable), a request made with the session's token is activity now (old clients and reporting
 * tools, which have no timers of ours), and a refresh is none: renewing a token on a timer is no one's action.
 */
export function claimedActivityAt(now: Date, idleHeader: unknown, kind: 'request' | 'refresh'): Date | null {
  const text = Array.isArray(idleHeader) ? undefined : idleHeader;
  if (typeof text === 'string' && /^\d{1,9}$/.test(text.trim())) {
    return new Date(now.getTime() - Math.min(Number(text), MAX_IDLE_SECONDS) * 1000);
  }
  return kind === 'request' ? now : null;
}

/**
 * The session's last activity once a claim is heard: the later of the two, but a claim counts only if it fell while
 * the session was still live (within the inactivity limit of the last activity known): a tab that tells of a
 * keystroke only when its renewal comes round still keeps its session; nothing revives one already over.
 */
export function lastActiveAt(lastSeenAt: Date, claim: Date | null, inactivityMs: number): Date {
  if (!claim || claim.getTime() <= lastSeenAt.getTime()) return lastSeenAt;
  return claim.getTime() - lastSeenAt.getTime() <= inactivityMs ? claim : lastSeenAt;
}

/**
 * How long a used refresh token still answers (with the pair its first use gave): two tabs of one session renew
 * at the same moment with the same token. Later, a used token is a stolen copy, and the session ends.
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;

export type RefreshUse = 'first' | 'again-within-grace' | 'replay';

/** A refresh token presented now: unused, used moments ago by a twin request, or a replay. */
export function refreshUse(usedAt: Date | null | undefined, now: Date, graceMs = REFRESH_REUSE_GRACE_MS): RefreshUse {
  if (!usedAt) return 'first';
  // A use "after now" is a twin on an instance whose clock is a little ahead.
  return now.getTime() - usedAt.getTime() <= graceMs ? 'again-within-grace' : 'replay';
}
