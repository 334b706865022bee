/** Messages of the public pages (spec 1 §8). */
export const SESSION_TIMED_OUT = 'This session has timed out. Please login again to access the system.';

/** A page may be given a server message to show (e.g. single sign-on's error_description) in navigation state. */
export interface MessageState {
  message?: string;
}

export function messageFromState(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('message' in state)) return undefined;
  return typeof state.message === 'string' && state.message ? state.message : undefined;
}
