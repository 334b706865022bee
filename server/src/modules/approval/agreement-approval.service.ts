import type { EntityManager } from '@mikro-orm/postgresql';
import { assertAccountAccess, NO_ACCESS, requireUser } from '../../common/auth/access.js';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { isStaff } from '../../common/auth/roles.js';
import type { Clock } from '../../shared/clock.js';
import { DomainError, ForbiddenError, NotFoundError } from '../../shared/errors.js';
import { afterCommit } from '../../common/after-commit.js';
import { freeText } from '../../common/free-text.js';
import { parseMoney, toDecimalString, type Cents } from '../../shared/money.js';
import { ActivityType, writeActivity } from '../activity/index.js';
import { AgreementStatus } from '../agreement/index.js';
import type { SignInThrottle } from '../auth/index.js';
import type { SettingsService } from '../settings/index.js';
import type { EventBus } from '../../graphql/event-bus.js';
import { liveStream } from '../../graphql/live-stream.js';
import { APPROVAL_KIND_LABELS, ApprovalKind } from './approval-type.js';
import { recordApprovalDecision } from './approval-decision.js';
import {
  activationApprovals,
  AGREEMENT_APPROVAL_KINDS,
  AGREEMENT_APPROVAL_MESSAGES,
  approvalsNeeded,
  ApprovalDecision,
  decisionOf,
  grantMessage,
  kindMessage,
  refusalMessage,
  type AgreementApprovalKind,
  type StoredDecision,
} from './agreement-approval.rules.js';
import { accountMember, holderLinksOf, holderLinksSql } from '../branch/index.js';
import { isApprover, verifyManagerSignature } from './manager-signature.js';

export interface AgreementApprovalView {
  approvalId: number;
  contractId: number;
  accountId: number;
  approvalType: number;
  approvalGranted: boolean;
  pending: boolean;
  managerName: string;
  note: string;
  amount: Cents | null;
  requestedBy: string | null;
  /** Who and what it is about, for the approvers' queue (issue 26 item 7): the account's member and number. */
  memberId: number | null;
  memberName: string | null;
  memberNumber: string | null;
  accountNumber: string;
  /** The sentence for the agent: the grant's, the refusal's (step back), or the request's. */
  message: string;
}

export interface AgreementApprovalKindState {
  approvalType: number;
  needed: boolean;
  decision: ApprovalDecision;
  managerName: string | null;
  note: string | null;
  /** The refusal's step-back message, the grant's, or null. */
  message: string | null;
}

export interface AgreementApprovalsState {
  contractId: number;
  totalOverDrawOfAmount: Cents | null;
  approvedOverDrawOfAmount: Cents;
  totalContractValue: Cents | null;
  upperContractLimit: Cents;
  kinds: AgreementApprovalKindState[];
  /** Every needed approval granted: the agreement may be activated. */
  canProceed: boolean;
}

export interface AgreementOverrideRequest {
  agreementId: number;
  approvalType: number;
  managerUsername: string;
  managerPassword: string;
  approvalGranted: boolean;
  note: string;
}

interface Row {
  id: number;
  agreement_id: number;
  account_id: number;
  approval_type: number;
  approval_granted: boolean;
  approver_id: number | null;
  manager_name: string;
  note: string;
  amount: string | null;
  requested_by_id: number | null;
  requested_by: string | null;
  account_number: string;
  holder_links: unknown;
}

const SELECT = `select a.id, a.agreement_id, g.account_id, a.approval_type, a.approval_granted, a.approver_id,
  a.manager_name, a.note, a.amount::text as amount, a.requested_by_id, u.display_name as requested_by,
  ac.account_number, ${holderLinksSql('g.account_id')} as holder_links
  from approval a join agreement g on g.id = a.agreement_id join account ac on ac.id = g.account_id
  left join app_user u on u.id = a.requested_by_id`;

const KINDS = `{${AGREEMENT_APPROVAL_KINDS.join(',')}}`;

/** The bus topic of one version's agreement approvals (asked, decided, signed). */
export function agreementApprovalsTopic(agreementId: number): string {
  return `agreement-approvals:${agreementId}`;
}

function messageOf(row: Row): string {
  const kind = Number(row.approval_type) as AgreementApprovalKind;
  if (row.approver_id === null) return AGREEMENT_APPROVAL_MESSAGES.requested;
  return row.approval_granted ? grantMessage(kind) : refusalMessage(kind);
}

function view(row: Row): AgreementApprovalView {
  // The account's member by the one rule (branch/agreement-owner.rules.ts), as the arrears queue names them.
  const member = accountMember(holderLinksOf(row.holder_links));
  return {
    approvalId: Number(row.id),
    contractId: Number(row.agreement_id),
    accountId: Number(row.account_id),
    approvalType: Number(row.approval_type),
    approvalGranted: row.approval_granted === true,
    pending: row.approver_id === null,
    managerName: row.manager_name,
    note: row.note,
    amount: row.amount === null ? null : parseMoney(row.amount),
    requestedBy: row.requested_by,
    memberId: member?.memberId ?? null,
    memberName: member?.name ?? null,
    memberNumber: member?.memberNumber ?? null,
    accountNumber: row.account_number,
    message: messageOf(row),
  };
}

const decided = (row: Row): StoredDecision => ({
  kind: Number(row.approval_type),
  decided: row.approver_id !== null,
  granted: row.approval_granted === true,
});

/**
 * Approvals of type 1 (deposit overdraw) and 2 (upper limit) as maker-checker: the agent asks for the version open
 * in the wizard; a MANAGER or ADMIN other than the requester decides from the queue, or signs the agent's screen
 * with their own password (throttled, `manager-signature.ts`, shared with the arrears approvals). A refusal is
 * kept and blocks activation while the approval is needed; a granted upper limit records activity 27.
 */
export class AgreementApprovalService {
  constructor(
    private readonly throttle: SignInThrottle,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
    private readonly events: EventBus,
  ) {}

  /** The version's approvals: which are needed (from its saved deposits) and how each stands. */
  async state(em: EntityManager, user: CurrentUser | null, agreementId: number): Promise<AgreementApprovalsState> {
    const caller = requireUser(user);
    await this.version(em, caller, agreementId);
    return this.stateOf(em, agreementId);
  }

  /**
   * The agent's deposits step waits on a manager: the version's approvals now, then again each time one is asked,
   * decided or signed, pushed over the event bus (as the arrears approvals are). The caller must be allowed to see
   * the version's account, exactly as for `state`.
   */
  async watch(
    em: EntityManager,
    user: CurrentUser | null,
    agreementId: number,
  ): Promise<AsyncIterableIterator<AgreementApprovalsState>> {
    const caller = requireUser(user);
    await this.version(em, caller, agreementId);
    return liveStream(this.events, agreementApprovalsTopic(agreementId), {
      current: () => this.stateOf(em.fork(), agreementId),
      fromEvent: (payload) =>
        (payload as { agreementId?: unknown } | null)?.agreementId === agreementId
          ? this.stateOf(em.fork(), agreementId)
          : null,
      key: (state) => JSON.stringify([state.canProceed, state.kinds]),
    });
  }

  /** Lifecycle's check before activation or save all: approvals needed and not granted, and refused. */
  async stateForActivation(em: EntityManager, agreementId: number): Promise<{ missing: number; refused: number }> {
    const { needed, rows } = await this.facts(em, agreementId);
    return activationApprovals(needed, rows.map(decided));
  }

  /**
   * Asks for every approval the version needs and has not been granted, with the same note (a deposit changed from
   * outside the wizard: agreement/deposit-change.ts); answers the names of the kinds asked for, none when none is missing.
   */
  async requestMissing(em: EntityManager, user: CurrentUser, agreementId: number, note: string): Promise<string[]> {
    const approvals = await this.state(em, user, agreementId);
    const missing = approvals.kinds.filter((kind) => kind.needed && kind.decision !== ApprovalDecision.Granted);
    for (const kind of missing) await this.request(em, user, agreementId, kind.approvalType, note);
    return missing.map((kind) => APPROVAL_KIND_LABELS[kind.approvalType as ApprovalKind]);
  }

  /** The agent asks; the request waits in the managers' queue (one pending request per kind). */
  async request(
    em: EntityManager,
    user: CurrentUser | null,
    agreementId: number,
    approvalType: number,
    note: string,
  ): Promise<AgreementApprovalView> {
    const caller = this.staff(user);
    const kind = this.kind(approvalType);
    const text = freeText(note, { kind: 'note', field: 'note', required: true });
    const version = await this.openVersion(em, caller, agreementId);
    const saved = await em.transactional(async (tx) => {
      await tx.execute('select id from agreement where id = ? for update', [agreementId]);
      const { needed, rows, amounts } = await this.facts(tx, agreementId);
      this.assertNeeded(kind, needed, rows);
      const pending = rows.find((r) => Number(r.approval_type) === kind && r.approver_id === null);
      if (pending) return view(pending);
      const [row] = await tx.execute<{ id: number }[]>(
        `insert into approval (agreement_id, approval_type, amount, requested_by_id, manager_name, note, approval_granted)
         values (?, ?, ?, ?, '', ?, false) returning id`,
        [version.id, kind, amountText(amounts[kind]), caller.userId, text],
      );
      return this.get(tx, row.id);
    });
    this.announce(em, saved);
    return saved;
  }

  /** The approvers' queue of agreement approvals (never their own requests). */
  async queue(em: EntityManager, user: CurrentUser | null): Promise<AgreementApprovalView[]> {
    const caller = this.approver(user);
    const rows = await em.execute<Row[]>(
      `${SELECT} where a.approval_type = any(?::smallint[]) and a.approver_id is null
         and a.requested_by_id is distinct from ? order by a.id`,
      [KINDS, caller.userId],
    );
    return rows.map(view);
  }

  /** A manager decides a queued request (once; never their own). */
  async decide(
    em: EntityManager,
    user: CurrentUser | null,
    approvalId: number,
    granted: boolean,
    note: string,
  ): Promise<AgreementApprovalView> {
    const caller = this.approver(user);
    const text = freeText(note, { kind: 'note', field: 'note', required: false });
    const decision = await em.transactional(async (tx) => {
      const [row] = await tx.execute<Row[]>(
        `${SELECT} where a.id = ? and a.approval_type = any(?::smallint[]) for update of a`,
        [approvalId, KINDS],
      );
      if (!row) throw new NotFoundError('Approval not found.');
      if (row.approver_id !== null || row.requested_by_id === caller.userId) {
        throw new DomainError('APPROVAL_NOT_ALLOWED', AGREEMENT_APPROVAL_MESSAGES.alreadyDecided, 'approvalId');
      }
      await tx.execute(
        `update approval set approver_id = ?, manager_name = ?, approval_granted = ?,
           note = case when ? = '' then note else ? end where id = ?`,
        [caller.userId, caller.displayName.slice(0, 120), granted, text, text, approvalId],
        'run',
      );
      await this.recordOverride(tx, row, granted, caller.displayName, caller);
      await recordApprovalDecision(tx, approvalId, caller, this.clock.now());
      return this.get(tx, approvalId);
    });
    this.announce(em, decision);
    return decision;
  }

  /** The manager signs the agent's screen: the decision is recorded at once. */
  async override(
    em: EntityManager,
    user: CurrentUser | null,
    request: AgreementOverrideRequest,
  ): Promise<AgreementApprovalView> {
    const caller = this.staff(user);
    const kind = this.kind(request.approvalType);
    const note = freeText(request.note, { kind: 'note', field: 'note', required: true });
    const version = await this.openVersion(em, caller, request.agreementId);
    const manager = await verifyManagerSignature(
      em,
      this.throttle,
      caller,
      request.managerUsername,
      request.managerPassword,
    );
    const signed = await em.transactional(async (tx) => {
      await tx.execute('select id from agreement where id = ? for update', [version.id]);
      const { needed, rows, amounts } = await this.facts(tx, version.id);
      this.assertNeeded(kind, needed, rows);
      // A pending request of the same kind is the one the manager decides.
      await tx.execute(
        `delete from approval where agreement_id = ? and approval_type = ? and approver_id is null`,
        [version.id, kind],
        'run',
      );
      const [row] = await tx.execute<{ id: number }[]>(
        `insert into approval (agreement_id, approval_type, amount, requested_by_id, approver_id, manager_name, note,
           approval_granted) values (?, ?, ?, ?, ?, ?, ?, ?) returning id`,
        [
          version.id,
          kind,
          amountText(amounts[kind]),
          caller.userId,
          manager.id,
          manager.displayName.slice(0, 120),
          note,
          request.approvalGranted,
        ],
      );
      const saved = await this.get(tx, row.id);
      const [stored] = await tx.execute<Row[]>(`${SELECT} where a.id = ?`, [row.id]);
      await this.recordOverride(tx, stored, request.approvalGranted, manager.displayName, caller);
      await recordApprovalDecision(tx, Number(row.id), caller, this.clock.now());
      return saved;
    });
    this.announce(em, signed);
    return signed;
  }

  // --- helpers ---

  /**
   * Whoever waits on the version's approvals (the agent's deposits step) reads them again, after the commit of the
   * outermost transaction `em` is in (a caller's, as the deposit change's: its rollback announces nothing).
   */
  private announce(em: EntityManager, approval: AgreementApprovalView): void {
    const publish = () =>
      this.events.publish(agreementApprovalsTopic(approval.contractId), { agreementId: approval.contractId });
    afterCommit(em, publish);
  }

  private async stateOf(em: EntityManager, agreementId: number): Promise<AgreementApprovalsState> {
    const { needed, rows, amounts, limits } = await this.facts(em, agreementId);
    const stored = rows.map(decided);
    const kinds = AGREEMENT_APPROVAL_KINDS.map((kind): AgreementApprovalKindState => {
      const decision = decisionOf(kind, stored);
      const last = [...rows].reverse().find((r) => Number(r.approval_type) === kind && r.approver_id !== null);
      return {
        approvalType: kind,
        needed: needed.includes(kind),
        decision,
        managerName: last?.manager_name ?? null,
        note: last?.note ?? null,
        message: kindMessage(kind, decision, needed.includes(kind)),
      };
    });
    const gate = activationApprovals(needed, stored);
    return {
      contractId: agreementId,
      totalOverDrawOfAmount: amounts[ApprovalKind.DepositOverdraw],
      approvedOverDrawOfAmount: limits.approvedOverdraw,
      totalContractValue: amounts[ApprovalKind.ContractUpperLimit],
      upperContractLimit: limits.upperLimit,
      kinds,
      canProceed: gate.missing === 0 && gate.refused === 0,
    };
  }

  private async facts(em: EntityManager, agreementId: number) {
    const [agreement] = await em.execute<
      {
        total_overdraw_amount: string | null;
        total_contract_value: string | null;
        approved_overdraw_amount: string | null;
      }[]
    >(
      `select g.total_overdraw_amount::text as total_overdraw_amount, g.total_contract_value::text as total_contract_value,
         coalesce(g.approved_overdraw_amount, r.max_overdraw_amount)::text as approved_overdraw_amount
       from agreement g left join overdraw_rule r on r.id = g.overdraw_rule_id where g.id = ?`,
      [agreementId],
    );
    const settings = await this.settings.serverSettings(em);
    const money = (value: string | null | undefined): Cents | null =>
      value === null || value === undefined ? null : parseMoney(value);
    const limits = {
      // As the deposits step's plan reads it (agreement-facts.ts): the agreement's own approved overdraw, else its
      // overdraw rule's maximum, else the setting.
      approvedOverdraw: money(agreement?.approved_overdraw_amount) ?? settings.contractApprovedOverDrawOfAmount,
      upperLimit: settings.businessUpperContractLimit,
    };
    const overdraw = money(agreement?.total_overdraw_amount);
    const amounts: Record<AgreementApprovalKind, Cents | null> = {
      [ApprovalKind.DepositOverdraw]: overdraw === null ? null : (Math.abs(overdraw) as Cents),
      [ApprovalKind.ContractUpperLimit]: money(agreement?.total_contract_value),
    };
    const needed = approvalsNeeded({
      totalOverdrawAmount: amounts[ApprovalKind.DepositOverdraw],
      totalContractValue: amounts[ApprovalKind.ContractUpperLimit],
      ...limits,
    });
    const rows = await em.execute<Row[]>(
      `${SELECT} where a.agreement_id = ? and a.approval_type = any(?::smallint[]) order by a.id`,
      [agreementId, KINDS],
    );
    return { needed, rows, amounts, limits };
  }

  private assertNeeded(kind: AgreementApprovalKind, needed: readonly AgreementApprovalKind[], rows: Row[]): void {
    if (!needed.includes(kind)) {
      throw new DomainError('APPROVAL_NOT_NEEDED', AGREEMENT_APPROVAL_MESSAGES.notNeeded, 'approvalType');
    }
    if (decisionOf(kind, rows.map(decided)) === ApprovalDecision.Refused) {
      throw new DomainError('APPROVAL_REFUSED', refusalMessage(kind), 'approvalType');
    }
    if (decisionOf(kind, rows.map(decided)) === ApprovalDecision.Granted) {
      throw new DomainError('APPROVAL_ALREADY_GRANTED', AGREEMENT_APPROVAL_MESSAGES.alreadyDecided, 'approvalType');
    }
  }

  private async recordOverride(
    tx: EntityManager,
    row: Row,
    granted: boolean,
    managerName: string,
    caller: CurrentUser,
  ): Promise<void> {
    if (!granted || Number(row.approval_type) !== ApprovalKind.ContractUpperLimit) return;
    await writeActivity(tx, {
      type: ActivityType.OverrideUpperLimit,
      accountId: Number(row.account_id),
      agreementId: Number(row.agreement_id),
      details: `Agreement upper limit overridden by ${managerName}`,
      data: { ContractId: Number(row.agreement_id), approvalId: Number(row.id) },
      agentName: caller.displayName,
      userId: caller.userId,
      occurredAt: this.clock.now(),
    });
  }

  private kind(value: number): AgreementApprovalKind {
    if (!AGREEMENT_APPROVAL_KINDS.includes(value as AgreementApprovalKind)) {
      throw new DomainError('INVALID_APPROVAL_TYPE', AGREEMENT_APPROVAL_MESSAGES.invalidType, 'approvalType');
    }
    return value as AgreementApprovalKind;
  }

  private async version(
    em: EntityManager,
    caller: CurrentUser,
    agreementId: number,
  ): Promise<{ id: number; status: number; previous_id: number | null; activated_by_id: number | null }> {
    if (!Number.isSafeInteger(agreementId) || agreementId <= 0) {
      throw new DomainError('INVALID_AGREEMENT_ID', 'Invalid agreementId.', 'agreementId');
    }
    const [row] = await em.execute<
      { id: number; account_id: number; status: number; previous_id: number | null; activated_by_id: number | null }[]
    >('select id, account_id, status, previous_id, activated_by_id from agreement where id = ?', [agreementId]);
    if (!row) {
      if (isStaff(caller.roles)) throw new NotFoundError('Could not load contract');
      throw new ForbiddenError(NO_ACCESS);
    }
    await assertAccountAccess(em, caller, Number(row.account_id));
    return { ...row, id: Number(row.id), status: Number(row.status) };
  }

  /** The version open in the wizard (a new one not yet activated, or a modification). */
  private async openVersion(em: EntityManager, caller: CurrentUser, agreementId: number) {
    const row = await this.version(em, caller, agreementId);
    const open =
      (row.status === AgreementStatus.PendingApproval && row.previous_id === null && row.activated_by_id === null) ||
      (row.status === AgreementStatus.ModificationPendingApproval &&
        row.previous_id !== null &&
        row.activated_by_id === null);
    if (!open) {
      throw new DomainError('WIZARD_CLOSED', 'This agreement is no longer open in the wizard.', 'agreementId');
    }
    return row;
  }

  private async get(em: EntityManager, approvalId: number): Promise<AgreementApprovalView> {
    const [row] = await em.execute<Row[]>(`${SELECT} where a.id = ?`, [approvalId]);
    return view(row);
  }

  private staff(user: CurrentUser | null): CurrentUser {
    const caller = requireUser(user);
    if (!isStaff(caller.roles) || caller.roles.every((r) => r === 'REPORTER')) throw new ForbiddenError();
    return caller;
  }

  private approver(user: CurrentUser | null): CurrentUser {
    const caller = requireUser(user);
    if (!isApprover(caller.roles)) throw new ForbiddenError();
    return caller;
  }
}

/** An amount as the numeric column takes it: cents written as "1234.50", never as 123450 dollars. */
function amountText(amount: Cents | null): string | null {
  return amount === null ? null : toDecimalString(amount);
}
