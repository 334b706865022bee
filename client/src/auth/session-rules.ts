import type { SessionEndRoute } from '../shared/event-bus';
import type { Role, Session } from './session';

/** The display name shown for a user; staff are "agents" and the name defaults to Agent (spec 1 §1). */
export function displayNameOf(session: Session | null): string {
  return session?.displayname.trim() || 'Agent';
}

/** Staff are users with any role other than MEMBER. */
export function isStaff(roles: readonly Role[]): boolean {
  return roles.some((role) => role !== 'MEMBER');
}

/** The read-only reporting role makes no change (the server refuses its writes): its screens offer none. */
export function isReadOnly(roles: readonly Role[]): boolean {
  return roles.length > 0 && roles.every((role) => role === 'REPORTER');
}

/** Managers and administrators grant approvals (spec 1 §6). */
export function isApprover(roles: readonly string[]): boolean {
  return roles.includes('MANAGER') || roles.includes('ADMIN');
}

export type SessionStatus = 'none' | 'active' | 'expired';

/**
 * A session is expired once its absolute end has passed, or once its access token has expired with no refresh
 * token to renew it (spec 1 §6: a session whose expiry is in the future is needed).
 */
export function sessionStatus(session: Session | null, now: number): SessionStatus {
  if (!session) return 'none';
  if (now >= session.sessionExpires) return 'expired';
  if (now >= session.expires && !session.token.refresh_token) return 'expired';
  return 'active';
}

/** Where a user lands after signing in: members on their accounts, staff on their dashboard (agent.myDashboard). */
export function landingPath(session: Session): string {
  if (isStaff(session.roles)) return '/dashboard';
  return session.memberId ? `/selectaccount/${session.memberId}` : '/nomember/0';
}

/** Pages that are no destination after signing in (the public ones). */
const PUBLIC_PATHS = /^\/(unauthorized|locked|expired|singlesignon|nomember|interestregistered)?(\/|$|\?)/;

/** A member's pages name the member: another member's (left by someone signed out before) are not theirs. */
function isMembersOwn(path: string, memberId: number | null): boolean {
  if (!/^\/(?:member|selectaccount)/.test(path)) return true;
  const named = /^\/(?:member|selectaccount)\/([^/?#]+)/.exec(path);
  return named !== null && named[1] === String(memberId);
}

/**
 * Where to go after signing in when a deep link was opened without a session (`returnTo`): that page when it is a
 * path of this site (never another site, never a public page), else the user's landing page.
 */
export function afterSignInPath(session: Session, returnTo: string | null | undefined): string {
  const wanted = returnTo?.trim() ?? '';
  const ours = wanted.startsWith('/') && !wanted.startsWith('//') && !wanted.includes('\\');
  if (!ours || PUBLIC_PATHS.test(wanted)) return landingPath(session);
  if (!isStaff(session.roles) && !isMembersOwn(wanted, session.memberId)) return landingPath(session);
  return wanted;
}

/** A sign-in page's address that brings the person back to `path` afterwards. */
export function withReturnTo(page: string, path: string | null | undefined): string {
  return path ? `${page}?returnTo=${encodeURIComponent(path)}` : page;
}

/** Refresh this long before the access token expires. */
export const REFRESH_LEAD_MS = 60_000;

/** The server is asked this long after the session's inactivity deadline whether it has ended. */
export const IDLE_CHECK_AFTER_MS = 1_000;
/** ...and never sooner than this after planning it: a clock ahead of the server's would otherwise ask in a loop. */
export const IDLE_CHECK_MIN_DELAY_MS = 10_000;

/**
 * Milliseconds until the proactive refresh, or null when there is nothing (left) to refresh: a minute before the
 * access token expires, or just after the inactivity deadline, when the server says whether the person's activity
 * (in any tab) kept the session or it has ended (then the tab leaves for the expired page).
 */
export function refreshDelay(session: Session | null, now: number, leadMs = REFRESH_LEAD_MS): number | null {
  if (!session?.token.refresh_token || now >= session.sessionExpires) return null;
  const delays: number[] = [];
  if (session.expires < session.sessionExpires) delays.push(Math.max(0, session.expires - leadMs - now));
  if (session.inactivityExpires !== null) {
    delays.push(Math.max(IDLE_CHECK_MIN_DELAY_MS, session.inactivityExpires + IDLE_CHECK_AFTER_MS - now));
  }
  return delays.length > 0 ? Math.min(...delays) : null;
}

export type AuthRefusalAction = 'refresh' | '/expired' | '/unauthorized';

/**
 * What to do when the server refuses our credentials (HTTP 401 or GraphQL UNAUTHENTICATED): try one refresh when a
 * refresh token exists and this request was not already retried; otherwise end on the expired page if a stored
 * session existed, else on the unauthorized page.
 */
export function onAuthRefusal(input: {
  hasStoredSession: boolean;
  hasRefreshToken: boolean;
  alreadyRetried: boolean;
}): AuthRefusalAction {
  if (input.hasRefreshToken && !input.alreadyRetried) return 'refresh';
  return input.hasStoredSession ? '/expired' : '/unauthorized';
}

/** A session ended elsewhere (sessionEvents ENDED): a logout goes to the site root, anything else has expired. */
export function sessionEndRoute(reason: string): SessionEndRoute {
  return reason === 'logout' ? '/' : '/expired';
}

/** Single sign-on failure routing (spec 1 §4): 2 and 3 locked, 5 expired, anything else no member. */
export function ssoFailureRoute(errorCode: number | undefined): '/locked' | '/expired' | '/nomember/0' {
  if (errorCode === 2 || errorCode === 3) return '/locked';
  if (errorCode === 5) return '/expired';
  return '/nomember/0';
}
