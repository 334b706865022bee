import type { EntityManager } from '@mikro-orm/postgresql';
import { afterCommit } from '../../../common/after-commit.js';
import { FiguresChangeReason, figuresChanged } from '../../../common/figures-changed.js';
import type { CurrentUser } from '../../../common/auth/current-user.js';
import { APPROVER_ROLES, Role, actsAsStaff } from '../../../common/auth/roles.js';
import { DomainError } from '../../../shared/errors.js';
import { intArray } from '../../../database/bulk.js';
import { allocateActivityIds, writeActivityRows, type ActivityInsertRow } from '../../activity/index.js';
import { AgreementStatus } from '../agreement-status.js';
import { publishQueuedChange, queuedChangeStatus } from '../queued-change.events.js';
import { closeReviewsEndedBy } from '../review/review-ends.js';
import { QueuedChangeStage } from '../queued-change-stage.js';
import { screensMovedBy, ScreensMoved } from './status-seen.rules.js';
import { agreementStatusTopic, statusEventBus, statusListeners, type StatusChange } from './status-events.js';
import {
  AgreementEvent,
  decideTransition,
  NEW_VERSION,
  type Actor,
  type FromStatus,
  type Refusal,
  statusChangeWords,
  type TransitionFacts,
} from './transitions.rules.js';

/**
 * The one writer of an agreement's status (README.md). Every change — wizard, lifecycle, change applier, every
 * bank-day job — goes through `changeStatus` (or `writeNewVersion` for a version being created): it locks the rows,
 * asks the transition table, writes the status (and the columns that go with it) conditionally on the status it
 * read, records the activity, calls the status listeners, and announces the change after the caller's transaction
 * commits. Nothing else writes `agreement.status` (status-writes.test.ts).
 */

/** A refused status change: data for GraphQL, 400 for REST; nothing was written. */
export class StatusRefusal extends DomainError {
  constructor(readonly refusal: Refusal) {
    super(refusal.code, refusal.message, refusal.field ?? undefined);
  }
}

/** The version as the writer reads it under its row lock (what facts are worked out from). */
export interface StatusRow {
  id: number;
  account_id: number;
  status: AgreementStatus;
  previous_id: number | null;
  start_date: string;
  activated_by_id: number | null;
}

/** Columns written with the status, in the same statement ('first': kept when already set). */
export interface StatusColumns {
  locked_at?: Date | null;
  lock_reason?: string | null;
  cancelled_at?: Date | null;
  member_approved_at?: Date | null | { first: Date };
  activated_at?: Date | null | { first: Date };
  activated_by_id?: number | null;
  wizard_step?: null;
}

export interface ActivityText {
  details: string;
  data?: Record<string, unknown>;
  /** The member it is recorded for (the approving member); the account's primary holder otherwise. */
  memberId?: number | null;
}

/** Who causes a change: a signed-in user (their roles decide) or a job (the apply job, the bank day). */
export type ChangedBy = CurrentUser | 'job';

export interface StatusChangeRequest {
  event: AgreementEvent;
  by: ChangedBy;
  agreementIds: readonly number[];
  now: Date;
  /** What the table's guards need, read under the row lock. */
  facts?: TransitionFacts | ((tx: EntityManager, row: StatusRow) => TransitionFacts | Promise<TransitionFacts>);
  set?: StatusColumns;
  /** The activity's words (its type is the table's); none: the table's type with a plain sentence. */
  activity?: (row: StatusRow) => ActivityText;
  /**
   * 'throw' (a person's action: the first refusal is thrown before anything is written) or 'skip' (a job: a version
   * no longer in a status the event starts from is left as it is, so a retried or repeated run changes nothing).
   */
  whenNotAllowed?: 'throw' | 'skip';
  /** ApplyFailed: the message the queued change's watchers are told. */
  failure?: string;
}

const COLUMNS = `id, account_id, status, previous_id, start_date::text as start_date, activated_by_id`;

/** The table's actors a user is: a manager or administrator is staff too; a reporter is none. */
export function actorsOf(by: ChangedBy): Actor[] {
  if (by === 'job') return ['job'];
  const actors: Actor[] = [];
  if (by.roles.includes(Role.MEMBER)) actors.push('member');
  if (actsAsStaff(by.roles)) actors.push('staff');
  if (by.roles.some((role) => (APPROVER_ROLES as readonly Role[]).includes(role))) actors.push('manager');
  return actors;
}

/** Changes the status of `agreementIds` by `event`; answers the changes written (none for rows skipped). */
export async function changeStatus(tx: EntityManager, request: StatusChangeRequest): Promise<StatusChange[]> {
  if (request.agreementIds.length === 0) return [];
  const rows = await tx.execute<StatusRow[]>(
    `select ${COLUMNS} from agreement where id = any(?::int[]) order by id for update`,
    [intArray([...new Set(request.agreementIds)])],
  );
  if (rows.length === 0 && request.whenNotAllowed !== 'skip') {
    throw new StatusRefusal({ code: 'NOT_FOUND', field: 'agreementId', message: 'Could not load contract' });
  }
  const decided: { row: StatusRow; to: AgreementStatus; activityType: number | null; facts: TransitionFacts }[] = [];
  for (const raw of rows) {
    const row = { ...raw, status: Number(raw.status) as AgreementStatus };
    // Whether the version changes another is the row's own fact; the caller adds what only it knows.
    const given = typeof request.facts === 'function' ? await request.facts(tx, row) : (request.facts ?? {});
    const facts: TransitionFacts = {
      isChange: row.previous_id !== null,
      sentToMember: row.activated_by_id !== null,
      ...given,
    };
    const result = decideTransition(request.event, row.status, actorsOf(request.by), facts);
    if ('refusal' in result) {
      if (request.whenNotAllowed === 'skip') continue;
      throw new StatusRefusal(result.refusal);
    }
    decided.push({ row, to: result.to, activityType: result.activity, facts });
  }
  const written: StatusChange[] = [];
  for (const group of groupBy(decided, (d) => `${d.row.status}>${d.to}`)) {
    const { row, to } = group[0];
    const ids = await writeStatus(
      tx,
      row.status,
      to,
      group.map((d) => d.row.id),
      request,
    );
    const changed = new Set(ids);
    for (const d of group) {
      if (!changed.has(d.row.id)) continue;
      written.push({
        agreementId: d.row.id,
        accountId: Number(d.row.account_id),
        previousId: d.row.previous_id === null ? null : Number(d.row.previous_id),
        event: request.event,
        from: d.row.status,
        to: d.to,
        activityId: null,
      });
    }
  }
  // A version that stopped running leaves nothing to accept: its open deposit review closes with the change.
  await closeReviewsEndedBy(tx, written);
  const types = new Map(decided.map((d) => [d.row.id, d.activityType]));
  const rowsById = new Map(decided.map((d) => [d.row.id, d.row]));
  await recordActivities(tx, written, types, request, (change) => rowsById.get(change.agreementId)!);
  const replaced = new Map(decided.map((d) => [d.row.id, d.facts.replacedStatus]));
  await announce(tx, written, request.failure, (change) => replaced.get(change.agreementId));
  return written;
}

export interface NewVersionRequest {
  event: AgreementEvent.Create | AgreementEvent.StartModification | AgreementEvent.Renew;
  by: ChangedBy;
  now: Date;
  /** The status of the version it copies (a modification or renewal). */
  copies?: AgreementStatus;
  /** Writes the version's row in `status` (the table's); answers its ids. */
  insert: (status: AgreementStatus) => Promise<{ agreementId: number; accountId: number; previousId: number | null }>;
  activity?: (version: { agreementId: number; accountId: number }) => ActivityText;
}

/** A new version (a new agreement, a modification or a renewal): the table decides its status; recorded as a change. */
export async function writeNewVersion(tx: EntityManager, request: NewVersionRequest): Promise<StatusChange> {
  const result = decideTransition(request.event, NEW_VERSION, actorsOf(request.by), {
    replacedStatus: request.copies,
  });
  if ('refusal' in result) throw new StatusRefusal(result.refusal);
  const version = await request.insert(result.to);
  const change: StatusChange = { ...version, event: request.event, from: NEW_VERSION, to: result.to, activityId: null };
  const row = { id: version.agreementId, account_id: version.accountId } as StatusRow;
  await recordActivities(
    tx,
    [change],
    new Map([[version.agreementId, result.activity]]),
    { ...request, activity: request.activity ? () => request.activity!(version) : undefined },
    () => row,
  );
  await announce(tx, [change]);
  return change;
}

export interface NewAgreementRequest {
  by: ChangedBy;
  now: Date;
  accountId: number;
  startDate: string;
  endDate: string;
  /** Where the wizard opens it. */
  wizardStep: number;
  wizardMode: number;
}

/** Staff start a new agreement (version 1, no previous one) in the status the table gives `Create`. */
export function createAgreement(tx: EntityManager, request: NewAgreementRequest): Promise<StatusChange> {
  return writeNewVersion(tx, {
    event: AgreementEvent.Create,
    by: request.by,
    now: request.now,
    insert: async (status) => {
      const [inserted] = await tx.execute<{ id: number }[]>(
        `insert into agreement (account_id, status, start_date, end_date, version, wizard_step, wizard_mode,
           created_at, updated_at)
         values (?, ?, ?, ?, 1, ?, ?, ?, ?) returning id`,
        [
          request.accountId,
          status,
          request.startDate,
          request.endDate,
          request.wizardStep,
          request.wizardMode,
          request.now,
          request.now,
        ],
      );
      return { agreementId: Number(inserted.id), accountId: request.accountId, previousId: null };
    },
  });
}

/** The conditional update of one (from, to) group: only rows still in `from` move; answers their ids. */
async function writeStatus(
  tx: EntityManager,
  from: AgreementStatus,
  to: AgreementStatus,
  ids: number[],
  request: StatusChangeRequest,
): Promise<number[]> {
  const sets = ['status = ?', 'updated_at = ?'];
  const params: unknown[] = [to, request.now];
  for (const [column, value] of Object.entries(request.set ?? {})) {
    if (value !== null && typeof value === 'object' && 'first' in value) {
      sets.push(`${column} = coalesce(${column}, ?)`);
      params.push(value.first);
    } else {
      sets.push(`${column} = ?`);
      params.push(value);
    }
  }
  const updated = await tx.execute<{ id: number }[]>(
    `update agreement set ${sets.join(', ')} where id = any(?::int[]) and status = ? returning id`,
    [...params, intArray(ids), from],
  );
  return updated.map((row) => Number(row.id));
}

const EVENT_DETAILS: Partial<Record<AgreementEvent, string>> = {
  [AgreementEvent.ApplyNew]: 'Agreement activated',
  [AgreementEvent.Start]: 'Agreement started',
};

async function recordActivities(
  tx: EntityManager,
  changes: StatusChange[],
  types: Map<number, number | null>,
  request: Pick<StatusChangeRequest, 'by' | 'now' | 'activity' | 'event' | 'failure'>,
  rowOf: (change: StatusChange) => StatusRow,
): Promise<void> {
  const recorded = changes.filter((change) => (types.get(change.agreementId) ?? null) !== null);
  if (recorded.length === 0) return;
  const holders = await primaryHolders(tx, [...new Set(recorded.map((change) => change.accountId))]);
  const ids = await allocateActivityIds(tx, recorded.length);
  const user = request.by === 'job' ? null : request.by;
  const staff = request.by !== 'job' && actorsOf(request.by).includes('staff');
  const rows = recorded.map((change, i): ActivityInsertRow => {
    const text = request.activity?.(rowOf(change)) ?? {
      details:
        (EVENT_DETAILS[request.event] ?? statusChangeWords(change.agreementId, change.event, change.from, change.to)) +
        (request.failure ? ` ${request.failure}` : ''),
    };
    change.activityId = ids[i];
    return {
      id: ids[i],
      type: types.get(change.agreementId)!,
      occurred_at: request.now.toISOString(),
      member_id: text.memberId !== undefined ? text.memberId : (holders.get(change.accountId) ?? null),
      account_id: change.accountId,
      agreement_id: change.agreementId,
      details: text.details,
      // Every status change says what it was, whatever its words (issue 26 item 6).
      data: {
        ContractId: change.agreementId,
        event: change.event,
        fromStatus: change.from,
        toStatus: change.to,
        ...text.data,
      },
      notes: null,
      agent_name: staff ? user!.displayName : null,
      user_id: user?.userId ?? null,
      balance_change: '0.00',
      transaction_status: null,
      ledger_transaction_id: null,
      bill_id: null,
      biller_id: null,
    };
  });
  await writeActivityRows(tx, rows);
}

/** Each account's primary active member (the one an agreement's activity is recorded for), else its first. */
async function primaryHolders(tx: EntityManager, accountIds: number[]): Promise<Map<number, number>> {
  const rows = await tx.execute<{ account_id: number; member_id: number }[]>(
    `select distinct on (account_id) account_id, member_id from member_account_link
     where account_id = any(?::int[]) and is_active order by account_id, is_primary desc, id`,
    [intArray(accountIds)],
  );
  return new Map(rows.map((row) => [Number(row.account_id), Number(row.member_id)]));
}

/**
 * The listeners in the transaction; the bus (the change, and a queued change's stage) after its commit; the figures
 * of the accounts whose screens it moves (status-seen.rules.ts), also after the commit.
 */
async function announce(
  tx: EntityManager,
  changes: StatusChange[],
  failure?: string,
  replacedStatusOf: (change: StatusChange) => AgreementStatus | undefined = () => undefined,
): Promise<void> {
  if (changes.length === 0) return;
  for (const listener of statusListeners(tx)) await listener(tx, changes);
  announceFigures(tx, changes, replacedStatusOf);
  const events = statusEventBus(tx);
  if (!events) return;
  afterCommit(tx, () => {
    for (const change of changes) {
      events.publish(agreementStatusTopic(change.accountId), change);
      const stage = queuedStageOf(change);
      if (stage) {
        publishQueuedChange(
          events,
          queuedChangeStatus(
            change.accountId,
            stage,
            change.agreementId,
            stage === QueuedChangeStage.FAILED ? (failure ?? null) : null,
          ),
        );
      }
    }
  });
}

const FIGURES_REASON: Readonly<Record<Exclude<ScreensMoved, ScreensMoved.None>, FiguresChangeReason>> = {
  [ScreensMoved.Every]: FiguresChangeReason.StatusChanged,
  [ScreensMoved.OwnPages]: FiguresChangeReason.WaitingChangeStage,
};

function announceFigures(
  tx: EntityManager,
  changes: readonly StatusChange[],
  replacedStatusOf: (change: StatusChange) => AgreementStatus | undefined,
): void {
  const byReason = new Map<FiguresChangeReason, number[]>();
  for (const change of changes) {
    const moved = screensMovedBy({
      from: change.from,
      to: change.to,
      isChange: change.previousId !== null,
      replacedStatus: replacedStatusOf(change),
    });
    if (moved === ScreensMoved.None) continue;
    const reason = FIGURES_REASON[moved];
    byReason.set(reason, [...(byReason.get(reason) ?? []), change.accountId]);
  }
  for (const [reason, accountIds] of byReason) figuresChanged(tx, { accountIds, reason });
}

/** What the queued-change watchers (the overview's blocking modal) are told of a change. */
function queuedStageOf(change: StatusChange): QueuedChangeStage | null {
  switch (change.event) {
    case AgreementEvent.SaveAll:
    case AgreementEvent.MemberApprove:
      return QueuedChangeStage.QUEUED;
    case AgreementEvent.BeginApply:
    case AgreementEvent.TakeOver:
      return QueuedChangeStage.APPLYING;
    case AgreementEvent.ApplyNew:
    case AgreementEvent.AwaitTakeOver:
    case AgreementEvent.ApplyChange:
      return QueuedChangeStage.APPLIED;
    case AgreementEvent.ApplyFailed:
      return QueuedChangeStage.FAILED;
    default:
      return null;
  }
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return [...groups.values()];
}

export type { FromStatus };
