/**
 * Expected rejections carry a stable string code, the field at fault and the spec's message.
 * Not-found, forbidden and unauthenticated are thrown and mapped once (GraphQL formatError, REST handler).
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export class NotFoundError extends Error {
  constructor(message = 'Not found.') {
    super(message);
    this.name = 'NotFoundError';
  }
}

export class ForbiddenError extends Error {
  constructor(message = 'You do not have access to this.') {
    super(message);
    this.name = 'ForbiddenError';
  }
}

export class UnauthenticatedError extends Error {
  constructor(message = 'Authentication is required.') {
    super(message);
    this.name = 'UnauthenticatedError';
  }
}

/** The HTTP status and GraphQL code for an error thrown anywhere in a request. */
export function classifyError(error: unknown): { status: number; code: string; message: string } {
  if (error instanceof DomainError) return { status: 400, code: error.code, message: error.message };
  if (error instanceof NotFoundError) return { status: 404, code: 'NOT_FOUND', message: error.message };
  if (error instanceof ForbiddenError) return { status: 403, code: 'FORBIDDEN', message: error.message };
  if (error instanceof UnauthenticatedError) return { status: 401, code: 'UNAUTHENTICATED', message: error.message };
  return { status: 500, code: 'INTERNAL_SERVER_ERROR', message: 'An error has occurred.' };
}
