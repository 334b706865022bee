import { freeText } from '../../common/free-text.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import { requireUser } from '../../common/auth/access.js';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { isStaff } from '../../common/auth/roles.js';
import { ForbiddenError, NotFoundError } from '../../shared/errors.js';
import { AgreementStatus, agreementStatusName } from '../agreement/index.js';
import type { SignInThrottle } from '../auth/index.js';
import { loadAccessibleBill, PAYMENT_MESSAGES, PaymentError } from '../payment/index.js';
import { ApprovalKind } from './approval-type.js';
import type { EventBus } from '../../graphql/event-bus.js';
import { liveStream } from '../../graphql/live-stream.js';
import type { LocalDate } from '../../shared/local-date.js';
import { parseMoney, type Cents } from '../../shared/money.js';
import { accountMember, holderLinksOf, holderLinksSql } from '../branch/index.js';

/**
 * A pending arrears request, as the partial unique index approval_one_pending_per_bill says it (a literal, so that
 * ON CONFLICT can infer the index).
 */
const PENDING_ARREARS = `approval_type = ${ApprovalKind.BillPaymentInArrears} and approver_id is null`;

/** The bus topic of one arrears approval's decision. */
export function approvalTopic(approvalId: number): string {
  return `approval:${approvalId}`;
}
import { isApprover, verifyManagerSignature } from './manager-signature.js';
import { recordApprovalDecision } from './approval-decision.js';
import type { Clock } from '../../shared/clock.js';

/** managerapproval: approvalGranted, billId, contractId (1 §3), plus who decided and why. */
export interface ArrearsApprovalView {
  approvalId: number;
  approvalGranted: boolean;
  /** True while no manager has decided (a queued request). */
  pending: boolean;
  billId: number;
  contractId: number;
  managerName: string;
  note: string;
  requestedBy: string | null;
  /** When the agent asked (or the manager signed on the agent's screen). */
  requestedAt: string;
  /** What the request is about, so a manager can decide without opening anything (issue 8 item 6). */
  memberId: number | null;
  memberName: string | null;
  accountId: number;
  accountNumber: string;
  billerName: string;
  amount: Cents;
  dueDate: LocalDate;
  agreementStatus: number;
  agreementStatusName: string;
}

export interface OverrideRequest {
  billId: number;
  managerUsername: string;
  managerPassword: string;
  approvalGranted: boolean;
  note: string;
}

interface ApprovalRow {
  id: number;
  approval_granted: boolean;
  approver_id: number | null;
  bill_id: number;
  agreement_id: number;
  manager_name: string;
  note: string;
  requested_by_id: number | null;
  requested_by: string | null;
  created_at: Date | string;
  holder_links: unknown;
  account_id: number;
  account_number: string;
  biller_name: string;
  amount: string;
  due_date: string;
  agreement_status: number;
}

const SELECT = `select a.id, a.approval_granted, a.approver_id, a.bill_id, a.agreement_id, a.manager_name, a.note,
  a.requested_by_id, u.display_name as requested_by, a.created_at, ${holderLinksSql('g.account_id')} as holder_links,
  g.account_id, ac.account_number,
  coalesce(br.nickname, sc.nickname, '') as biller_name, b.amount_allocated::text as amount,
  to_char(b.due_date, 'YYYY-MM-DD') as due_date, g.status as agreement_status
  from approval a left join app_user u on u.id = a.requested_by_id
  join agreement g on g.id = a.agreement_id
  join account ac on ac.id = g.account_id
  join bill b on b.id = a.bill_id
  left join biller br on br.id = b.biller_id
  left join billing_sub_category sc on sc.id = b.billing_sub_category_id`;

function view(row: ApprovalRow): ArrearsApprovalView {
  // The account's member by the one rule (branch/agreement-owner.rules.ts): primary holder first, then the oldest link.
  const member = accountMember(holderLinksOf(row.holder_links));
  return {
    approvalId: row.id,
    approvalGranted: row.approval_granted,
    pending: row.approver_id === null,
    billId: row.bill_id,
    contractId: row.agreement_id,
    managerName: row.manager_name,
    note: row.note,
    requestedBy: row.requested_by,
    requestedAt: new Date(row.created_at).toISOString(),
    memberId: member?.memberId ?? null,
    memberName: member?.name ?? null,
    accountId: Number(row.account_id),
    accountNumber: row.account_number,
    billerName: row.biller_name,
    amount: parseMoney(row.amount),
    dueDate: row.due_date as LocalDate,
    agreementStatus: Number(row.agreement_status),
    agreementStatusName: agreementStatusName(Number(row.agreement_status)),
  };
}

/**
 * Manager approval for paying a bill while its agreement is in arrears (1 §4, §6): an agent asks for one bill; a
 * MANAGER or ADMIN who is not the requester decides, either on the spot (supervisor override: the manager's own
 * username and password, throttled like sign-in) or from their queue. A granted approval is used by one payment.
 */
export class ApprovalService {
  /** The sign-in throttle itself: a manager's password guessed here counts against the manager's account. */
  constructor(
    private readonly throttle: SignInThrottle,
    private readonly events: EventBus,
    /** The decisions' history lines are written on it (activities sort by the clock's time). */
    private readonly clock: Pick<Clock, 'now'> = { now: () => new Date() },
  ) {}

  /**
   * An agent's request, queued for a manager: one pending request per bill (the database's partial unique index
   * `approval_one_pending_per_bill`). A repeat, or a concurrent twin, answers the request already queued.
   */
  async request(
    em: EntityManager,
    maybeUser: CurrentUser | null,
    billId: number,
    note: string,
  ): Promise<ArrearsApprovalView> {
    const user = this.staff(maybeUser);
    const text = freeText(note, { kind: 'note', field: 'note', required: true });
    const bill = await loadAccessibleBill(em, user, billId);
    await this.assertInArrears(em, bill.agreementId);
    // The pending one may be decided between our conflict and our read: then ask again (a new request is right).
    for (let attempt = 0; attempt < 3; attempt++) {
      const id = (await this.queueRequest(em, bill, user.userId, text)) ?? (await this.pendingRequest(em, bill.id));
      if (id !== null) return this.get(em, id);
    }
    throw new PaymentError('APPROVAL_NOT_ALLOWED', 'The request could not be queued. Please try again.');
  }

  /** Inserts the bill's pending request; null when one is already pending (then nothing is written). */
  private async queueRequest(
    em: EntityManager,
    bill: { id: number; agreementId: number },
    userId: number,
    note: string,
  ): Promise<number | null> {
    const [row] = await em.execute<{ id: number }[]>(
      `insert into approval (agreement_id, approval_type, bill_id, requested_by_id, manager_name, note, approval_granted)
       values (?, ?, ?, ?, '', ?, false)
       on conflict (bill_id) where ${PENDING_ARREARS} do nothing returning id`,
      [bill.agreementId, ApprovalKind.BillPaymentInArrears, bill.id, userId, note],
    );
    return row ? row.id : null;
  }

  private async pendingRequest(em: EntityManager, billId: number): Promise<number | null> {
    const [row] = await em.execute<{ id: number }[]>(
      `select id from approval where bill_id = ? and ${PENDING_ARREARS}`,
      [billId],
    );
    return row ? row.id : null;
  }

  /** The caller's queue: pending requests by others (a manager never sees their own). */
  async queue(em: EntityManager, maybeUser: CurrentUser | null): Promise<ArrearsApprovalView[]> {
    const user = this.approver(maybeUser);
    const rows = await em.execute<ApprovalRow[]>(
      `${SELECT} where a.approval_type = ? and a.approver_id is null and a.requested_by_id is distinct from ?
       order by a.id`,
      [ApprovalKind.BillPaymentInArrears, user.userId],
    );
    return rows.map(view);
  }

  /** A manager decides a queued request (once; never their own). */
  async decide(
    em: EntityManager,
    maybeUser: CurrentUser | null,
    approvalId: number,
    granted: boolean,
    note: string,
  ): Promise<ArrearsApprovalView> {
    const user = this.approver(maybeUser);
    const text = freeText(note, { kind: 'note', field: 'note', required: false });
    await em.fork().transactional(async (tx) => {
      const [row] = await tx.execute<ApprovalRow[]>(
        `${SELECT} where a.id = ? and a.approval_type = ? for update of a`,
        [approvalId, ApprovalKind.BillPaymentInArrears],
      );
      if (!row) throw new NotFoundError('Approval not found.');
      if (row.approver_id !== null || row.requested_by_id === user.userId) {
        throw new PaymentError('APPROVAL_NOT_ALLOWED', PAYMENT_MESSAGES.approvalNotAllowed);
      }
      await tx.execute(
        `update approval set approver_id = ?, manager_name = ?, approval_granted = ?,
           note = case when ? = '' then note else ? end where id = ?`,
        [user.userId, user.displayName.slice(0, 120), granted, text, text, approvalId],
        'run',
      );
      await recordApprovalDecision(tx, approvalId, user, this.clock.now());
    });
    // After the commit: the agent's dialog waiting on this request hears the decision.
    this.events.publish(approvalTopic(approvalId), { approvalId });
    return this.get(em, approvalId);
  }

  /**
   * A signed-in manager decides paying one bill in arrears (the documented POST /api/managerapproval body:
   * approvalGranted, billId, contractId; 1 §7): the bill's pending request when an agent queued one (decided as
   * `decide` does, never their own), otherwise their own decision, recorded with them as the approver.
   */
  async decideForBill(
    em: EntityManager,
    maybeUser: CurrentUser | null,
    request: { billId: number; contractId: number; approvalGranted: boolean; note: string },
  ): Promise<ArrearsApprovalView> {
    const user = this.approver(maybeUser);
    const text = freeText(request.note, { kind: 'note', field: 'note', required: false });
    const bill = await loadAccessibleBill(em, user, request.billId);
    if (bill.agreementId !== request.contractId) throw new NotFoundError('Bill not found.');
    await this.assertInArrears(em, bill.agreementId);
    const pending = await this.pendingRequest(em, bill.id);
    if (pending !== null) return this.decide(em, user, pending, request.approvalGranted, text);
    return this.decidedRequest(
      em,
      user,
      bill,
      { id: user.userId, displayName: user.displayName },
      text,
      request.approvalGranted,
    );
  }

  /** An arrears request made and decided at once (a manager's own decision, or a supervisor's override), with its activity. */
  private async decidedRequest(
    em: EntityManager,
    user: CurrentUser,
    bill: { id: number; agreementId: number },
    approver: { id: number; displayName: string },
    note: string | null,
    granted: boolean,
  ): Promise<ArrearsApprovalView> {
    const id = await em.fork().transactional(async (tx) => {
      const [row] = await tx.execute<{ id: number }[]>(
        `insert into approval (agreement_id, approval_type, bill_id, requested_by_id, approver_id, manager_name, note,
           approval_granted) values (?, ?, ?, ?, ?, ?, ?, ?) returning id`,
        [
          bill.agreementId,
          ApprovalKind.BillPaymentInArrears,
          bill.id,
          user.userId,
          approver.id,
          approver.displayName.slice(0, 120),
          note,
          granted,
        ],
      );
      await recordApprovalDecision(tx, Number(row.id), user, this.clock.now());
      return Number(row.id);
    });
    return this.get(em, id);
  }

  /** Supervisor override: the manager signs the agent's screen with their own credentials. */
  async override(
    em: EntityManager,
    maybeUser: CurrentUser | null,
    request: OverrideRequest,
  ): Promise<ArrearsApprovalView> {
    const user = this.staff(maybeUser);
    const note = freeText(request.note, { kind: 'note', field: 'note', required: true });
    const bill = await loadAccessibleBill(em, user, request.billId);
    await this.assertInArrears(em, bill.agreementId);
    const manager = await verifyManagerSignature(
      em,
      this.throttle,
      user,
      request.managerUsername,
      request.managerPassword,
    );
    return this.decidedRequest(em, user, bill, manager, note, request.approvalGranted);
  }

  /**
   * The agent's dialog waits on its request (issue 8 item 6): the request now, then again once a manager decides,
   * pushed over the event bus. Staff only; the approval must be one of theirs to see (any staff may wait on it).
   */
  async watch(
    em: EntityManager,
    maybeUser: CurrentUser | null,
    approvalId: number,
  ): Promise<AsyncIterableIterator<ArrearsApprovalView>> {
    this.staff(maybeUser);
    const rows = await em.execute<{ id: number }[]>('select id from approval where id = ? and approval_type = ?', [
      approvalId,
      ApprovalKind.BillPaymentInArrears,
    ]);
    if (rows.length === 0) throw new NotFoundError('Approval not found.');
    return liveStream(this.events, approvalTopic(approvalId), {
      current: () => this.get(em.fork(), approvalId),
      fromEvent: (payload) =>
        (payload as { approvalId?: unknown } | null)?.approvalId === approvalId
          ? this.get(em.fork(), approvalId)
          : null,
      key: (view) => `${view.pending}:${view.approvalGranted}`,
    });
  }

  private async get(em: EntityManager, approvalId: number): Promise<ArrearsApprovalView> {
    const [row] = await em.execute<ApprovalRow[]>(`${SELECT} where a.id = ?`, [approvalId]);
    return view(row);
  }

  private async assertInArrears(em: EntityManager, agreementId: number): Promise<void> {
    const [row] = await em.execute<{ status: number }[]>('select status from agreement where id = ?', [agreementId]);
    if (row?.status !== AgreementStatus.MissedDeposit) {
      throw new PaymentError('APPROVAL_NOT_ALLOWED', 'Only bills of an agreement in Missed Deposit need an approval.');
    }
  }

  private staff(maybeUser: CurrentUser | null): CurrentUser {
    const user = requireUser(maybeUser);
    if (!isStaff(user.roles) || user.roles.every((r) => r === 'REPORTER')) throw new ForbiddenError();
    return user;
  }

  private approver(maybeUser: CurrentUser | null): CurrentUser {
    const user = requireUser(maybeUser);
    if (!isApprover(user.roles)) throw new ForbiddenError();
    return user;
  }
}
