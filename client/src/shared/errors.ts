import { CombinedGraphQLErrors } from '@apollo/client';

/** Spec 1 §8: the approval failure (and others) when the server gives no message. */
export const GENERIC_ERROR = 'An error has occurred.';

/** The server's message for a failed call (its first GraphQL error), else the fallback. */
export function serverMessage(error: unknown, fallback = GENERIC_ERROR): string {
  if (CombinedGraphQLErrors.is(error)) {
    const message = error.errors.find((item) => item.message.trim() !== '')?.message;
    if (message) return message;
  }
  return fallback;
}

/** True when the server refused the call with one of these codes (NOT_FOUND, FORBIDDEN, BAD_USER_INPUT...). */
export function hasErrorCode(error: unknown, ...codes: string[]): boolean {
  return (
    CombinedGraphQLErrors.is(error) &&
    error.errors.some((item) => typeof item.extensions?.code === 'string' && codes.includes(item.extensions.code))
  );
}

/** What to do next after a failure the server did not explain (issue 8 item 5: never a bare 'Server error.'). */
export const NEXT_STEP = 'Please check your connection and try again. If it keeps happening, contact us.';

/**
 * A failure's words: what did not happen, then why (the server's own message, or a refusal's text) or, without one,
 * what to do next. Toast titles keep the spec's words ('Alert. '); this is their body, and the body of 'Server error.'.
 */
export function failureNotice(whatFailed: string, reason?: unknown): string {
  const why = typeof reason === 'string' ? reason.trim() : serverMessage(reason, '');
  return `${whatFailed} ${why || NEXT_STEP}`;
}
