import type { EntityManager } from '@mikro-orm/postgresql';
import { NO_ACCESS, requireUser } from '../../common/auth/access.js';
import { isStaff } from '../../common/auth/roles.js';
import type { CurrentUser } from '../../common/auth/current-user.js';
import type { Clock } from '../../shared/clock.js';
import { DomainError, ForbiddenError } from '../../shared/errors.js';
import {
  AgreementStatus,
  type AgreementWizardService,
  checkId,
  CompletionRefused,
  loadMemberAccount,
  refuseIfAny,
  wizardVersion,
} from '../agreement/index.js';
import type { BillerWizardService } from '../biller/index.js';
import type { NotificationPreference } from '../../shared/notification/notification-codes.js';
import {
  checkContactability,
  DEFAULT_EVENTS,
  effectivePreferences,
  parsePreference,
  PREFERENCES_MESSAGES,
  SUBSCRIBED_EVENTS,
  type EventKey,
  type EventSubscriptions,
  type PreferencesRefusal,
} from '../../shared/preferences/preferences.rules.js';
import type { ContractPreferencesView, MemberPreferenceView } from './preferences.types.js';

export interface PreferencesInput {
  contractId: number;
  branchId?: number | null;
  members: readonly { memberId: number; notificationPreference: unknown }[];
  events?: readonly { key: string; subscribed: boolean }[] | null;
  billers?: readonly { billerId: number; isNotificationEnabled: boolean }[] | null;
}

export interface ProfilePreferencesInput {
  memberId: number;
  accountId: number;
  notificationPreference: unknown;
  depositReminders?: boolean | null;
  billReminders?: boolean | null;
}

interface MemberRow {
  member_id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  mobile_phone: string | null;
  branch: string | null;
}

const EVENT_COLUMNS: Readonly<Record<EventKey, string>> = {
  notifyMissedDeposit: 'notify_missed_deposit',
  notifyBillPaymentFailed: 'notify_bill_payment_failed',
  notifyRenewalDue: 'notify_renewal_due',
  notifyAgreementChanged: 'notify_agreement_changed',
  notifyShortPaidBill: 'notify_short_paid_bill',
};

/** Statuses whose preferences a member changes on the profile page (the agreement in force). */
const PROFILE_STATUSES: readonly AgreementStatus[] = [
  AgreementStatus.Approved,
  AgreementStatus.Active,
  AgreementStatus.MissedDeposit,
  AgreementStatus.Locked,
];

const refusal = (code: string, field: string, message: string): PreferencesRefusal => ({ code, field, message });

/**
 * The preferences step (Create step 6, Modify step 5, spec 3 §2-§5) and the member's own preferences on the profile
 * page: per member of the account Email / Sms / None (defaults: Email if an e-mail exists, else Sms if a mobile,
 * else None), the agreement's branch, the five subscribed events (on by default) and the billers' notifications.
 * Shown with the defaults until saved; the first save creates them. Every refusal at once, nothing written then.
 */
export class PreferencesService {
  constructor(
    private readonly clock: Clock,
    private readonly wizard: AgreementWizardService,
    private readonly billerWizard: BillerWizardService,
  ) {}

  /** GET /api/contractpreferences?contractId. */
  async get(em: EntityManager, user: CurrentUser | null, contractId: number): Promise<ContractPreferencesView> {
    const version = await wizardVersion(em, user, contractId);
    return this.view(em, version.id, version.accountId);
  }

  /** POST and PUT /api/contractpreferences?contractId: the version must be open in the wizard for the caller. */
  async save(em: EntityManager, user: CurrentUser | null, input: PreferencesInput): Promise<ContractPreferencesView> {
    const caller = requireUser(user);
    const version = await wizardVersion(em, caller, input.contractId);
    const members = await this.accountMembers(em, version.accountId);
    // Ids of records not on this agreement: a member gets the one refusal for every other id, before anything else.
    const strangers = input.members.some((entry) => !members.some((m) => m.memberId === entry.memberId));
    const billerIds = (input.billers ?? []).map((b) => b.billerId);
    const own = await em.execute<{ id: number }[]>(
      'select id from biller where agreement_id = ? and id = any(?::int[])',
      [version.id, `{${billerIds.filter((id) => Number.isSafeInteger(id)).join(',')}}`],
    );
    const unknownBiller = billerIds.some((id) => !own.some((row) => Number(row.id) === id));
    if ((strangers || unknownBiller) && !isStaff(caller.roles)) throw new ForbiddenError(NO_ACCESS);
    await this.wizard.openForEditing(em, caller, version.id);
    const stored = await this.storedChoices(em, version.id);
    const refusals: PreferencesRefusal[] = [];
    const chosen = new Map<number, NotificationPreference>();
    for (const [i, entry] of input.members.entries()) {
      const preference = parsePreference(entry.notificationPreference);
      if (preference === null) {
        refusals.push(
          refusal('INVALID_PREFERENCE', `members[${i}].notificationPreference`, PREFERENCES_MESSAGES.invalidPreference),
        );
      } else if (!members.some((m) => m.memberId === entry.memberId)) {
        refusals.push(refusal('NOT_A_MEMBER', `members[${i}].memberId`, PREFERENCES_MESSAGES.notAMember));
      } else if (chosen.has(entry.memberId)) {
        refusals.push(refusal('DUPLICATE_MEMBER', `members[${i}].memberId`, PREFERENCES_MESSAGES.duplicateMember));
      } else chosen.set(entry.memberId, preference);
    }
    if (unknownBiller) refusals.push(refusal('UNKNOWN_BILLER', 'billers', PREFERENCES_MESSAGES.unknownBiller));
    const events = this.eventsOf(input.events, refusals);
    if (input.branchId !== null && input.branchId !== undefined) {
      const [branch] = await em.execute<{ id: number }[]>('select id from branch where id = ? and is_active', [
        checkId(input.branchId, 'branchId'),
      ]);
      if (!branch) refusals.push(refusal('UNKNOWN_BRANCH', 'branchId', PREFERENCES_MESSAGES.unknownBranch));
    }
    refuseIfAny(refusals);
    const choices = effectivePreferences(members, new Map([...stored, ...chosen]));
    refuseIfAny(checkContactability(choices));
    await em.transactional(async (tx) => {
      await tx.execute('select id from agreement where id = ? for update', [version.id]);
      await this.writeContract(tx, version.id, { branchId: input.branchId, events });
      for (const choice of choices)
        await this.writeMember(tx, version.id, choice.memberId, choice.notificationPreference);
      if (input.billers && input.billers.length > 0) {
        await this.billerWizard.setNotificationPreferences(tx, caller, version.id, false, input.billers);
      }
    });
    return this.view(em, version.id, version.accountId);
  }

  /**
   * The member's own preferences on the profile page (spec 1 §2, 3 §8): their contact method on the agreement in
   * force, and optionally the missed-deposit messages and bill reminders. Answers 'You have successfully updated
   * your profile.'
   */
  async saveProfile(em: EntityManager, user: CurrentUser | null, input: ProfilePreferencesInput): Promise<string> {
    const context = await loadMemberAccount(em, user, input.memberId, input.accountId);
    const preference = parsePreference(input.notificationPreference);
    if (preference === null) {
      throw new CompletionRefused([
        refusal('INVALID_PREFERENCE', 'notificationPreference', PREFERENCES_MESSAGES.invalidPreference),
      ]);
    }
    const agreement = context.agreement;
    if (!agreement || !PROFILE_STATUSES.includes(agreement.status as AgreementStatus)) {
      throw new DomainError('NO_AGREEMENT', 'There is no agreement whose preferences can be changed.', 'accountId');
    }
    const members = await this.accountMembers(em, context.accountId);
    const stored = await this.storedChoices(em, agreement.id);
    const choices = effectivePreferences(members, new Map([...stored, [input.memberId, preference]]));
    refuseIfAny(checkContactability(choices));
    await em.transactional(async (tx) => {
      await tx.execute('select id from agreement where id = ? for update', [agreement.id]);
      for (const choice of choices)
        await this.writeMember(tx, agreement.id, choice.memberId, choice.notificationPreference);
      const events = await this.storedEvents(tx, agreement.id);
      if (typeof input.depositReminders === 'boolean') events.notifyMissedDeposit = input.depositReminders;
      await this.writeContract(tx, agreement.id, { branchId: undefined, events });
      if (typeof input.billReminders === 'boolean') {
        const billers = await tx.execute<{ id: number }[]>(
          'select id from biller where agreement_id = ? and status <> 3',
          [agreement.id],
        );
        const flags = billers.map((b) => ({
          billerId: Number(b.id),
          isNotificationEnabled: input.billReminders === true,
        }));
        if (flags.length > 0) await this.billerWizard.setNotificationPreferences(tx, user, agreement.id, true, flags);
      }
    });
    return PREFERENCES_MESSAGES.profileSaved;
  }

  private eventsOf(sent: PreferencesInput['events'], refusals: PreferencesRefusal[]): EventSubscriptions | undefined {
    if (!sent) return undefined;
    const events = { ...DEFAULT_EVENTS };
    for (const [i, entry] of sent.entries()) {
      const known = SUBSCRIBED_EVENTS.find((e) => e.key.toLowerCase() === String(entry.key).toLowerCase());
      if (!known || typeof entry.subscribed !== 'boolean') {
        refusals.push(refusal('UNKNOWN_EVENT', `events[${i}]`, `Unknown event: ${String(entry.key).slice(0, 40)}.`));
      } else events[known.key] = entry.subscribed;
    }
    return events;
  }

  private async view(em: EntityManager, contractId: number, accountId: number): Promise<ContractPreferencesView> {
    const members = await this.accountMembers(em, accountId);
    const stored = await this.storedChoices(em, contractId);
    const billers = await em.execute<{ id: number; nickname: string; is_notification_enabled: boolean }[]>(
      'select id, nickname, is_notification_enabled from biller where agreement_id = ? and status <> 3 order by nickname, id',
      [contractId],
    );
    const branches = await em.execute<{ id: number; name: string }[]>(
      'select id, name from branch where is_active order by name',
    );
    const contract = await em.execute<({ branch_id: number | null } & Record<string, boolean>)[]>(
      'select * from contract_preferences where agreement_id = ?',
      [contractId],
    );
    const row = contract[0];
    return {
      contractId,
      stored: row !== undefined,
      branchId: row?.branch_id === null || row?.branch_id === undefined ? null : Number(row.branch_id),
      branches: branches.map((b) => ({ branchId: Number(b.id), name: b.name })),
      members: effectivePreferences(members, stored) satisfies MemberPreferenceView[],
      events: SUBSCRIBED_EVENTS.map((e) => ({
        key: e.key,
        label: e.label,
        subscribed: row ? row[EVENT_COLUMNS[e.key]] !== false : true,
      })),
      billers: billers.map((b) => ({
        billerId: Number(b.id),
        nickname: b.nickname,
        isNotificationEnabled: b.is_notification_enabled === true,
      })),
    };
  }

  private async accountMembers(em: EntityManager, accountId: number) {
    const rows = await em.execute<MemberRow[]>(
      `select m.id as member_id, m.first_name, m.last_name, m.email, m.mobile_phone, b.name as branch
       from member_account_link l join member m on m.id = l.member_id left join branch b on b.id = m.branch_id
       where l.account_id = ? and l.is_active order by l.is_primary desc, l.id`,
      [accountId],
    );
    return rows.map((r) => ({
      memberId: Number(r.member_id),
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      mobilePhone: r.mobile_phone,
      branch: r.branch,
    }));
  }

  private async storedChoices(em: EntityManager, contractId: number): Promise<Map<number, NotificationPreference>> {
    const rows = await em.execute<{ member_id: number; notification_preference: number }[]>(
      'select member_id, notification_preference from member_notification_preference where agreement_id = ?',
      [contractId],
    );
    return new Map(rows.map((r) => [Number(r.member_id), Number(r.notification_preference) as NotificationPreference]));
  }

  private async storedEvents(em: EntityManager, contractId: number): Promise<EventSubscriptions> {
    const [row] = await em.execute<Record<string, boolean>[]>(
      'select * from contract_preferences where agreement_id = ?',
      [contractId],
    );
    const events = { ...DEFAULT_EVENTS };
    for (const e of SUBSCRIBED_EVENTS) events[e.key] = row ? row[EVENT_COLUMNS[e.key]] !== false : true;
    return events;
  }

  /** Creates the agreement's preferences (defaults: every event on) or updates what was sent. */
  private async writeContract(
    tx: EntityManager,
    contractId: number,
    change: { branchId: number | null | undefined; events: EventSubscriptions | undefined },
  ): Promise<void> {
    const events = change.events ?? (await this.storedEvents(tx, contractId));
    const columns = SUBSCRIBED_EVENTS.map((e) => EVENT_COLUMNS[e.key]);
    const values = SUBSCRIBED_EVENTS.map((e) => events[e.key]);
    const branchUpdate = change.branchId === undefined ? '' : ', branch_id = excluded.branch_id';
    await tx.execute(
      `insert into contract_preferences (agreement_id, branch_id, ${columns.join(', ')}, updated_at)
       values (?, ?, ${columns.map(() => '?').join(', ')}, ?)
       on conflict (agreement_id) do update set ${columns.map((c) => `${c} = excluded.${c}`).join(', ')}${branchUpdate},
         updated_at = excluded.updated_at`,
      [contractId, change.branchId ?? null, ...values, this.clock.now()],
      'run',
    );
  }

  private async writeMember(
    tx: EntityManager,
    contractId: number,
    memberId: number,
    preference: NotificationPreference,
  ) {
    await tx.execute(
      `insert into member_notification_preference (agreement_id, member_id, notification_preference) values (?, ?, ?)
       on conflict (agreement_id, member_id) do update set notification_preference = excluded.notification_preference`,
      [contractId, memberId, preference],
      'run',
    );
  }
}
