import { defineJob, PART_JOB_OPTIONS, type JobQueue } from '../../../jobs/job-queue.js';
import type { LocalDate } from '../../../shared/local-date.js';
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
}
