import type { EntityManager } from '@mikro-orm/postgresql';
import { intArray } from '../../../database/bulk.js';
import type { StoredTermEndChoice, TermEndChoiceKind } from './term-end.rules.js';

/**
 * The term-end choices stored for these versions and not yet carried out (none stored: roll), with the account a
 * refund or savings move pays into: what the renewal-due notice and the staff worklist say (term-end/README.md).
 */
export async function storedTermEndChoices(
  em: EntityManager,
  agreementIds: readonly number[],
): Promise<Map<number, StoredTermEndChoice>> {
  if (agreementIds.length === 0) return new Map();
  const rows = await em.execute<{ agreement_id: number; choice: number; account_number: string | null }[]>(
    `select c.agreement_id, c.choice, l.account_number from term_end_choice c
     left join linked_account l on l.id = c.linked_account_id
     where c.agreement_id = any(?::int[]) and c.applied_at is null`,
    [intArray(agreementIds)],
  );
  return new Map(
    rows.map((row) => [
      Number(row.agreement_id),
      { kind: Number(row.choice) as TermEndChoiceKind, accountNumber: row.account_number },
    ]),
  );
}
