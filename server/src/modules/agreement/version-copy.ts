import { ReferenceKind, type EntityName } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, NotFoundError } from '../../shared/errors.js';
import { AgreementStatus, MODIFIABLE_STATUSES, OPEN_CHANGE_STATUSES } from './agreement-status.js';
import { Agreement } from './agreement.entity.js';
import { writeNewVersion, type ActivityText, type ChangedBy } from './state/status-writer.js';
import { AgreementEvent } from './state/transitions.rules.js';

export { MODIFIABLE_STATUSES, OPEN_CHANGE_STATUSES };

/** A table's stored columns (from the ORM metadata, so that a new column is copied without touching this). */
function storedColumns(em: EntityManager, entity: EntityName<object>): string[] {
  const meta = em.getMetadata().get(entity);
  return meta.props
    .filter((prop) => prop.persist !== false && !prop.formula && !prop.primary)
    .filter(
      (prop) =>
        prop.kind === ReferenceKind.SCALAR ||
        prop.kind === ReferenceKind.MANY_TO_ONE ||
        (prop.kind === ReferenceKind.ONE_TO_ONE && prop.owner),
    )
    .flatMap((prop) => prop.fieldNames);
}

/**
 * Copies rows of `entity` matching `where`, with some columns replaced by SQL expressions (which may read the
 * copied row as `src`). Answers the new ids with the ids they were copied from.
 */
async function copyRows(
  em: EntityManager,
  entity: EntityName<object>,
  where: { sql: string; params: unknown[] },
  replace: Record<string, { sql: string; params?: unknown[] }>,
): Promise<{ id: number; from_id: number }[]> {
  const meta = em.getMetadata().get(entity);
  const columns = storedColumns(em, entity);
  const params: unknown[] = [];
  const values = columns.map((column) => {
    const replacement = replace[column];
    if (!replacement) return `src."${column}"`;
    params.push(...(replacement.params ?? []));
    return replacement.sql;
  });
  params.push(...where.params);
  // `insert ... select` cannot return the source id, so each new row is matched to its source by position.
  const sources = await em.execute<{ id: number }[]>(
    `select src.id from "${meta.tableName}" src where ${where.sql} order by src.id`,
    where.params,
  );
  if (sources.length === 0) return [];
  const inserted = await em.execute<{ id: number }[]>(
    `insert into "${meta.tableName}" (${columns.map((c) => `"${c}"`).join(', ')})
     select ${values.join(', ')} from "${meta.tableName}" src where ${where.sql} order by src.id returning id`,
    params,
  );
  return inserted.map((row, i) => ({ id: row.id, from_id: sources[i].id }));
}

export const CHANGE_ALREADY_WAITING = 'A change to this agreement is already waiting to be approved or applied.';

export interface VersionCopy {
  accountId: number;
  /** The new version. */
  agreementId: number;
  billers: number;
  subCategories: number;
}

/** How a copy comes about: the state machine's event (a modification or a renewal), who asks, and its activity. */
export interface CopyRequest {
  event: AgreementEvent.StartModification | AgreementEvent.Renew;
  by: ChangedBy;
  now: Date;
  activity?: (version: { agreementId: number; accountId: number }) => ActivityText;
}

/**
 * Copies the current version `agreementId` (with its billers, sub-categories and preferences) into a new version
 * of the same agreement (`previous` pointing at it), in the status the state machine gives `request.event`, with
 * `replace` overriding columns of the copy. Refuses a version the event cannot copy and an account with another
 * change on its way. Runs inside the caller's transaction; the current version's row is locked so two requests
 * cannot both copy it.
 */
export async function copyAgreementVersion(
  tx: EntityManager,
  agreementId: number,
  request: CopyRequest,
  replace: Record<string, { sql: string; params?: unknown[] }> = {},
): Promise<VersionCopy> {
  const current = await tx.execute<{ id: number; account_id: number; status: AgreementStatus }[]>(
    'select id, account_id, status from agreement where id = ? for update',
    [agreementId],
  );
  if (current.length === 0) throw new NotFoundError('Could not load contract');
  const { account_id: accountId, status: currentStatus } = current[0];
  if (!MODIFIABLE_STATUSES.includes(currentStatus)) {
    throw new DomainError('AGREEMENT_NOT_MODIFIABLE', 'Only a running agreement can be modified.', 'agreementId');
  }
  const open = await tx.execute(
    'select 1 from agreement where account_id = ? and id <> ? and status = any(?::smallint[]) limit 1',
    [accountId, agreementId, `{${OPEN_CHANGE_STATUSES.join(',')}}`],
  );
  if (open.length > 0) throw new DomainError('CHANGE_ALREADY_WAITING', CHANGE_ALREADY_WAITING, 'agreementId');

  let counts = { billers: 0, subCategories: 0 };
  const change = await writeNewVersion(tx, {
    event: request.event,
    by: request.by,
    now: request.now,
    copies: Number(currentStatus) as AgreementStatus,
    activity: request.activity,
    insert: async (status) => {
      const [version] = await copyRows(
        tx,
        Agreement,
        { sql: 'src.id = ?', params: [agreementId] },
        {
          status: { sql: '?', params: [status] },
          previous_id: { sql: 'src.id' },
          version: { sql: 'src.version + 1' },
          created_at: { sql: 'now()' },
          updated_at: { sql: 'now()' },
          activated_at: { sql: 'null' },
          activated_by_id: { sql: 'null' },
          cancelled_at: { sql: 'null' },
          ...replace,
        },
      );
      counts = await copyItems(tx, agreementId, version.id);
      return { agreementId: version.id, accountId: Number(accountId), previousId: agreementId };
    },
  });
  return { accountId: Number(accountId), agreementId: change.agreementId, ...counts };
}

/** The version's billers, sub-categories and preferences, copied to the new version `newId`. */
async function copyItems(
  tx: EntityManager,
  agreementId: number,
  newId: number,
): Promise<{ billers: number; subCategories: number }> {
  const byAgreement = { sql: 'src.agreement_id = ?', params: [agreementId] };
  const toNew = { agreement_id: { sql: '?', params: [newId] } };
  // A new version starts with nothing modified: the states of the change that made the version in force are not this
  // change's (a fresh modification showed last time's "Edited" and "Removed" rows).
  const items = { ...toNew, previous_id: { sql: 'src.id' }, modification_state: { sql: '0' } };
  // Other modules' entities by their names (the ORM's metadata knows them), so that copying ties no modules together.
  const subs = await copyRows(tx, 'BillingSubCategory', byAgreement, items);
  const billers = await copyRows(tx, 'Biller', byAgreement, items);
  // The copied billers point at the copied sub-categories.
  await tx.execute(
    `update biller b set billing_sub_category_id = s.id from billing_sub_category s
     where b.agreement_id = ? and s.agreement_id = ? and s.previous_id = b.billing_sub_category_id`,
    [newId, newId],
  );
  await copyRows(tx, 'ContractPreferences', byAgreement, toNew);
  await copyRows(tx, 'MemberNotificationPreference', byAgreement, toNew);
  return { billers: billers.length, subCategories: subs.length };
}
