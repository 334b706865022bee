import { DomainError } from '../../shared/errors.js';
import type { UserError } from '../../graphql/user-error.js';
import { WizardFormError } from './biller-wizard.service.js';

/**
 * Runs a wizard change and answers expected rejections as data (every form error at once); not-found, forbidden
 * and anything unexpected are thrown and mapped in one place.
 */
export async function asResult<T>(work: () => Promise<T>): Promise<{ value: T | null; errors: UserError[] }> {
  try {
    return { value: await work(), errors: [] };
  } catch (error) {
    if (error instanceof WizardFormError) {
      return {
        value: null,
        errors: error.errors.map((e) => ({ code: String(e.code), field: e.field ?? null, message: e.message })),
      };
    }
    if (error instanceof DomainError) {
      return { value: null, errors: [{ code: error.code, field: error.field ?? null, message: error.message }] };
    }
    throw error;
  }
}
