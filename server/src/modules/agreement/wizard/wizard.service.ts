import type { EntityManager } from '@mikro-orm/postgresql';
import { assertAccountAccess, NO_ACCESS, requireUser } from '../../../common/auth/access.js';
import type { CurrentUser } from '../../../common/auth/current-user.js';
import { isStaff } from '../../../common/auth/roles.js';
import type { Clock } from '../../../shared/clock.js';
import { DomainError, ForbiddenError, NotFoundError } from '../../../shared/errors.js';
import { addDays, addYears } from '../../../shared/local-date.js';
import { dateOf } from '../../../database/row-values.js';
import { agreementBalances } from '../../ledger/index.js';
import { checkAccountId, loadMemberAccount } from '../account-context.js';
import { AgreementChangeType } from '../agreement-codes.js';
import { AgreementStatus } from '../agreement-status.js';
import { accountHasResignedMember } from '../account-standing.sql.js';
import { copyAgreementVersion } from '../version-copy.js';
import { isRenewalOf } from '../lifecycle/lifecycle.rules.js';
import { changeStatus, createAgreement } from '../state/status-writer.js';
import { AgreementEvent } from '../state/transitions.rules.js';
import {
  cancelEffect,
  cancelMessage,
  CANCEL_TITLES,
  checkWizardPosition,
  continueButtonLabel,
  FIRST_STEP,
  LAST_STEP,
  navigationLabels,
  WIZARD_MESSAGES,
  WIZARD_OPEN_STATUSES,
  wizardEntries,
  wizardKindOf,
  wizardLock,
  versionInForce,
  WizardKind,
  WizardMode,
  type AccountVersion,
  type EntryDecision,
  type Refusal,
  type WizardCancelFlow,
  type WizardEntries,
  type WizardPosition,
} from './wizard.rules.js';
import type { AgreementVersionView, WizardEntriesView, WizardSessionView } from './wizard.types.js';

export interface VersionRow {
  id: number;
  account_id: number;
  status: number;
  previous_id: number | null;
  version: number;
  start_date: string;
  end_date: string;
  wizard_step: number | null;
  wizard_mode: number | null;
  wizard_position: Record<string, unknown> | null;
  activated_by_id: number | null;
}

const VERSION_COLUMNS = `id, account_id, status, previous_id, version, start_date::text as start_date,
  end_date::text as end_date, wizard_step, wizard_mode, wizard_position, activated_by_id`;

/** An expected rejection of the wizard: returned as data by the resolvers and as 400 by REST. */
export class WizardRefusal extends DomainError {
  constructor(refusal: Refusal) {
    super(refusal.code, refusal.message, refusal.field ?? undefined);
  }
}

const asVersion = (row: VersionRow): AccountVersion => ({
  id: Number(row.id),
  status: Number(row.status) as AgreementStatus,
  previousId: row.previous_id === null ? null : Number(row.previous_id),
  // Sent to the member by staff: a new agreement activated (0), a renewal sent for approval (9).
  activated: WIZARD_OPEN_STATUSES.includes(Number(row.status)) && row.activated_by_id !== null,
});

const intOrNull = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/**
 * The agreement wizard's frame on the server (spec 2 §2, spec 3 §2): which wizards an account allows, starting a
 * new agreement, continuing the open one, starting a modification (a status-9 copy of the version in force, which
 * keeps running), the saved position, cancel and the read-only lock. The biller and sub-category steps write
 * through their own services, which ask `openForEditing` first.
 */
export class AgreementWizardService {
  constructor(private readonly clock: Clock) {}

  /** The header's Create / Modify / Continue for a member's account. */
  async entries(
    em: EntityManager,
    user: CurrentUser | null,
    memberId: number,
    accountId: number,
  ): Promise<WizardEntriesView> {
    const caller = requireUser(user);
    const account = await loadMemberAccount(em, caller, memberId, accountId);
    const versions = await this.versions(em, account.accountId);
    const resigned = await this.memberResigned(em, account.accountId);
    return { accountId: account.accountId, ...this.decide(caller, account.accountActive, versions, resigned) };
  }

  /** GET /api/accounts/{accountId}/currentcontract/modifyview: the Modify entry of an account. */
  async modifyEntry(em: EntityManager, user: CurrentUser | null, accountId: number): Promise<WizardEntries['modify']> {
    const caller = requireUser(user);
    const active = await this.accountActive(em, caller, accountId);
    const resigned = await this.memberResigned(em, accountId);
    return this.decide(caller, active, await this.versions(em, accountId), resigned).modify;
  }

  /** GET /api/accounts/{accountId}/modifiedcontract/modifiedview: the account's open modification. */
  async openModification(em: EntityManager, user: CurrentUser | null, accountId: number): Promise<WizardSessionView> {
    const caller = requireUser(user);
    await this.accountActive(em, caller, accountId);
    const [row] = await em.execute<{ id: number }[]>(
      'select id from agreement where account_id = ? and status = ? and previous_id is not null order by id desc limit 1',
      [accountId, AgreementStatus.ModificationPendingApproval],
    );
    if (!row) throw new NotFoundError('Could not load contract');
    return this.sessionOf(em, Number(row.id));
  }

  /** Staff start a new agreement (status 0, step 1: adding a biller) for an account with none. */
  startNew(
    em: EntityManager,
    user: CurrentUser | null,
    memberId: number,
    accountId: number,
  ): Promise<WizardSessionView> {
    return this.start(em, user, memberId, accountId, 'create', async (tx, { caller, accountId: account }) => {
      const today = this.clock.today();
      const created = await createAgreement(tx, {
        by: caller,
        now: this.clock.now(),
        accountId: account,
        startDate: today,
        endDate: addDays(addYears(today, 1), -1),
        wizardStep: FIRST_STEP[WizardKind.Create],
        wizardMode: WizardMode.New,
      });
      const row = { id: created.agreementId };
      await this.recordChange(tx, row.id, null, AgreementChangeType.Creation, caller);
      return Number(row.id);
    });
  }

  /** Staff or the member start a modification: a status-9 copy of the version in force, at the list (step 0). */
  startModification(
    em: EntityManager,
    user: CurrentUser | null,
    memberId: number,
    accountId: number,
  ): Promise<WizardSessionView> {
    return this.start(em, user, memberId, accountId, 'modify', async (tx, { caller, entry }) => {
      const copy = await copyAgreementVersion(
        tx,
        entry.agreementId!,
        { event: AgreementEvent.StartModification, by: caller, now: this.clock.now() },
        {
          member_approved_at: { sql: 'null' },
          // The next deposit is chosen in this wizard's deposits step; until then the step proposes the version in
          // force's next one from its stored schedule (the column copied is the date chosen when it was saved).
          next_deposit_date: { sql: 'null' },
          wizard_step: { sql: '?', params: [FIRST_STEP[WizardKind.Modify]] },
          wizard_mode: { sql: 'null' },
          wizard_position: { sql: 'null' },
          saved_for_later_description: { sql: 'null' },
          created_at: { sql: '?', params: [this.clock.now()] },
          updated_at: { sql: '?', params: [this.clock.now()] },
        },
      );
      await this.recordChange(tx, copy.agreementId, entry.agreementId, AgreementChangeType.Modification, caller);
      return copy.agreementId;
    });
  }

  /**
   * Both starts: the account's versions locked, the entry rule decided under that lock (two agents cannot both
   * start), then `write` makes the version the wizard opens on.
   */
  private async start(
    em: EntityManager,
    user: CurrentUser | null,
    memberId: number,
    accountId: number,
    kind: 'create' | 'modify',
    write: (
      tx: EntityManager,
      allowed: { caller: CurrentUser; accountId: number; entry: EntryDecision },
    ) => Promise<number>,
  ): Promise<WizardSessionView> {
    const caller = requireUser(user);
    const account = await loadMemberAccount(em, caller, memberId, accountId);
    const id = await em.transactional(async (tx) => {
      const versions = await this.lockAccount(tx, account.accountId);
      const resigned = await this.memberResigned(tx, account.accountId);
      const entry = this.decide(caller, account.accountActive, versions, resigned)[kind];
      if (!entry.allowed) throw new WizardRefusal(entry.refusal!);
      return write(tx, { caller, accountId: account.accountId, entry });
    });
    return this.sessionOf(em, id);
  }

  /** The account's open wizard version (member.continue), where it stopped. */
  async toContinue(
    em: EntityManager,
    user: CurrentUser | null,
    memberId: number,
    accountId: number,
  ): Promise<WizardSessionView> {
    const caller = requireUser(user);
    const account = await loadMemberAccount(em, caller, memberId, accountId);
    const versions = await this.versions(em, account.accountId);
    const resigned = await this.memberResigned(em, account.accountId);
    const entry = this.decide(caller, account.accountActive, versions, resigned).continue;
    if (!entry.allowed) throw new WizardRefusal(entry.refusal!);
    return this.sessionOf(em, entry.agreementId!);
  }

  /** One version open in the wizard, with its saved position and lock. */
  async session(em: EntityManager, user: CurrentUser | null, agreementId: number): Promise<WizardSessionView> {
    await this.openVersion(em, user, agreementId);
    return this.sessionOf(em, agreementId);
  }

  /** Saves where the wizard stands (every saved step), so that any browser or agent continues there. */
  async savePosition(
    em: EntityManager,
    user: CurrentUser | null,
    agreementId: number,
    position: WizardPosition,
  ): Promise<WizardSessionView> {
    const row = await this.openForEditing(em, user, agreementId);
    const kind = wizardKindOf(asVersion(row));
    const problems = checkWizardPosition(kind, position);
    if (problems.length > 0) throw new WizardRefusal(problems[0]);
    const { step, mode, ...rest } = position;
    await em.execute(
      `update agreement set wizard_step = ?, wizard_mode = ?, wizard_position = ?::jsonb, updated_at = ?
       where id = ? and status = any(?::smallint[])`,
      [step, mode, JSON.stringify(rest), this.clock.now(), agreementId, `{${WIZARD_OPEN_STATUSES.join(',')}}`],
    );
    return this.sessionOf(em, agreementId);
  }

  /**
   * Cancel (spec 2 §8): the message for the flow; cancelling the creation or the modification discards the draft
   * (status 6), so the version in force runs on and a new change may start. Allowed under the read-only lock.
   */
  async cancel(
    em: EntityManager,
    user: CurrentUser | null,
    agreementId: number,
    flow: WizardCancelFlow,
  ): Promise<{ discarded: boolean; title: string; message: string }> {
    const row = await this.openVersion(em, user, agreementId);
    const effect = cancelEffect(flow, wizardKindOf(asVersion(row)));
    if ('refusal' in effect) throw new WizardRefusal(effect.refusal);
    if (effect.discard) {
      const caller = requireUser(user);
      await em.transactional((tx) =>
        changeStatus(tx, {
          event: AgreementEvent.Discard,
          by: caller,
          agreementIds: [agreementId],
          now: this.clock.now(),
          facts: (_tx, version) => ({ isChange: version.previous_id !== null }),
          set: { cancelled_at: this.clock.now() },
          whenNotAllowed: 'skip',
        }),
      );
    }
    return { discarded: effect.discard, title: CANCEL_TITLES[flow], message: cancelMessage(flow) };
  }

  /** GET /api/contracts?memberId&accountId: the account's versions, newest first (all, or only the one in force). */
  async accountVersions(
    em: EntityManager,
    user: CurrentUser | null,
    memberId: number,
    accountId: number,
    inForceOnly = false,
  ): Promise<AgreementVersionView[]> {
    const account = await loadMemberAccount(em, requireUser(user), memberId, accountId);
    const all = await em.execute<VersionRow[]>(
      `select ${VERSION_COLUMNS} from agreement where account_id = ? order by id desc`,
      [account.accountId],
    );
    const inForce = versionInForce(all.map(asVersion));
    const rows = inForceOnly ? all.filter((row) => Number(row.id) === inForce?.id) : all;
    return rows.map((row) => ({
      id: Number(row.id),
      status: Number(row.status) as AgreementStatus,
      version: Number(row.version),
      previousAgreementId: row.previous_id === null ? null : Number(row.previous_id),
      startDate: dateOf(row.start_date),
      endDate: dateOf(row.end_date),
      wizardStep: WIZARD_OPEN_STATUSES.includes(Number(row.status)) ? intOrNull(row.wizard_step) : null,
    }));
  }

  /**
   * For the wizard's steps (billers, sub-categories, deposits...): the version, checked to be the caller's, open in
   * the wizard and not under the read-only lock. Throws the refusal otherwise.
   */
  async openForEditing(em: EntityManager, user: CurrentUser | null, agreementId: number): Promise<VersionRow> {
    const row = await this.openVersion(em, user, agreementId);
    const lock = await this.lockOf(em, row);
    if (lock) throw new WizardRefusal({ ...lock, field: 'agreementId' });
    return row;
  }

  /** The version, checked to be the caller's and open in the wizard (a member: one refusal for every other id). */
  private async openVersion(em: EntityManager, user: CurrentUser | null, agreementId: number): Promise<VersionRow> {
    const caller = requireUser(user);
    if (!Number.isSafeInteger(agreementId) || agreementId <= 0) {
      throw new DomainError('INVALID_AGREEMENT_ID', 'Invalid agreementId.', 'agreementId');
    }
    const [row] = await em.execute<VersionRow[]>(`select ${VERSION_COLUMNS} from agreement where id = ?`, [
      agreementId,
    ]);
    if (!row) {
      if (isStaff(caller.roles)) throw new NotFoundError('Could not load contract');
      throw new ForbiddenError(NO_ACCESS);
    }
    await assertAccountAccess(em, caller, Number(row.account_id));
    const version = asVersion(row);
    if (!WIZARD_OPEN_STATUSES.includes(version.status) || openKindMismatch(version) || version.activated) {
      throw new WizardRefusal({ code: 'WIZARD_CLOSED', field: 'agreementId', message: WIZARD_MESSAGES.closed });
    }
    if (!isStaff(caller.roles)) {
      const message =
        wizardKindOf(version) === WizardKind.Create
          ? WIZARD_MESSAGES.staffOnlyContinue
          : WIZARD_MESSAGES.staffOnlyModify;
      throw new WizardRefusal({ code: 'STAFF_ONLY', field: 'agreementId', message });
    }
    return row;
  }

  /** Whether the account is valid, after checking the caller may see it (a member: one refusal for every other id). */
  private async accountActive(em: EntityManager, caller: CurrentUser, accountId: number): Promise<boolean> {
    checkAccountId(accountId);
    await assertAccountAccess(em, caller, accountId);
    const [account] = await em.execute<{ is_active: boolean }[]>('select is_active from account where id = ?', [
      accountId,
    ]);
    if (!account) throw new NotFoundError('Could not find member or contract.');
    return account.is_active === true;
  }

  private decide(
    caller: CurrentUser,
    accountActive: boolean,
    versions: AccountVersion[],
    memberResigned: boolean,
  ): WizardEntries {
    return wizardEntries({ versions, isStaff: isStaff(caller.roles), accountActive, memberResigned });
  }

  /** A member holding the account has resigned (the one SQL form of the fact, as payments and the bank day ask it). */
  private async memberResigned(em: EntityManager, accountId: number): Promise<boolean> {
    const [row] = await em.execute<{ resigned: boolean }[]>(
      `select ${accountHasResignedMember('?::int')} as resigned`,
      [accountId],
    );
    return row?.resigned === true;
  }

  private async versions(em: EntityManager, accountId: number): Promise<AccountVersion[]> {
    const rows = await em.execute<VersionRow[]>(`select ${VERSION_COLUMNS} from agreement where account_id = ?`, [
      accountId,
    ]);
    return rows.map(asVersion);
  }

  /** Locks the account's row (one wizard start at a time per account) and reads its versions. */
  private async lockAccount(tx: EntityManager, accountId: number): Promise<AccountVersion[]> {
    await tx.execute('select id from account where id = ? for update', [accountId]);
    return this.versions(tx, accountId);
  }

  private async recordChange(
    tx: EntityManager,
    agreementId: number,
    previousId: number | null,
    changeType: AgreementChangeType,
    caller: CurrentUser,
  ): Promise<void> {
    await tx.execute(
      `insert into agreement_change (agreement_id, previous_agreement_id, change_type, changes, requested_by_id,
         created_at)
       values (?, ?, ?, ?::jsonb, ?, ?)`,
      [
        agreementId,
        previousId,
        changeType,
        JSON.stringify({ source: 'agreementWizard' }),
        caller.userId,
        this.clock.now(),
      ],
    );
  }

  /** The read-only lock: the account not valid, or in setup a balance that is not zero. */
  private async lockOf(em: EntityManager, row: VersionRow): Promise<Refusal | null> {
    const accountId = Number(row.account_id);
    const [account] = await em.execute<{ is_active: boolean }[]>('select is_active from account where id = ?', [
      accountId,
    ]);
    const kind = wizardKindOf(asVersion(row));
    let balance = 0;
    if (kind === WizardKind.Create && account?.is_active) {
      const ids = (await this.versions(em, accountId)).map((v) => v.id);
      for (const balances of (await agreementBalances(em, ids)).values()) balance += balances.total;
    }
    return wizardLock({ kind, accountActive: account?.is_active === true, accountBalanceCents: balance });
  }

  private async sessionOf(em: EntityManager, agreementId: number): Promise<WizardSessionView> {
    const [row] = await em.execute<VersionRow[]>(`select ${VERSION_COLUMNS} from agreement where id = ?`, [
      agreementId,
    ]);
    if (!row) throw new NotFoundError('Could not load contract');
    const version = asVersion(row);
    const kind = wizardKindOf(version);
    const position = row.wizard_position ?? {};
    const threeStepFlow = position.threeStepFlow === true;
    const step = intOrNull(row.wizard_step);
    const [previous] =
      version.previousId === null
        ? []
        : await em.execute<{ end_date: string }[]>('select end_date::text as end_date from agreement where id = ?', [
            version.previousId,
          ]);
    return {
      agreementId: version.id,
      accountId: Number(row.account_id),
      kind,
      status: version.status,
      version: Number(row.version),
      previousAgreementId: version.previousId,
      step: step !== null && step >= 0 && step <= LAST_STEP[kind] ? step : FIRST_STEP[kind],
      lastStep: LAST_STEP[kind],
      mode: intOrNull(row.wizard_mode),
      categoryId: intOrNull(position.categoryId),
      companyId: intOrNull(position.companyId),
      itemId: intOrNull(position.itemId),
      itemType: intOrNull(position.itemType),
      threeStepFlow,
      navigationLabels: navigationLabels(threeStepFlow),
      continueLabel: continueButtonLabel(kind),
      lock: await this.lockOf(em, row),
      startDate: dateOf(row.start_date),
      endDate: dateOf(row.end_date),
      isRenewal: isRenewalOf(
        { startDate: dateOf(row.start_date) },
        previous ? { endDate: dateOf(previous.end_date) } : null,
      ),
    };
  }
}

/** A status-0 version that changes another, or a status-9 one that changes none, is not a wizard's. */
function openKindMismatch(version: AccountVersion): boolean {
  return (version.status === AgreementStatus.PendingApproval) !== (version.previousId === null);
}
