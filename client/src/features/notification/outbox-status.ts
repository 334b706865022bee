/** Who may send messages (resend a failed one, edit a template): staff but the read-only reporter (as the server). */
export function maySendMessages(roles: readonly string[]): boolean {
  return roles.some((role) => role !== 'MEMBER' && role !== 'REPORTER');
}

/** Why a message is not sent yet, in words: still being tried (with the last error) or given up. */
export function deliveryStatusLine(message: { status: string; attempts: number; lastError: string | null }): string {
  const error = message.lastError ?? 'no reason given';
  if (message.status === 'Failed') return `Not sent after ${attemptsText(message.attempts)}: ${error}`;
  if (message.status === 'Queued' && message.attempts > 0) {
    return `Trying again (${attemptsText(message.attempts)} so far): ${error}`;
  }
  return error;
}

function attemptsText(attempts: number): string {
  return attempts === 1 ? '1 attempt' : `${attempts} attempts`;
}

/** An agreement number as staff type it: digits only (spaces around allowed); null otherwise. */
export function agreementNumberOf(text: string): number | null {
  const value = text.trim();
  if (!/^\d{1,9}$/.test(value)) return null;
  const number = Number(value);
  return number > 0 ? number : null;
}
