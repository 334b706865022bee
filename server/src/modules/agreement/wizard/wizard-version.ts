import type { EntityManager } from '@mikro-orm/postgresql';
import { assertAccountAccess, assertMemberAccess, NO_ACCESS, requireUser } from '../../../common/auth/access.js';
import type { CurrentUser } from '../../../common/auth/current-user.js';
import { isStaff } from '../../../common/auth/roles.js';
import { DomainError, ForbiddenError, NotFoundError } from '../../../shared/errors.js';
import type { LocalDate } from '../../../shared/local-date.js';
import { dateOf } from '../../../database/row-values.js';
import { figuresChanged, FiguresChangeReason } from '../../../common/figures-changed.js';
import { AgreementStatus } from '../agreement-status.js';
import type { WizardMode } from '../../../shared/bill/bill-details.rules.js';

/**
 * The agreement version whose billers the wizard reads or changes, checked to be the caller's. Billers change only
 * in a version open in the wizard: a new agreement in setup (status 0, staff only: members do not create
 * agreements) or a modification (status 9, its member too). Refusals for another member's id read exactly like
 * those for an id nobody has.
 */

/** The wizard frame's check for changes (agreement/wizard): open in the wizard and not under the read-only lock. */
export interface WizardGate {
  openForEditing(em: EntityManager, user: CurrentUser | null, agreementId: number): Promise<unknown>;
}

export interface WizardVersion {
  id: number;
  accountId: number;
  status: AgreementStatus;
  mode: WizardMode;
  startDate: LocalDate;
  endDate: LocalDate;
}

export const VERSION_MESSAGES = {
  notOpen: 'Billers can only be changed in a new agreement or a modification that has not been approved yet.',
  staffOnly: 'A new agreement is set up by our staff: please contact us to change its billers.',
} as const;

interface Row {
  id: number;
  account_id: number;
  status: number;
  start_date: string;
  end_date: string;
}

/** One refusal for an unknown record: staff are told it is not there, a member gets the access refusal. */
export function notFound(caller: CurrentUser, message: string): Error {
  return isStaff(caller.roles) ? new NotFoundError(message) : new ForbiddenError(NO_ACCESS);
}

export function checkId(value: number, field: string): number {
  if (!Number.isSafeInteger(value) || value <= 0 || value > 2_147_483_647) {
    throw new DomainError('INVALID_ID', `Invalid ${field}.`, field);
  }
  return value;
}

/**
 * The version, readable by the caller; with `write`, also open in the wizard for them. In a transaction, `lock`
 * takes the version's row so that changes to one agreement's billers run one at a time.
 */
export async function wizardVersion(
  em: EntityManager,
  user: CurrentUser | null,
  agreementId: number,
  options: { write?: boolean; lock?: boolean; gate?: WizardGate } = {},
): Promise<WizardVersion> {
  const caller = requireUser(user);
  checkId(agreementId, 'contractId');
  const [row] = await em.execute<Row[]>(
    `select id, account_id, status, start_date::text as start_date, end_date::text as end_date
     from agreement where id = ?${options.lock ? ' for update' : ''}`,
    [agreementId],
  );
  if (!row) throw notFound(caller, 'Could not load contract');
  await assertAccountAccess(em, caller, Number(row.account_id));
  const status = Number(row.status) as AgreementStatus;
  const version: WizardVersion = {
    id: Number(row.id),
    accountId: Number(row.account_id),
    status,
    mode: status === AgreementStatus.ModificationPendingApproval ? 'modify' : 'setup',
    startDate: dateOf(row.start_date),
    endDate: dateOf(row.end_date),
  };
  if (options.write) {
    const open = status === AgreementStatus.PendingApproval || status === AgreementStatus.ModificationPendingApproval;
    if (!open) throw new DomainError('AGREEMENT_NOT_EDITABLE', VERSION_MESSAGES.notOpen, 'contractId');
    if (status === AgreementStatus.PendingApproval && !isStaff(caller.roles)) {
      throw new DomainError('STAFF_ONLY', VERSION_MESSAGES.staffOnly, 'contractId');
    }
    // The read-only lock (spec 2 §6): the account not valid, or in setup a balance that is not zero.
    await options.gate?.openForEditing(em, caller, version.id);
  }
  return version;
}

/**
 * A version open in the wizard changed in `tx` without a status change (a biller or sub-category saved, removed or
 * reinstated, its deposits saved): announced after the commit, so that the screens showing its account follow —
 * a new agreement in setup is what the member's overview shows (its billers, deposit and forecast). Nothing is
 * announced after a rollback (a refused save).
 */
export function versionEdited(tx: EntityManager, version: { accountId: number }): void {
  figuresChanged(tx, { accountIds: [version.accountId], reason: FiguresChangeReason.AgreementEdited });
}

/**
 * The version named by a legacy path's member, account and contract ids, readable by the caller: the member must be
 * the caller (a member) and the account the version's; otherwise the same refusal as for an unknown contract.
 */
export async function versionOfAccount(
  em: EntityManager,
  user: CurrentUser | null,
  ids: { memberId: number; accountId: number; contractId: number },
): Promise<WizardVersion> {
  const caller = assertMemberAccess(user, ids.memberId);
  const version = await wizardVersion(em, caller, ids.contractId);
  if (version.accountId !== ids.accountId) throw notFound(caller, 'Could not load contract');
  return version;
}

/** The agreement a biller or sub-category belongs to; the same refusal as for an unknown id when there is none. */
export async function ownerOf(
  em: EntityManager,
  user: CurrentUser | null,
  table: 'biller' | 'billing_sub_category',
  id: number,
  field: string,
): Promise<number> {
  const caller = requireUser(user);
  checkId(id, field);
  const [row] = await em.execute<{ agreement_id: number }[]>(`select agreement_id from ${table} where id = ?`, [id]);
  if (!row)
    throw notFound(caller, table === 'biller' ? 'Could not find the biller.' : 'Could not find the sub-category.');
  return Number(row.agreement_id);
}
