import type { EntityManager } from '@mikro-orm/postgresql';
import type { CurrentUser } from '../../common/auth/current-user.js';
import type { QueuedChangeStatus } from './queued-change.types.js';

/** Reads and watches an account's queued agreement change; queues a stand-in modification for staff. */
export class QueuedChangeService {
  async status(_em: EntityManager, _user: CurrentUser | null, _accountId: number): Promise<QueuedChangeStatus> {
    throw new Error('Not implemented yet.');
  }

  watch(_em: EntityManager, _user: CurrentUser | null, _accountId: number): AsyncIterable<QueuedChangeStatus> {
    throw new Error('Not implemented yet.');
  }

  async queueCopy(_em: EntityManager, _user: CurrentUser | null, _agreementId: number): Promise<QueuedChangeStatus> {
    throw new Error('Not implemented yet.');
  }
}
