import type { EntityManager } from '@mikro-orm/postgresql';
import { defineJob, type JobQueue } from '../../jobs/job-queue.js';
import type { ChangeApplier } from './change-applier.js';

/**
 * Applies one queued agreement version (status 2). Sent in the transaction that queues the change, keyed by the
 * version so that it waits at most once. An unexpected failure is tried again 5 times (2, 4, 8, 16, 32 s apart);
 * a run whose instance died is taken to be lost after 60 s and tried again.
 */
export const APPLY_CHANGE_JOB = defineJob<{ agreementId: number }>({
  name: 'agreement-change-apply',
  policy: 'short',
  retryLimit: 5,
  retryDelaySeconds: 2,
  retryBackoff: true,
  expireInSeconds: 60,
});

/** Every minute: a job for any queued change that has none (queued before the job queue existed, or lost). */
export const SWEEP_CHANGES_JOB = defineJob<Record<string, never>>({
  name: 'agreement-change-sweep',
  policy: 'short',
  retryLimit: 0,
  retryDelaySeconds: 0,
  retryBackoff: false,
  expireInSeconds: 60,
  cron: '* * * * *',
});

/** The business key of a version's apply job. */
export function changeJobKey(agreementId: number): string {
  return `agreement:${agreementId}`;
}

/**
 * Enqueues the apply job of a version just queued (status 2). Call it inside the transaction that queued it
 * (`tx` from `em.transactional`): the job commits with the change or not at all.
 */
export async function enqueueChangeApply(jobs: JobQueue, tx: EntityManager, agreementId: number): Promise<void> {
  await jobs.send(tx, APPLY_CHANGE_JOB, { agreementId }, { key: changeJobKey(agreementId) });
}

/** Sends a job for every waiting version without one; answers the versions it sent one for. */
export async function sweepQueuedChanges(jobs: JobQueue, applier: ChangeApplier, em: EntityManager): Promise<number[]> {
  const live = await jobs.liveKeys(APPLY_CHANGE_JOB);
  const missing = (await applier.waitingVersions(em)).filter((id) => !live.has(changeJobKey(id)));
  for (const agreementId of missing) {
    await jobs.send(em, APPLY_CHANGE_JOB, { agreementId }, { key: changeJobKey(agreementId) });
  }
  return missing;
}

/** The agreement module's jobs: applying queued changes, and the sweep that keeps every one of them on a job. */
export function registerChangeJobs(jobs: JobQueue, applier: ChangeApplier): void {
  jobs.handle(APPLY_CHANGE_JOB, async ({ agreementId }, { em, lastAttempt }) => {
    if (!Number.isInteger(agreementId) || agreementId <= 0) throw new Error(`Invalid agreementId ${agreementId}`);
    await applier.applyQueued(em, agreementId, { lastAttempt });
  });
  jobs.handle(SWEEP_CHANGES_JOB, async (_data, { em }) => {
    await sweepQueuedChanges(jobs, applier, em);
  });
}
