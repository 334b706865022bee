import type { EntityManager } from '@mikro-orm/postgresql';
import type { CurrentUser } from '../../common/auth/current-user.js';
import type { AccountOverview } from './overview.types.js';

export class OverviewService {
  async accountOverview(
    _em: EntityManager,
    _user: CurrentUser | null,
    _memberId: number,
    _accountId: number,
  ): Promise<AccountOverview> {
    throw new Error('Not implemented yet.');
  }
}
