import { defineJob, type JobQueue } from '../../../jobs/job-queue.js';
import type { DepositReviewService } from './review.service.js';

/**
 * The deposit that reviews itself (issue 24 item 2): every running agreement reviewed once a day at 01:30 in the
 * institution's time zone, after the bank day's first step (00:05). One job across every instance (cron); a rerun
 * changes nothing (an open review with the same proposal is kept; the calendar counts from the day's reviews).
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

export function registerDepositReviewJobs(jobs: JobQueue, reviews: DepositReviewService): void {
  jobs.handle(DEPOSIT_REVIEW_JOB, async (_data, { em }) => ({ ...(await reviews.reviewAll(em)) }));
}
