import type { EntityManager } from '@mikro-orm/postgresql';
import { requireUser } from '../../common/auth/access.js';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { actsAsStaff, Role } from '../../common/auth/roles.js';
import type { Clock } from '../../shared/clock.js';
import { DomainError, ForbiddenError, NotFoundError } from '../../shared/errors.js';
import {
  checkHardshipNote,
  checkHardshipTerms,
  checkSituation,
  HARDSHIP_MESSAGES,
  hardshipTermsWords,
  hardshipTransition,
  HardshipRequestKind,
  HardshipStatus,
  type HardshipTerms,
  type HardshipTermsInput,
} from '../../shared/hardship/hardship.rules.js';
import { isLocalDate, type LocalDate } from '../../shared/local-date.js';
import { formatCurrency, parseMoney, toDecimalString, type Cents } from '../../shared/money.js';
import { FiguresChangeReason, figuresChanged } from '../../common/figures-changed.js';
import { ActivityType, writeActivity } from '../activity/index.js';
import {
  type AgreementFacts,
  loadCurrentAgreementFacts,
  loadMemberAccount,
  type ProjectionService,
  type ReliefPlan,
  type ReliefTerms,
  setDepositRelief,
} from '../agreement/index.js';
import type { EventNotifier } from '../notification/index.js';
import { caseOfAccount, lockActiveCase, reliefKeyOf, type HardshipCaseRecord } from './hardship.queries.js';

/** What the member is told when their request for help opens and closes (the agreement-changed notice's change). */
export const HARDSHIP_NOTICES = {
  opened:
    'your request for help with payments is open; we will contact you, and missed-deposit reminders are paused while it is open',
  closed:
    'your request for help with payments is closed; your deposits stay as they are now, and missed-deposit reminders resume',
} as const;

/** The terms as typed on a form: the kind, dates `YYYY-MM-DD` and the amount in dollars, each optional. */
export interface HardshipTermsRequest {
  kind: string;
  from?: string | null;
  until?: string | null;
  amount?: string | null;
}

export interface OpenHardshipCaseRequest extends HardshipTermsRequest {
  memberId: number;
  accountId: number;
  situation: string;
}

export interface ArrangeHardshipRequest extends HardshipTermsRequest {
  accountId: number;
  note: string;
}

/** The form's dates and amount to the rule's types; a malformed one is a clear refusal naming the field. */
function termsInput(request: HardshipTermsRequest): HardshipTermsInput {
  const date = (value: string | null | undefined, field: 'from' | 'until'): LocalDate | null => {
    const text = (value ?? '').trim();
    if (!text) return null;
    if (!isLocalDate(text)) {
      throw new DomainError('INVALID_DATE', HARDSHIP_MESSAGES.invalidDate(field === 'from' ? 'start' : 'end'), field);
    }
    return text;
  };
  let amount: Cents | null = null;
  const amountText = (request.amount ?? '').trim().replace(/^\$/, '');
  if (amountText) {
    try {
      amount = parseMoney(amountText);
    } catch {
      throw new DomainError('INVALID_AMOUNT', HARDSHIP_MESSAGES.invalidAmount, 'amount');
    }
  }
  return { kind: request.kind, from: date(request.from, 'from'), until: date(request.until, 'until'), amount };
}

/** Staff who act (not the read-only reporter). */
function assertStaffWriter(user: CurrentUser | null): CurrentUser {
  const caller = requireUser(user);
  if (!actsAsStaff(caller.roles)) throw new ForbiddenError();
  return caller;
}

/**
 * A way through hardship (issue 24 item 4): a member opens a case on their own account (what is going on, what they
 * ask for), staff record an arrangement or close it; members, staff and reporters read it. Each step is checked by
 * the rules (`shared/hardship/hardship.rules.ts`), written in one transaction with its activity (40, 41, 42) and its
 * audit record. While a case is active the missed-deposit notice is not sent (notification/notice-composer.ts) and
 * the worklist shows the case instead of chasing the deposit (worklist.service.ts).
 */
export class HardshipService {
  constructor(
    private readonly projections: ProjectionService,
    private readonly notifier: EventNotifier,
    private readonly clock: Clock,
  ) {}

  /** The account's active case, else its latest closed one; null when it never had one. */
  async caseOf(
    em: EntityManager,
    user: CurrentUser | null,
    memberId: number,
    accountId: number,
  ): Promise<HardshipCaseRecord | null> {
    const context = await loadMemberAccount(em, user, memberId, accountId);
    return caseOfAccount(em, context.accountId);
  }

  /**
   * The member asks for help on their own account, or staff open the request for a member who tells them (the
   * member's words as staff took them down; staff's name in the history): one active case per account.
   */
  async open(
    em: EntityManager,
    user: CurrentUser | null,
    request: OpenHardshipCaseRequest,
  ): Promise<HardshipCaseRecord> {
    const caller = requireUser(user);
    // The member on their own account, or staff (not the reporter) for a member who tells them.
    const member = caller.roles.includes(Role.MEMBER) && caller.memberId !== null;
    if (!member && !actsAsStaff(caller.roles)) throw new ForbiddenError();
    const context = await loadMemberAccount(em, caller, request.memberId, request.accountId);
    const situation = checkSituation(request.situation);
    if (!context.agreement) throw new DomainError('NO_AGREEMENT', HARDSHIP_MESSAGES.noAgreement);
    const terms = checkHardshipTerms(termsInput(request), await this.facts(em, context.agreement));
    const now = this.clock.now();
    const agreement = context.agreement;
    await em.fork().transactional(async (tx) => {
      hardshipTransition((await lockActiveCase(tx, context.accountId))?.status ?? null, 'open');
      const [row] = await tx.execute<{ id: number }[]>(
        `insert into hardship_case (account_id, member_id, agreement_id, status, situation, request_kind, request_from,
           request_until, request_amount, opened_at, opened_by_id)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         on conflict (account_id) where status in (1, 2) do nothing returning id`,
        [
          context.accountId,
          context.memberId,
          agreement.id,
          HardshipStatus.Open,
          situation,
          terms.kind,
          terms.from,
          terms.until,
          terms.amount === null ? null : toDecimalString(terms.amount),
          now,
          caller.userId,
        ],
      );
      // A twin request committed between the check and the insert: the same answer as the check's.
      if (!row) throw new DomainError('CASE_ALREADY_OPEN', HARDSHIP_MESSAGES.alreadyOpen);
      const caseId = Number(row.id);
      await writeActivity(tx, {
        type: ActivityType.HardshipCaseOpened,
        accountId: context.accountId,
        memberId: context.memberId,
        agreementId: agreement.id,
        details: `Asked for help with payments: ${hardshipTermsWords(terms)}.`,
        notes: situation,
        data: { hardshipCaseId: caseId, request: termsData(terms) },
        agentName: caller.displayName,
        userId: caller.userId,
        occurredAt: now,
      });
      await audit(tx, caller, 'openHardshipCase', caseId, now, { situation, request: termsData(terms) });
      figuresChanged(tx, { accountIds: [context.accountId], reason: FiguresChangeReason.Hardship });
      // The member is told the request is in (the agreement-changed notice, by their preferences), once per case.
      await this.notifier.notifyEvent(tx, {
        agreementId: agreement.id,
        event: 'agreementChanged',
        key: `hardship:${caseId}:opened`,
        facts: { change: HARDSHIP_NOTICES.opened },
      });
    });
    this.notifier.wake();
    return (await caseOfAccount(em, context.accountId))!;
  }

  /** Staff record what was agreed with the member (or change it): the terms by the same rule, and a note. */
  async arrange(
    em: EntityManager,
    user: CurrentUser | null,
    request: ArrangeHardshipRequest,
  ): Promise<HardshipCaseRecord> {
    const caller = assertStaffWriter(user);
    const input = termsInput(request);
    const note = checkHardshipNote(request.note);
    const now = this.clock.now();
    let told = false;
    await em.fork().transactional(async (tx) => {
      const { active, status, agreement, terms, relieved, restored } = await this.relieve(
        tx,
        request.accountId,
        input,
        now,
      );
      await tx.execute(
        `update hardship_case set status = ?, arrangement_kind = ?, arrangement_from = ?, arrangement_until = ?,
           arrangement_amount = ?, arrangement_note = ?, arranged_at = ?, arranged_by_id = ? where id = ?`,
        [
          status,
          terms.kind,
          terms.from,
          terms.until,
          terms.amount === null ? null : toDecimalString(terms.amount),
          note,
          now,
          caller.userId,
          active.id,
        ],
        'run',
      );
      await writeActivity(tx, {
        type: ActivityType.HardshipArrangement,
        accountId: request.accountId,
        memberId: active.memberId,
        agreementId: agreement.id,
        details: `Hardship arrangement: ${hardshipTermsWords(terms)}.${reliefWords(relieved)}`,
        notes: note,
        data: { hardshipCaseId: active.id, arrangement: termsData(terms), deposits: reliefData(relieved) },
        agentName: caller.displayName,
        userId: caller.userId,
        occurredAt: now,
      });
      await audit(tx, caller, 'arrangeHardshipCase', active.id, now, {
        arrangement: termsData(terms),
        note,
        deposits: reliefData(relieved),
      });
      figuresChanged(tx, { accountIds: [request.accountId], reason: FiguresChangeReason.Hardship });
      // The member is told when their deposits changed (the agreement-changed notice, by their preferences).
      if (relieved || restored > 0) {
        await this.notifier.notifyEvent(tx, {
          agreementId: agreement.id,
          event: 'agreementChanged',
          key: `hardship:${active.id}:${now.toISOString()}`,
          facts: { change: `the deposits, as arranged with you: ${hardshipTermsWords(terms)}` },
        });
        told = true;
      }
    });
    if (told) this.notifier.wake();
    return (await caseOfAccount(em, request.accountId))!;
  }

  /**
   * What recording these terms would do to the deposits, for staff before they confirm (issue 24 item 4): the very
   * steps of `arrange` (the same checks and the one writer, `setDepositRelief`, rule "deposit relief") in a
   * transaction that is then rolled back, so nothing is kept, nobody is told and no screen hears of it.
   */
  async previewArrangement(
    em: EntityManager,
    user: CurrentUser | null,
    request: HardshipTermsRequest & { accountId: number },
  ): Promise<ArrangementPreview> {
    assertStaffWriter(user);
    const input = termsInput(request);
    const outcome: { value: ArrangementPreview | null } = { value: null };
    try {
      await em.fork().transactional(async (tx) => {
        const { terms, relieved, restored } = await this.relieve(tx, request.accountId, input, this.clock.now());
        outcome.value = { words: hardshipTermsWords(terms), plan: relieved, restored };
        throw new PreviewDone();
      });
    } catch (error) {
      if (!(error instanceof PreviewDone)) throw error;
    }
    return outcome.value!;
  }

  /**
   * The arrangement's step on the deposits, in `tx` (recording it, or its preview): the case and the terms checked,
   * then the effect on the deposits still to come through the agreement's one writer of a relief (an arrangement
   * changed takes the earlier one back first; "no change" only takes it back).
   */
  private async relieve(tx: EntityManager, accountId: number, input: HardshipTermsInput, now: Date) {
    const active = await this.activeCase(tx, accountId);
    const status = hardshipTransition(active.status, 'arrange');
    const agreement = await loadCurrentAgreementFacts(tx, accountId);
    if (!agreement) throw new DomainError('NO_AGREEMENT', HARDSHIP_MESSAGES.noAgreement);
    const terms = checkHardshipTerms(input, await this.facts(tx, agreement));
    const { plan: relieved, restored } = await setDepositRelief(tx, {
      agreementId: agreement.id,
      accountId,
      reliefKey: reliefKeyOf(active.id),
      relief: reliefOf(terms),
      today: this.clock.today(),
      now,
    });
    return { active, status, agreement, terms, relieved, restored };
  }

  /** Staff close the case (the difficulty is over, or the member no longer wants help): follow-up resumes. */
  async close(
    em: EntityManager,
    user: CurrentUser | null,
    request: { accountId: number; note: string },
  ): Promise<HardshipCaseRecord> {
    const caller = assertStaffWriter(user);
    const note = checkHardshipNote(request.note);
    const now = this.clock.now();
    await em.fork().transactional(async (tx) => {
      const active = await this.activeCase(tx, request.accountId);
      const status = hardshipTransition(active.status, 'close');
      await tx.execute(
        'update hardship_case set status = ?, close_note = ?, closed_at = ?, closed_by_id = ? where id = ?',
        [status, note, now, caller.userId, active.id],
        'run',
      );
      await writeActivity(tx, {
        type: ActivityType.HardshipCaseClosed,
        accountId: request.accountId,
        memberId: active.memberId,
        agreementId: active.agreementId,
        details: 'The request for help with payments was closed.',
        notes: note,
        data: { hardshipCaseId: active.id },
        agentName: caller.displayName,
        userId: caller.userId,
        occurredAt: now,
      });
      await audit(tx, caller, 'closeHardshipCase', active.id, now, { note });
      figuresChanged(tx, { accountIds: [request.accountId], reason: FiguresChangeReason.Hardship });
      // The member is told the case is closed and follow-up resumes (the same notice path as opening it).
      const agreement = await loadCurrentAgreementFacts(tx, request.accountId);
      await this.notifier.notifyEvent(tx, {
        agreementId: agreement?.id ?? active.agreementId,
        event: 'agreementChanged',
        key: `hardship:${active.id}:closed`,
        facts: { change: HARDSHIP_NOTICES.closed },
      });
    });
    this.notifier.wake();
    return (await caseOfAccount(em, request.accountId))!;
  }

  private async activeCase(tx: EntityManager, accountId: number) {
    const [account] = await tx.execute<{ id: number }[]>('select id from account where id = ?', [accountId]);
    if (!account) throw new NotFoundError('Could not find the account.');
    const active = await lockActiveCase(tx, accountId);
    if (!active) throw new DomainError('NO_OPEN_CASE', HARDSHIP_MESSAGES.noCase);
    return active;
  }

  /** Today, the deposit now (the projection's next deposit, else the agreed one) and the term's end. */
  private async facts(em: EntityManager, agreement: AgreementFacts) {
    const deposits = (await this.projections.depositsOf(em, [agreement.id])).get(agreement.id);
    return {
      today: this.clock.today(),
      currentDeposit: deposits?.nextDeposit?.amount ?? agreement.depositAmount,
      termEnd: agreement.endDate,
    };
  }
}

/** What recording an arrangement would do (the staff form's preview): the terms in words, the deposits changed. */
export interface ArrangementPreview {
  words: string;
  /** The deposits changed and how; null for "no change". */
  plan: ReliefPlan | null;
  /** How many deposits the arrangement in force would give back their amounts. */
  restored: number;
}

/** Ends a preview's transaction: everything in it is rolled back. */
class PreviewDone extends Error {}

/** What an arrangement asks of the deposits (rule "deposit relief"); none for "no change". */
export function reliefOf(terms: HardshipTerms): ReliefTerms | null {
  switch (terms.kind) {
    case HardshipRequestKind.DepositHoliday:
      return { kind: 'holiday', from: terms.from!, until: terms.until! };
    case HardshipRequestKind.LowerDeposit:
      return { kind: 'lower', from: terms.from!, until: terms.until!, amount: terms.amount! };
    case HardshipRequestKind.None:
      return null;
  }
}

/** The relief in the history's words: how many deposits, and what the later ones carry. */
function reliefWords(plan: ReliefPlan | null): string {
  if (!plan) return '';
  const relieved = plan.changes.filter((c) => c.after < c.before).length;
  return (
    ` ${relieved} deposit${relieved === 1 ? '' : 's'} relieved of ${formatCurrency(plan.relieved)}, spread over the ` +
    `next ${plan.spreadOver} deposit${plan.spreadOver === 1 ? '' : 's'}.`
  );
}

function reliefData(plan: ReliefPlan | null): unknown {
  return (
    plan?.changes.map((c) => ({
      dueDate: c.dueDate,
      before: toDecimalString(c.before),
      after: toDecimalString(c.after),
      holiday: c.holiday,
    })) ?? []
  );
}

function termsData(terms: HardshipTerms): Record<string, unknown> {
  return {
    kind: terms.kind,
    from: terms.from,
    until: terms.until,
    amount: terms.amount === null ? null : toDecimalString(terms.amount),
  };
}

async function audit(
  tx: EntityManager,
  user: CurrentUser,
  action: 'openHardshipCase' | 'arrangeHardshipCase' | 'closeHardshipCase',
  caseId: number,
  now: Date,
  request: Record<string, unknown>,
): Promise<void> {
  await tx.execute(
    `insert into audit_record (occurred_at, user_id, action, entity_type, entity_id, idempotency_key, request, response)
     values (?, ?, ?, 'hardship_case', ?, ?, ?, '{}')`,
    [now, user.userId, action, caseId, `${action}:${caseId}:${now.toISOString()}`, JSON.stringify(request)],
    'run',
  );
}
