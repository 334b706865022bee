import type { EntityManager } from '@mikro-orm/postgresql';
import type { CurrentUser } from '../../common/auth/current-user.js';
import type { TransactionDetails } from './transaction.types.js';

export class TransactionService {
  async details(_em: EntityManager, _user: CurrentUser | null, _transactionId: number): Promise<TransactionDetails> {
    throw new Error('Not implemented yet.');
  }
}
