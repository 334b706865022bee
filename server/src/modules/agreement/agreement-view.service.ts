import type { EntityManager } from '@mikro-orm/postgresql';
import type { CurrentUser } from '../../common/auth/current-user.js';
import type { AgreementView, ApproveAgreementResult } from './agreement-view.types.js';

export class AgreementViewService {
  async view(_em: EntityManager, _user: CurrentUser | null, _agreementId: number): Promise<AgreementView> {
    throw new Error('Not implemented yet.');
  }

  async approve(_em: EntityManager, _user: CurrentUser | null, _agreementId: number): Promise<ApproveAgreementResult> {
    throw new Error('Not implemented yet.');
  }
}
