import { ReferenceKind, type EntityName } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { DomainError, NotFoundError } from '../../common/errors.js';
import { ActivityType } from '../activity/activity-type.js';
import { writeActivity } from '../activity/activity-writer.js';
import { Biller } from '../biller/biller.entity.js';
import { BillingSubCategory } from '../billing-category/billing-sub-category.entity.js';
import { ContractPreferences } from '../preferences/contract-preferences.entity.js';
import { MemberNotificationPreference } from '../preferences/member-notification-preference.entity.js';
import { AgreementChangeType } from './agreement-codes.js';
import { AgreementStatus, MODIFIABLE_STATUSES, OPEN_CHANGE_STATUSES } from './agreement-status.js';
import { Agreement } from './agreement.entity.js';

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

export interface QueuedCopy {
  accountId: number;
  agreementId: number;
  activityId: number;
}

export const CHANGE_ALREADY_WAITING = 'A change to this agreement is already waiting to be approved or applied.';

export interface VersionCopy {
  accountId: number;
  /** The new version. */
  agreementId: number;
  billers: number;
  subCategories: number;
}

/**
 * Copies the current version `agreementId` (with its billers, sub-categories and preferences) into a new version
 * of the same agreement in `status` (`previous` pointing at it), with `replace` overriding columns of the copy.
 * Refuses a version that does not run and an account with another change on its way. Runs inside the caller's
 * transaction; the current version's row is locked so two requests cannot both copy it.
 */
export async function copyAgreementVersion(
  tx: EntityManager,
  agreementId: number,
  status: AgreementStatus,
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
  const newId = version.id;
  const byAgreement = { sql: 'src.agreement_id = ?', params: [agreementId] };
  const toNew = { agreement_id: { sql: '?', params: [newId] } };
  // A new version starts with nothing modified: the states of the change that made the version in force are not this
  // change's (a fresh modification showed last time's "Edited" and "Removed" rows).
  const items = { ...toNew, previous_id: { sql: 'src.id' }, modification_state: { sql: '0' } };
  const subs = await copyRows(tx, BillingSubCategory, byAgreement, items);
  const billers = await copyRows(tx, Biller, byAgreement, items);
  // The copied billers point at the copied sub-categories.
  await tx.execute(
    `update biller b set billing_sub_category_id = s.id from billing_sub_category s
     where b.agreement_id = ? and s.agreement_id = ? and s.previous_id = b.billing_sub_category_id`,
    [newId, newId],
  );
  await copyRows(tx, ContractPreferences, byAgreement, toNew);
  await copyRows(tx, MemberNotificationPreference, byAgreement, toNew);
  return { accountId, agreementId: newId, billers: billers.length, subCategories: subs.length };
}

/**
 * The staff stand-in for the modification wizard: copies the current version into a new version in status 2
 * (queued) and records why (`agreement_change`, activity 8).
 */
export async function queueModificationCopy(
  tx: EntityManager,
  agreementId: number,
  caller: CurrentUser,
  now: Date,
): Promise<QueuedCopy> {
  const copy = await copyAgreementVersion(tx, agreementId, AgreementStatus.Queued, {
    member_approved_at: { sql: 'now()' },
  });
  const { accountId, agreementId: newId } = copy;
  await tx.execute(
    `insert into agreement_change (agreement_id, previous_agreement_id, change_type, changes, requested_by_id)
     values (?, ?, ?, ?::jsonb, ?)`,
    [
      newId,
      agreementId,
      AgreementChangeType.Modification,
      JSON.stringify({ source: 'queueAgreementChange', billers: copy.billers, subCategories: copy.subCategories }),
      caller.userId,
    ],
  );
  const holder = await tx.execute<{ member_id: number }[]>(
    `select member_id from member_account_link where account_id = ? and is_active
     order by is_primary desc, id limit 1`,
    [accountId],
  );
  const activityId = await writeActivity(tx, {
    type: ActivityType.AgreementModification,
    accountId,
    memberId: holder[0]?.member_id ?? null,
    agreementId: newId,
    details: `Agreement ${agreementId} modification queued to be applied`,
    data: { ContractId: newId, previousContractId: agreementId },
    agentName: caller.displayName,
    userId: caller.userId,
    occurredAt: now,
  });
  return { accountId, agreementId: newId, activityId };
}
