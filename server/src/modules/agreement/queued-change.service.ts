import type { EntityManager } from '@mikro-orm/postgresql';
import { assertAccountAccess, requireUser } from '../../common/auth/access.js';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { isStaff } from '../../common/auth/roles.js';
import { NotFoundError } from '../../shared/errors.js';
import type { EventBus } from '../../graphql/event-bus.js';
import { liveStream } from '../../graphql/live-stream.js';
import { checkAccountId } from './account-context.js';
import { AgreementStatus } from './agreement-status.js';
import { queuedChangeStatus, queuedChangeTopic, toQueuedChangeStatus } from './queued-change.events.js';
import { QueuedChangeStage, type QueuedChangeStatus } from './queued-change.types.js';

interface StatusRow {
  id: number;
  status: AgreementStatus;
}

interface LastChangeRow {
  agreement_id: number;
  failed_at: Date | null;
  failure_message: string | null;
}

/** The old façade's booleans (GET /api/contracts/Has…/{accountId}). */
export type AccountAgreementQuestion = 'queued' | 'pendingOrApproved' | 'inProgress';

const QUESTION_STATUSES: Record<AccountAgreementQuestion, AgreementStatus[]> = {
  queued: [AgreementStatus.Queued],
  pendingOrApproved: [
    AgreementStatus.PendingApproval,
    AgreementStatus.ModificationPendingApproval,
    AgreementStatus.Approved,
  ],
  inProgress: [AgreementStatus.InProgress],
};

/**
 * An account's queued agreement change: read now (query), watched (subscription, pushed by the change applier
 * through the event bus). Changes are queued by the wizard's save all and the member's approval (lifecycle/).
 */
export class QueuedChangeService {
  constructor(private readonly events: EventBus) {}

  async status(em: EntityManager, user: CurrentUser | null, accountId: number): Promise<QueuedChangeStatus> {
    await this.assertCanRead(em, user, accountId);
    return this.currentStatus(em, accountId);
  }

  /** The subscription's source: the same checks as the query, then the current status and every change. */
  async watch(
    em: EntityManager,
    user: CurrentUser | null,
    accountId: number,
  ): Promise<AsyncIterableIterator<QueuedChangeStatus>> {
    await this.assertCanRead(em, user, accountId);
    return liveStream(this.events, queuedChangeTopic(accountId), {
      current: () => this.currentStatus(em.fork(), accountId),
      fromEvent: (payload) => {
        const status = toQueuedChangeStatus(payload);
        return status && status.accountId === accountId ? status : null;
      },
      key: (status) => `${status.stage}:${status.agreementId ?? ''}`,
    });
  }

  /** GET /api/contracts/HasQueuedAgreement and friends: whether the account has a version in those statuses. */
  async accountHas(
    em: EntityManager,
    user: CurrentUser | null,
    accountId: number,
    question: AccountAgreementQuestion,
  ): Promise<boolean> {
    await this.assertCanRead(em, user, accountId);
    const rows = await em.execute<{ n: number }[]>(
      'select 1 as n from agreement where account_id = ? and status = any(?::smallint[]) limit 1',
      [accountId, `{${QUESTION_STATUSES[question].join(',')}}`],
    );
    return rows.length > 0;
  }

  /**
   * QUEUED or APPLYING while a version waits in 2 or 3; FAILED while the account's latest change failed (until
   * another change is made); NONE otherwise. APPLIED is only ever pushed: once applied there is nothing waiting.
   */
  async currentStatus(em: EntityManager, accountId: number): Promise<QueuedChangeStatus> {
    const waiting = await em.execute<StatusRow[]>(
      'select id, status from agreement where account_id = ? and status in (?, ?) order by id desc limit 1',
      [accountId, AgreementStatus.Queued, AgreementStatus.InProgress],
    );
    if (waiting.length > 0) {
      const stage =
        waiting[0].status === AgreementStatus.Queued ? QueuedChangeStage.QUEUED : QueuedChangeStage.APPLYING;
      return queuedChangeStatus(accountId, stage, waiting[0].id);
    }
    const last = await em.execute<LastChangeRow[]>(
      `select c.agreement_id, c.failed_at, c.failure_message from agreement_change c
       join agreement a on a.id = c.agreement_id where a.account_id = ? order by c.id desc limit 1`,
      [accountId],
    );
    if (last[0]?.failed_at) {
      return queuedChangeStatus(accountId, QueuedChangeStage.FAILED, last[0].agreement_id, last[0].failure_message);
    }
    return queuedChangeStatus(accountId, QueuedChangeStage.NONE);
  }

  private async assertCanRead(em: EntityManager, user: CurrentUser | null, accountId: number): Promise<void> {
    requireUser(user);
    checkAccountId(accountId);
    await assertAccountAccess(em, user, accountId);
    if (user && isStaff(user.roles)) {
      const rows = await em.execute('select 1 from account where id = ?', [accountId]);
      if (rows.length === 0) throw new NotFoundError('Could not find member or contract.');
    }
  }
}
