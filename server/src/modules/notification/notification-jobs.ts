import type { JobQueue } from '../../jobs/job-queue.js';
import type { NotificationDelivery } from './delivery.js';
import { DELIVER_NOTIFICATION_JOB, deliveryJobKey, SWEEP_OUTBOX_JOB } from './outbox.js';

/** The outbox's jobs: delivering each message, and the sweep that keeps every waiting message on a job. */
export function registerNotificationJobs(jobs: JobQueue, delivery: NotificationDelivery): void {
  jobs.handle(DELIVER_NOTIFICATION_JOB, async ({ notificationId }, { em, lastAttempt }) => {
    if (!Number.isInteger(notificationId) || notificationId <= 0) {
      throw new Error(`Invalid notificationId ${notificationId}`);
    }
    await delivery.deliver(em, notificationId, { lastAttempt });
  });
  jobs.handle(SWEEP_OUTBOX_JOB, async (_data, { em }) => {
    const live = await jobs.liveKeys(DELIVER_NOTIFICATION_JOB);
    for (const notificationId of await delivery.waiting(em)) {
      if (live.has(deliveryJobKey(notificationId))) continue;
      await jobs.send(em, DELIVER_NOTIFICATION_JOB, { notificationId }, { key: deliveryJobKey(notificationId) });
    }
  });
}
