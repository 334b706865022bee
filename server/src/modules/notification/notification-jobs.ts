import type { JobQueue } from '../../jobs/job-queue.js';
import type { NotificationDelivery } from './delivery.js';
import { type EventNotifier, SEND_NOTICE_JOB } from './events.js';
import { DELIVER_NOTIFICATION_JOB, deliveryJobKey, SWEEP_OUTBOX_JOB } from './outbox.js';

/**
 * The notifications' jobs: composing each member notice, delivering each message, and the sweep that keeps every
 * waiting message on a job.
 */
export function registerNotificationJobs(
  jobs: JobQueue,
  delivery: NotificationDelivery,
  notifier: EventNotifier,
): void {
  jobs.handle(SEND_NOTICE_JOB, async ({ noticeId }, { em, lastAttempt }) => {
    try {
      const status = await notifier.send(em, noticeId);
      return { status };
    } catch (error) {
      // Nothing follows the last attempt: the notice shows staff why it was not told.
      if (lastAttempt) await notifier.failed(em, noticeId, error instanceof Error ? error.message : String(error));
      throw error;
    }
  });
  jobs.handle(DELIVER_NOTIFICATION_JOB, async ({ notificationId }, { em, lastAttempt }) => {
    if (!Number.isInteger(notificationId) || notificationId <= 0) {
      throw new Error(`Invalid notificationId ${notificationId}`);
    }
    const outcome = await delivery.deliver(em, notificationId, { lastAttempt });
    // Sent: the mail server (or SMS gateway) is back, so the messages it refused earlier go now, not after their back-off.
    if (outcome?.sent) {
      const waiting = await delivery.waitingRetries(em, outcome.channel);
      await jobs.retryNow(DELIVER_NOTIFICATION_JOB, waiting.map(deliveryJobKey));
    }
  });
  jobs.handle(SWEEP_OUTBOX_JOB, async (_data, { em }) => {
    const live = await jobs.liveKeys(DELIVER_NOTIFICATION_JOB);
    for (const notificationId of await delivery.waiting(em)) {
      if (live.has(deliveryJobKey(notificationId))) continue;
      await jobs.send(em, DELIVER_NOTIFICATION_JOB, { notificationId }, { key: deliveryJobKey(notificationId) });
    }
  });
}
