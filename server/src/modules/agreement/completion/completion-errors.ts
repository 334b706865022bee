import type { Response } from 'express';
import { DomainError } from '../../../shared/errors.js';
import type { UserError } from '../../../graphql/user-error.js';
import type { CompletionRefusal } from './capacity.rules.js';

/** Every refusal of a completion step's save at once (the first is the error's own code, field and message). */
export class CompletionRefused extends DomainError {
  constructor(readonly refusals: CompletionRefusal[]) {
    super(refusals[0].code, refusals[0].message, refusals[0].field ?? undefined);
  }
}

export function refuseIfAny(refusals: CompletionRefusal[]): void {
  if (refusals.length > 0) throw new CompletionRefused(refusals);
}

/** GraphQL: expected refusals as data; not-found, forbidden and anything unexpected are thrown. */
export async function asCompletionResult<T>(work: () => Promise<T>): Promise<{ value: T | null; errors: UserError[] }> {
  try {
    return { value: await work(), errors: [] };
  } catch (error) {
    if (error instanceof CompletionRefused) {
      return { value: null, errors: error.refusals.map((r) => ({ code: r.code, field: r.field, message: r.message })) };
    }
    if (error instanceof DomainError) {
      return { value: null, errors: [{ code: error.code, field: error.field ?? null, message: error.message }] };
    }
    throw error;
  }
}

/** REST: a refusal is a 400 with the first message and every refusal under `errors`. */
export async function restCompletion<T>(res: Response, work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof CompletionRefused)) throw error;
    res.status(400).json({
      message: error.message,
      code: error.code,
      ...(error.field ? { field: error.field } : {}),
      errors: error.refusals,
    });
    return undefined;
  }
}
