import { redirect } from 'react-router-dom';
import { sessionStore, type SessionStore } from './session';
import { isStaff, sessionStatus } from './session-rules';

/**
 * Route loaders for pages that need a session (spec 1 §6): none → the unauthorized page; an expired stored session
 * is cleared → the expired page. Returns null when the page may load.
 */
export function sessionRedirect(store: SessionStore, now: number, staffOnly = false): string | null {
  const session = store.get();
  const status = sessionStatus(session, now);
  if (status === 'expired') {
    store.clear();
    return '/expired';
  }
  if (status === 'none' || !session) return '/unauthorized';
  if (staffOnly && !isStaff(session.roles)) return '/unauthorized';
  return null;
}

export function requireSession() {
  const to = sessionRedirect(sessionStore, Date.now());
  return to ? redirect(to) : null;
}

export function requireStaff() {
  const to = sessionRedirect(sessionStore, Date.now(), true);
  return to ? redirect(to) : null;
}
