/**
 * One line saying why the server could not start, for the console (no stack, no SQL): the database driver's own
 * message when there is one (with its SQLSTATE), else the error's first line.
 */
export function startupFailureMessage(error: unknown): string {
  let current: unknown = error;
  let innermost: { message: string; code?: string } | null = null;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    const { message, code } = current as { message?: unknown; code?: unknown };
    if (typeof message === 'string' && message.trim() !== '') {
      innermost = { message, code: typeof code === 'string' ? code : undefined };
    }
    const next = current as { previous?: unknown; cause?: unknown };
    current = next.previous ?? next.cause;
  }
  if (!innermost) return String(error).split('\n')[0].slice(0, 300);
  // MikroORM prefixes the driver's message with the statement: keep what follows the last " - ".
  const text = innermost.message.split('\n')[0];
  const cut = text.lastIndexOf(' - ');
  const message = (cut >= 0 ? text.slice(cut + 3) : text).trim().slice(0, 300);
  return innermost.code && /^[0-9A-Z]{5}$/.test(innermost.code) ? `${message} (SQLSTATE ${innermost.code})` : message;
}
