import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { sessionStore, type SessionStore } from './session';
import { afterSignInPath, isStaff, sessionStatus, withReturnTo } from './session-rules';

/**
 * Route loaders for pages that need a session (spec 1 §6): none → the sign-in form (a deep link, or Back after
 * logging out: issue 21 items 6 and 9); an expired stored session is cleared → the expired page; a member on a
 * staff page → the unauthorized page. Returns null when the page may load.
 */
export function sessionRedirect(store: SessionStore, now: number, staffOnly = false): string | null {
  const session = store.get();
  const status = sessionStatus(session, now);
  if (status === 'expired') {
    store.clear();
    return '/expired';
  }
  if (status === 'none' || !session) return '/';
  if (staffOnly && !isStaff(session.roles)) return '/unauthorized';
  return null;
}

/** True while a logout leaves for the login page (the session is still stored until the server has ended it). */
let loggingOut = false;
export function setLoggingOut(value: boolean): void {
  loggingOut = value;
}

/** The page asked for, to come back to after signing in (only when there was no usable session). */
function askedFor(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

function guard(request: Request | undefined, staffOnly: boolean) {
  // Back pressed while a logout is still ending the server session: the session is as good as gone (it is kept
  // only for the logout request itself), so the page is not shown and the sign-in brings the person back to it.
  if (loggingOut) return redirect(withReturnTo('/', request ? askedFor(request) : null));
  const hadSession = sessionStore.get() !== null;
  const to = sessionRedirect(sessionStore, Date.now(), staffOnly);
  if (!to) return null;
  // The sign-in (or the expired page's link to it) brings the person back; a signed-in member opening a staff
  // page is not sent round the sign-in again.
  const comeBack = request && !(hadSession && to === '/unauthorized') ? askedFor(request) : null;
  return redirect(withReturnTo(to, comeBack));
}

export function requireSession({ request }: Partial<LoaderFunctionArgs> = {}) {
  return guard(request, false);
}

export function requireStaff({ request }: Partial<LoaderFunctionArgs> = {}) {
  return guard(request, true);
}

/**
 * A page that names a member (`:memberId` above 0) needs a session; the same page for no one in particular
 * (`/nomember/0`, where a failed single sign-on lands) does not.
 */
export function requireSessionForMember({ request, params }: Partial<LoaderFunctionArgs> = {}) {
  return Number(params?.memberId) > 0 ? guard(request, false) : null;
}

/**
 * The login page for someone already signed in is their home (members: their accounts; staff: their dashboard),
 * or the page a deep link asked for.
 */
export function redirectSignedIn({ request }: Partial<LoaderFunctionArgs> = {}) {
  const session = sessionStore.get();
  if (loggingOut || !session || sessionStatus(session, Date.now()) !== 'active') return null;
  const returnTo = request ? new URL(request.url).searchParams.get('returnTo') : null;
  return redirect(afterSignInPath(session, returnTo));
}
