import type { EntityManager } from '@mikro-orm/postgresql';
import type { CurrentUser } from '../../common/auth/current-user.js';
import type { AgreementGraphs } from './agreement-view.types.js';

export class AgreementGraphsService {
  async graphs(
    _em: EntityManager,
    _user: CurrentUser | null,
    _memberId: number,
    _accountId: number,
    _step: number,
  ): Promise<AgreementGraphs> {
    throw new Error('Not implemented yet.');
  }
}
