import type { EntityManager } from '@mikro-orm/postgresql';
import { requireUser } from '../../../common/auth/access.js';
import type { CurrentUser } from '../../../common/auth/current-user.js';
import { actsAsStaff, Role } from '../../../common/auth/roles.js';
import { FiguresChangeReason, figuresChanged } from '../../../common/figures-changed.js';
import type { Clock } from '../../../shared/clock.js';
import { DomainError, ForbiddenError } from '../../../shared/errors.js';
import { formatCurrency, parseMoney, toDecimalString, type Cents } from '../../../shared/money.js';
import { freeText } from '../../../common/free-text.js';
import { ActivityType, writeActivity } from '../../activity/index.js';
import type { DepositChangeService } from '../deposit-change.js';
import { formatDisplayDate, type LocalDate } from '../../../shared/local-date.js';
import { loadMemberAccount } from '../account-context.js';
import { EVERY_AGREEMENT, partitionRanges, type AgreementRange } from '../../../jobs/agreement-ranges.rules.js';
import type { SettingsService } from '../../settings/index.js';
import type { AgreementFacts } from '../agreement-facts.js';
import type { BillerFacts } from '../agreement-billers.js';
import { loadPlanEffectiveDates } from '../plan/plan-reader.js';
import { PROJECTION_BATCH, type ProjectionService } from '../projection/projection.service.js';
import type { ProjectionInput } from '../projection/projection.rules.js';
import { reviewDue, reviewProposal, type ReviewDue, type ReviewProposal } from './review-proposal.rules.js';
import { reviewTableOf, type ReviewBiller, type ReviewBillFacts, type ReviewTable } from './review-table.rules.js';
import { loadSettledTermBills, termBillsToCome } from './review.queries.js';
import { DepositReviewStatus } from './review-codes.js';
import { reviewRecordAction } from './review-record.rules.js';
import {
  auditReview,
  closeReview,
  lastClosedReview,
  REVIEW_NOT_OPEN,
  insertReviews,
  openDepositReviews,
  reviewHistory,
  runningAgreementFacts,
  runningAgreementIds,
  lockRunningVersions,
  rewriteReviews,
  supersedeReviews,
  supersedeStaleReviews,
  type ReviewToRecord,
} from './review-store.js';

/** The user a review the member accepted is prepared as (migration `deposit_review_user`). */
export const DEPOSIT_REVIEW_USERNAME = 'system.deposit-review';

export const REVIEW_MESSAGES = {
  notOpen: REVIEW_NOT_OPEN,
  nothingProposed: 'This review proposes no new deposit.',
  resigned: 'The membership is resigned: the agreement takes no change.',
  alreadyAsked: 'You have already asked us about this review: we will be in touch.',
  referred: 'We will look at the review with you and be in touch.',
  dismissed: 'The review is dismissed: the deposit stays as it is, and the member sees the review closed.',
  acceptedApplies: (deposit: string) => `Your new deposit of ${deposit} is approved: it applies from the next deposit.`,
  acceptedWaits: 'The new deposit was sent to you for approval: approve it on your agreement’s page.',
  acceptedNeedsManager: (deposit: string) =>
    `The new deposit of ${deposit} needs a manager’s approval first: it is waiting in the approvals queue, and comes back to you to approve.`,
} as const;

/** What accepting or referring a review did. */
export interface ReviewDecision {
  reviewId: number;
  message: string;
  /** The modification made for an accepted review. */
  changeAgreementId: number | null;
  /** The member's own approval went with it (it applies shortly). */
  approved: boolean;
  sentToMember: boolean;
  waitingForManager: boolean;
}

/** What a scheduled review run did. */
export interface ReviewRun {
  reviewed: number;
  proposed: number;
  kept: number;
  unchanged: number;
  /** Open reviews written again in place (the same deposit, other figures or words). */
  rewritten: number;
  superseded: number;
}

/** An agreement reviewed: its per-bill table, the deposit proposed and whether a review is due. */
export interface DepositReview {
  agreementId: number;
  table: ReviewTable;
  /** Null for an agreement with nothing to propose (ended, or no deposit still to come). */
  proposal: ReviewProposal | null;
  due: ReviewDue | null;
}

export interface DepositReviewAnswer extends DepositReview {
  accountId: number;
  /** The review the scheduled job recorded and still open (the member accepts it or asks staff). */
  open: OpenReview | null;
  /** The last review, when an answer closed it (accepted, or dismissed by staff) and none is open since. */
  closed: ClosedReview | null;
}

export interface ClosedReview {
  reviewId: number;
  reviewedOn: LocalDate;
  status: DepositReviewStatus.Accepted | DepositReviewStatus.Dismissed;
}

export interface OpenReview {
  reviewId: number;
  reviewedOn: LocalDate;
  proposedDeposit: Cents | null;
  referred: boolean;
  summary: string;
}

function reviewBillerOf(biller: BillerFacts): ReviewBiller {
  return { key: biller.key, name: biller.nickname, amountVaries: biller.amountVaries };
}

/** Agreements worked out between two yields of `forAgreements` (the next batch's statements go out in between). */
const REVIEW_YIELD_EVERY = 50;

interface ReviewFacts {
  inputs: Map<number, ProjectionInput>;
  billers: Map<number, BillerFacts[]>;
  termBills: Map<number, ReviewBillFacts[]>;
  /** When each version's stored plan took effect (the review's calendar counts from it). */
  planEffectiveDates: Map<number, LocalDate>;
}

/** One agreement's review from its batch's facts (null without a projection input). */
function reviewOf(
  agreement: AgreementFacts,
  facts: ReviewFacts,
  context: { today: LocalDate; everyMonths: number; lastReviewed: ReadonlyMap<number, LocalDate> },
): DepositReview | null {
  const input = facts.inputs.get(agreement.id);
  if (!input) return null;
  const bills = facts.termBills.get(agreement.id) ?? [];
  const table = reviewTableOf(input, (facts.billers.get(agreement.id) ?? []).map(reviewBillerOf), bills);
  const proposal = reviewProposal(input, table, bills, agreement.contributionFrequency);
  const due =
    proposal &&
    reviewDue({
      today: context.today,
      lastReviewedOn: context.lastReviewed.get(agreement.id) ?? null,
      since: facts.planEffectiveDates.get(agreement.id) ?? agreement.startDate,
      everyMonths: context.everyMonths,
      deposit: agreement.depositAmount,
      endOfTermBalance: proposal.endOfTermBalance,
      lowestBalance: proposal.lowestBalance,
    });
  return { agreementId: agreement.id, table, proposal, due };
}

/**
 * The deposit that reviews itself (issue 24 item 2): each agreement's per-bill table (`review-table.rules.ts`) and the
 * deposit it needs (`review-proposal.rules.ts`), from the projection's input (`ProjectionService.inputsFor`), the
 * billers and the term's bills: set-based for any number of agreements (the scheduled review), or one member's
 * account with the access check of every member page.
 */
export class DepositReviewService {
  constructor(
    private readonly projections: ProjectionService,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
    private readonly depositChanges: DepositChangeService,
    /** Agreements loaded and worked out together (`forAgreements`; tests make it small). */
    private readonly batchSize = PROJECTION_BATCH,
  ) {}

  /**
   * The member accepts the open review's deposit in one tap, or staff send it to the member: a modification of the
   * deposit through the one way deposits change (`../deposit-change.ts`). The member's tap is their approval: the
   * change is prepared as "Deposit review" (the system user) and approved by the member at once, then applied by the
   * change job; when the agreement needs a manager's approval it waits in the approvals queue first, and says so.
   * Staff accepting send it to the member for approval, as any change. Once per review.
   */
  async accept(
    em: EntityManager,
    user: CurrentUser | null,
    request: { memberId: number; accountId: number; reviewId: number },
  ): Promise<ReviewDecision> {
    const caller = requireUser(user);
    const member = caller.roles.includes(Role.MEMBER) && caller.memberId !== null;
    if (!member && !actsAsStaff(caller.roles)) throw new ForbiddenError();
    const context = await loadMemberAccount(em, caller, request.memberId, request.accountId);
    if (context.memberResigned) throw new DomainError('MEMBERSHIP_RESIGNED', REVIEW_MESSAGES.resigned);
    const review = await this.openReview(em, context.agreement?.id ?? null, request.reviewId);
    if (review.proposedDeposit === null) throw new DomainError('NOTHING_PROPOSED', REVIEW_MESSAGES.nothingProposed);
    const deposit = review.proposedDeposit;
    const reason = `Deposit review of ${formatDisplayDate(review.reviewedOn)}: ${review.summary}`.slice(0, 500);
    // The change and the review marked accepted commit together, or neither does.
    const done = await em.transactional(async (tx) => {
      const made = member
        ? await this.depositChanges.changeForMember(tx, caller, DEPOSIT_REVIEW_USERNAME, context, deposit, reason)
        : { ...(await this.depositChanges.change(tx, caller, context, deposit, reason)), approved: false };
      await closeReview(tx, review.id, DepositReviewStatus.Accepted, caller, this.clock.now(), made.versionId);
      return made;
    });
    let message = done.message;
    if (member && done.approved) message = REVIEW_MESSAGES.acceptedApplies(formatCurrency(deposit));
    else if (member && done.sentToMember) message = REVIEW_MESSAGES.acceptedWaits;
    else if (member && done.waitingForManager) message = REVIEW_MESSAGES.acceptedNeedsManager(formatCurrency(deposit));
    return {
      reviewId: review.id,
      message,
      changeAgreementId: done.versionId,
      approved: done.approved,
      sentToMember: done.sentToMember,
      waitingForManager: done.waitingForManager,
    };
  }

  /**
   * Staff dismiss the open review (pending or referred), saying why: it is closed (dismissed), its worklist row goes,
   * the member's panel says it is closed; the history (activity 44) and the audit keep who and why. Not the reporter.
   */
  async dismiss(
    em: EntityManager,
    user: CurrentUser | null,
    request: { memberId: number; accountId: number; reviewId: number; reason: string },
  ): Promise<ReviewDecision> {
    const caller = requireUser(user);
    if (!actsAsStaff(caller.roles)) throw new ForbiddenError();
    const context = await loadMemberAccount(em, caller, request.memberId, request.accountId);
    const reason = freeText(request.reason, { kind: 'reason', field: 'reason', required: true });
    const review = await this.openReview(em, context.agreement?.id ?? null, request.reviewId);
    const now = this.clock.now();
    await em.transactional(async (tx) => {
      await closeReview(tx, review.id, DepositReviewStatus.Dismissed, caller, now, null);
      await writeActivity(tx, {
        type: ActivityType.DepositReviewDismissed,
        accountId: context.accountId,
        memberId: context.memberId,
        agreementId: context.agreement!.id,
        details: `The deposit review of ${formatDisplayDate(review.reviewedOn)} was closed: the deposit stays as it is.`,
        // Staff's words stay with staff (the activity's notes), as a hardship case's do.
        notes: reason,
        data: {
          reviewId: review.id,
          proposedDeposit: review.proposedDeposit === null ? null : toDecimalString(review.proposedDeposit),
        },
        agentName: caller.displayName,
        userId: caller.userId,
        occurredAt: now,
      });
      await auditReview(tx, caller, 'dismissDepositReview', review.id, now, { reason });
      figuresChanged(tx, { accountIds: [context.accountId], reason: FiguresChangeReason.StatusChanged });
    });
    return {
      reviewId: review.id,
      message: REVIEW_MESSAGES.dismissed,
      changeAgreementId: null,
      approved: false,
      sentToMember: false,
      waitingForManager: false,
    };
  }

  /** The member asks staff to look at the review instead: it stays open, and the worklist row says they asked. */
  async refer(
    em: EntityManager,
    user: CurrentUser | null,
    request: { memberId: number; accountId: number; reviewId: number },
  ): Promise<ReviewDecision> {
    const caller = requireUser(user);
    if (!caller.roles.includes(Role.MEMBER) || caller.memberId === null) throw new ForbiddenError();
    const context = await loadMemberAccount(em, caller, request.memberId, request.accountId);
    const review = await this.openReview(em, context.agreement?.id ?? null, request.reviewId);
    if (review.status === DepositReviewStatus.Referred) {
      throw new DomainError('ALREADY_ASKED', REVIEW_MESSAGES.alreadyAsked);
    }
    const now = this.clock.now();
    await em.transactional(async (tx) => {
      await tx.execute(
        'update deposit_review set status = ?, referred_at = ? where id = ? and status = ?',
        [DepositReviewStatus.Referred, now, review.id, DepositReviewStatus.Pending],
        'run',
      );
      await auditReview(tx, caller, 'referDepositReview', review.id, now, {});
      figuresChanged(tx, { accountIds: [context.accountId], reason: FiguresChangeReason.StatusChanged });
    });
    return {
      reviewId: review.id,
      message: REVIEW_MESSAGES.referred,
      changeAgreementId: null,
      approved: false,
      sentToMember: false,
      waitingForManager: false,
    };
  }

  private async openReview(em: EntityManager, agreementId: number | null, reviewId: number) {
    const [row] = await em.execute<Record<string, unknown>[]>(
      `select id, status, proposed_deposit::text as proposed_deposit, reviewed_on::text as reviewed_on, summary
       from deposit_review where id = ? and agreement_id = ? and status in (?, ?)`,
      [reviewId, agreementId ?? 0, DepositReviewStatus.Pending, DepositReviewStatus.Referred],
    );
    if (!row) throw new DomainError('REVIEW_NOT_OPEN', REVIEW_MESSAGES.notOpen);
    return {
      id: Number(row.id),
      status: Number(row.status) as DepositReviewStatus,
      proposedDeposit: row.proposed_deposit === null ? null : parseMoney(String(row.proposed_deposit)),
      reviewedOn: String(row.reviewed_on) as LocalDate,
      summary: String(row.summary),
    };
  }

  /** The review of a member's current agreement; null without one. */
  async forAccount(
    em: EntityManager,
    user: CurrentUser | null,
    memberId: number,
    accountId: number,
  ): Promise<DepositReviewAnswer | null> {
    const caller = requireUser(user);
    const context = await loadMemberAccount(em, caller, memberId, accountId);
    if (!context.agreement) return null;
    const review = (await this.forAgreements(em, [context.agreement])).get(context.agreement.id) ?? null;
    if (!review) return null;
    const [open] = await openDepositReviews(em, [context.agreement.id]);
    const closed = open ? null : await lastClosedReview(em, context.agreement.id);
    return {
      closed,
      ...review,
      accountId: context.accountId,
      open: open
        ? {
            reviewId: open.reviewId,
            reviewedOn: open.reviewedOn,
            proposedDeposit: open.proposedDeposit,
            referred: open.referred,
            summary: open.summary,
          }
        : null,
    };
  }

  /**
   * Each agreement's review. `lastReviewed` (the last review of each agreement, when the caller keeps them) starts the
   * calendar; without one it counts from when the version took effect (its stored plan), else its start date.
   * In batches (`batchSize`, PROJECTION_BATCH agreements): the next batch's statements go out while one is worked
   * out (the work yields every REVIEW_YIELD_EVERY agreements so that each answer is followed by the next statement at
   * once), so the database and Node work side by side on the one connection, one statement at a time; a batch's rows
   * are garbage soon after.
   */
  async forAgreements(
    em: EntityManager,
    agreements: readonly AgreementFacts[],
    lastReviewed: ReadonlyMap<number, LocalDate> = new Map(),
  ): Promise<Map<number, DepositReview>> {
    const today = this.clock.today();
    const everyMonths = (await this.settings.serverSettings(em)).depositReviewEveryMonths;
    const batches: AgreementFacts[][] = [];
    for (let start = 0; start < agreements.length; start += this.batchSize) {
      batches.push(agreements.slice(start, start + this.batchSize));
    }
    const result = new Map<number, DepositReview>();
    let loading = batches.length > 0 ? this.reviewFacts(em, batches[0]) : null;
    for (const [index, batch] of batches.entries()) {
      const facts = await loading!;
      loading = index + 1 < batches.length ? this.reviewFacts(em, batches[index + 1]) : null;
      // Awaited below, or before an error leaves (the transaction's connection is then free for its rollback).
      loading?.catch(() => undefined);
      try {
        for (const [i, agreement] of batch.entries()) {
          if (i > 0 && i % REVIEW_YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
          const review = reviewOf(agreement, facts, { today, everyMonths, lastReviewed });
          if (review) result.set(agreement.id, review);
        }
      } catch (error) {
        await loading?.catch(() => undefined);
        throw error;
      }
    }
    return result;
  }

  /**
   * What a batch's reviews read: the projection's inputs, billers and unpaid bills, the term's settled bills, when
   * the stored plans took effect. Each bill is read once: the term's bills still owed are the projection's.
   */
  private async reviewFacts(em: EntityManager, agreements: readonly AgreementFacts[]): Promise<ReviewFacts> {
    const ids = agreements.map((agreement) => agreement.id);
    const { inputs, billers, unpaidBills } = await this.projections.inputsWithBillersFor(em, agreements);
    const settled = await loadSettledTermBills(em, agreements);
    // Only when each plan took effect: the plans' deposit dates and lines play no part in a review.
    const planEffectiveDates = await loadPlanEffectiveDates(em, ids);
    const termBills = new Map<number, ReviewBillFacts[]>();
    for (const agreement of agreements) {
      const keys = new Set((billers.get(agreement.id) ?? []).map((biller) => biller.key));
      const toCome = termBillsToCome(agreement, keys, unpaidBills.get(agreement.id) ?? []);
      termBills.set(agreement.id, [...(settled.get(agreement.id) ?? []), ...toCome]);
    }
    return { inputs, billers, termBills, planEffectiveDates };
  }

  /**
   * The whole review in one transaction: open reviews of versions that no longer run superseded
   * (`supersedeStale`), then every running version reviewed (`reviewPart` over every agreement). The scheduled job
   * does the same in parts (review-jobs.ts).
   */
  async reviewAll(em: EntityManager): Promise<ReviewRun> {
    return em.transactional(async (tx) => {
      const superseded = await supersedeStaleReviews(tx);
      const run = await this.reviewPart(tx, EVERY_AGREEMENT);
      return { ...run, superseded: run.superseded + superseded };
    });
  }

  /** Open reviews of versions that no longer run (a new version, cancelled, expired) superseded: how many. */
  async supersedeStale(em: EntityManager): Promise<number> {
    return em.transactional((tx) => supersedeStaleReviews(tx));
  }

  /** The review split into parts of at most `size` running versions each (rule "parts of a job"). */
  async parts(em: EntityManager, size: number): Promise<AgreementRange[]> {
    return partitionRanges(await runningAgreementIds(em), size);
  }

  /**
   * The running versions of `range` reviewed, in one transaction: each due review recorded by rule "record a review"
   * (at most one open per agreement). Run again, it changes nothing (an open review with the same proposal is kept).
   */
  async reviewPart(em: EntityManager, range: AgreementRange): Promise<ReviewRun> {
    return this.review(em, range, false);
  }

  /**
   * The open review of one agreement worked out again now, by rule "record a review" (kept when its figure is still
   * the one worked out, else proposed anew or recorded unchanged), in its own transaction (or the caller's): a change
   * of its figures between two nightly runs (a bill paid, a top-up, a catch-up deposit, arrears) must not leave the
   * member offered a stale deposit until 01:30. Run by the rework job (`DEPOSIT_REVIEW_REWORK_JOB`, review-jobs.ts),
   * which the change's own transaction queues. No review is opened where none is; run again, it changes nothing.
   */
  async reworkOpen(em: EntityManager, agreementId: number): Promise<ReviewRun> {
    return this.review(em, { from: agreementId, to: agreementId + 1 }, true);
  }

  private async review(em: EntityManager, range: AgreementRange, onlyOpen: boolean): Promise<ReviewRun> {
    const today = this.clock.today();
    return em.transactional(async (tx) => {
      // No JIT compilation: the planner's guesses for a batch's statements (a chain of earlier versions per biller)
      // pass jit_above_cost, and compiling took longer than running them (EXPLAIN at 100,000 agreements: 40-140 ms
      // of JIT for the term's bills, which run in 10-30 ms; 10-40 ms for the projection's rows).
      await tx.execute('set local jit = off');
      const agreements = await runningAgreementFacts(tx, range);
      const history = await reviewHistory(
        tx,
        agreements.map((agreement) => agreement.id),
      );
      const reviews = await this.forAgreements(tx, agreements, history.lastReviewed);
      const decidedReviews: { review: ReviewToRecord; supersede: number | null }[] = [];
      const toRewrite: { id: number; proposal: ReviewProposal; agreementId: number; accountId: number }[] = [];
      const toClose: { id: number; accountId: number }[] = [];
      let kept = 0;
      for (const agreement of agreements) {
        const review = reviews.get(agreement.id) ?? null;
        const open = history.open.get(agreement.id) ?? null;
        if (onlyOpen && open === null) continue;
        // No review worked out (no projection input) is nothing left to offer, as no proposal is.
        const decided = reviewRecordAction(review?.due ?? null, review?.proposal ?? null, open);
        if (decided.action === 'none') continue;
        if (decided.action === 'keep') {
          kept += 1;
          continue;
        }
        if (decided.action === 'rewrite') {
          toRewrite.push({
            id: decided.openId,
            proposal: review!.proposal!,
            agreementId: agreement.id,
            accountId: agreement.accountId,
          });
          continue;
        }
        if (decided.action === 'close') {
          toClose.push({ id: decided.openId, accountId: agreement.accountId });
          continue;
        }
        decidedReviews.push({
          review: {
            agreement,
            // Not due itself (an open one worked out anew): it keeps the open one's reason.
            reason: review!.due?.reason ?? open!.reason,
            proposal: review!.proposal!,
            status: decided.action === 'propose' ? DepositReviewStatus.Pending : DepositReviewStatus.Unchanged,
          },
          supersede: decided.supersede,
        });
      }
      // The versions written for are locked (key share) before their reviews, in the status writer's order (the version,
      // then its review: review-ends.ts): a status change closing a review meanwhile waits for this run or this run
      // for it, never each for the other (superseding the review, then inserting its replacement, whose foreign key
      // waits for the version, deadlocked with it). A version that stopped running meanwhile gets nothing recorded.
      const running = await lockRunningVersions(tx, [
        ...decidedReviews.map(({ review }) => review.agreement.id),
        ...toRewrite.map(({ agreementId }) => agreementId),
      ]);
      const stillRunning = decidedReviews.filter(({ review }) => running.has(review.agreement.id));
      const toSupersede = [
        ...stillRunning.flatMap(({ supersede }) => (supersede === null ? [] : [supersede])),
        ...toClose.map(({ id }) => id),
      ];
      const superseded = await supersedeReviews(tx, toSupersede);
      // An open review answered while this ran (the member accepted it: the supersede waited for its row) is not
      // replaced: its answer stands, and the member is not offered another review in its place.
      const toRecord = stillRunning
        .filter(({ supersede }) => supersede === null || superseded.has(supersede))
        .map(({ review }) => review);
      await insertReviews(tx, today, toRecord);
      const rewritten = await rewriteReviews(
        tx,
        toRewrite.filter(({ agreementId }) => running.has(agreementId)),
      );
      const closed = toClose.filter(({ id }) => superseded.has(id));
      // The review's screens (its panel, the worklist) follow a review recorded, written again or closed, after the
      // commit.
      const accountIds = [
        ...toRecord.map((review) => review.agreement.accountId),
        ...toRewrite.filter(({ id }) => rewritten.has(id)).map(({ accountId }) => accountId),
        ...closed.map(({ accountId }) => accountId),
      ];
      if (accountIds.length > 0) figuresChanged(tx, { accountIds, reason: FiguresChangeReason.DepositReviewed });
      const proposed = toRecord.filter((review) => review.status === DepositReviewStatus.Pending).length;
      return {
        reviewed: agreements.length,
        proposed,
        kept,
        unchanged: toRecord.length - proposed,
        rewritten: rewritten.size,
        superseded: superseded.size,
      };
    });
  }
}
