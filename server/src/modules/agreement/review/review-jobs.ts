import type { EntityManager } from '@mikro-orm/postgresql';
import { onFiguresChanged } from '../../../common/figures-changed.js';
import { defineJob, PART_JOB_OPTIONS, type JobQueue } from '../../../jobs/job-queue.js';
import type { LocalDate } from '../../../shared/local-date.js';
import { figuresMoveReview } from './review-rework.rules.js';
import { agreementsWithOpenReview } from './review-store.js';
import type { DepositReviewService } from './review.service.js';

/**
 * The deposit that reviews itself (issue 24 item 2): every running agreement reviewed once a day at 01:30 in the
 * institution's time zone, after the bank day's first step (00:05). One run across every instance (cron): it
 * supersedes the open reviews of versions that no longer run and splits the running ones into parts of at most
 * `partitionSize` (rule "parts of a job", as the bank day's steps: issue 23 item 2); a book of one part is reviewed
 * by the run itself, a larger one by one `agreement-deposit-review-part` job per part, which any instance's worker
 * takes, each in its own transaction. A rerun of the run or of a part changes nothing (an open review with the same
 * proposal is kept; the calendar counts from the day's reviews), so a part cut short by a killed instance is simply
 * run again.
 */
export const DEPOSIT_REVIEW_JOB = defineJob<Record<string, never>>({
  name: 'agreement-deposit-review',
  policy: 'short',
  retryLimit: 3,
  retryDelaySeconds: 60,
  retryBackoff: true,
  expireInSeconds: 1800,
  cron: '30 1 * * *',
  batchSize: 1,
});

/** A part of the day's review: the running agreements with `from <= id < to` (null: no bound). */
export interface DepositReviewPartData {
  date: LocalDate;
  part: number;
  from: number | null;
  to: number | null;
}

/** One part at a time per instance (batchSize 1), so that every instance takes parts of the same review. */
export const DEPOSIT_REVIEW_PART_JOB = defineJob<DepositReviewPartData>({
  name: 'agreement-deposit-review-part',
  ...PART_JOB_OPTIONS,
});

/** The key of a part's job: one waits at most per day and part. */
export function reviewPartKey(date: LocalDate, part: number): string {
  return `review:${date}:${part}`;
}

/**
 * An open review worked out again between two nightly runs (`DepositReviewService#reworkOpen`, rule "record a review"),
 * queued by `reworkOpenReviewsOn` in the transaction of the change that moved its figures. One waits at most per
 * agreement (its key): a burst of changes before it runs (a bill paid, then a top-up) is one run, on the figures as
 * they are when it runs. Run again, it changes nothing (the open review it left has the figure worked out now).
 */
export const DEPOSIT_REVIEW_REWORK_JOB = defineJob<{ agreementId: number }>({
  name: 'agreement-deposit-review-rework',
  policy: 'short',
  retryLimit: 5,
  retryDelaySeconds: 10,
  retryBackoff: true,
  expireInSeconds: 300,
});

/** The key of an agreement's rework job: one waits at most per agreement. */
export function reworkKey(agreementId: number): string {
  return `rework:${agreementId}`;
}

/**
 * From here on, every transaction on this ORM that changes the figures of accounts (the figures announcement,
 * common/figures-changed.ts: once per transaction, just before its commit) queues, in that transaction, the rework of
 * the open review of each of its agreements that has one (rule `figuresMoveReview` says which announcements can move
 * it). One statement for the whole transaction, through the open reviews' own small index, whatever its number of
 * accounts (a bank day's batch); an account without an open review costs nothing more, and no job. The job exists once
 * the change commits and never when it rolls back. Not while the queue cannot send (before the app's start, after its
 * stop): the 01:30 review works those out. Call it with `orm.em` at start (app.ts).
 */
export function reworkOpenReviewsOn(em: EntityManager, jobs: JobQueue): void {
  onFiguresChanged(em, async (tx, change) => {
    if (!figuresMoveReview(change) || !jobs.sending) return;
    const agreementIds = await agreementsWithOpenReview(tx, change.accountIds);
    await jobs.sendMany(
      tx,
      DEPOSIT_REVIEW_REWORK_JOB,
      agreementIds.map((agreementId) => ({ data: { agreementId }, key: reworkKey(agreementId) })),
    );
  });
}

export interface DepositReviewJobOptions {
  /** Running agreements per part (the bank day's `BANK_DAY_PARTITION_SIZE`). */
  partitionSize: number;
  /** How long a part may run before it is taken again. */
  partExpireSeconds: number;
}

export function registerDepositReviewJobs(
  jobs: JobQueue,
  reviews: DepositReviewService,
  today: () => LocalDate,
  options: DepositReviewJobOptions,
): void {
  jobs.handle(DEPOSIT_REVIEW_JOB, async (_data, { em }) => {
    const superseded = await reviews.supersedeStale(em);
    const parts = await reviews.parts(em, options.partitionSize);
    if (parts.length === 1) {
      const run = await reviews.reviewPart(em, parts[0]);
      return { ...run, superseded: run.superseded + superseded, parts: 1 };
    }
    const date = today();
    await jobs.sendMany(
      em,
      DEPOSIT_REVIEW_PART_JOB,
      parts.map(({ from, to }, part) => ({ data: { date, part, from, to }, key: reviewPartKey(date, part) })),
    );
    jobs.notify(DEPOSIT_REVIEW_PART_JOB);
    return { date, superseded, parts: parts.length, partsSent: parts.length };
  });
  const partJob = defineJob<DepositReviewPartData>({
    ...DEPOSIT_REVIEW_PART_JOB.definition,
    expireInSeconds: options.partExpireSeconds,
  });
  jobs.handle(partJob, async ({ date, part, from, to }, { em }) => ({
    date,
    part,
    from,
    to,
    ...(await reviews.reviewPart(em, { from, to })),
  }));
  jobs.handle(DEPOSIT_REVIEW_REWORK_JOB, async ({ agreementId }, { em }) => ({
    agreementId,
    ...(await reviews.reworkOpen(em, agreementId)),
  }));
}
