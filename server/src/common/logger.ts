import { pino, type DestinationStream, type Logger } from 'pino';

/** Fields of a database error that name where it happened, never what was sent. */
const DATABASE_ERROR_FIELDS = ['sqlState', 'severity', 'routine', 'schema', 'table', 'column', 'constraint'] as const;
/** Properties some libraries hang on errors that carry the statement or its values. */
const VALUE_FIELDS = ['query', 'sql', 'params', 'parameters', 'bindings', 'detail', 'where', 'internalQuery', 'hint'];

function isDatabaseError(error: Record<string, unknown>): boolean {
  return typeof error.sqlState === 'string' || (typeof error.code === 'string' && 'routine' in error);
}

/** The stack's frames only: the first lines repeat the message. */
function framesOf(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

/**
 * Errors as logged. A database error's message holds the whole SQL with its parameter values written in
 * (knex formats them in), and its detail the offending value: only its SQLSTATE and where it happened are kept.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const raw = error as unknown as Record<string, unknown>;
  if (isDatabaseError(raw)) {
    const sqlState = String(raw.sqlState ?? raw.code);
    const safe: Record<string, unknown> = {
      type: error.name,
      message: `database error ${sqlState}`,
      stack: framesOf(error.stack),
    };
    for (const field of DATABASE_ERROR_FIELDS) if (raw[field] !== undefined) safe[field] = raw[field];
    return safe;
  }
  // pino's own serializer writes the causes' messages into this one's: a database cause would leak through it.
  const serialized: Record<string, unknown> = { type: error.name, message: error.message, stack: error.stack };
  for (const [key, value] of Object.entries(raw)) {
    if (!VALUE_FIELDS.includes(key) && key !== 'cause' && typeof value !== 'function') {
      serialized[key] = value instanceof Error && depth < 5 ? serializeError(value, depth + 1) : value;
    }
  }
  if (error.cause !== undefined && depth < 5) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      redact: { paths: ['req.headers.authorization', 'password', 'refresh_token', 'access_token'], remove: true },
      serializers: { err: serializeError, error: serializeError },
    },
    destination,
  );
}
