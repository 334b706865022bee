import type { EntityManager } from '@mikro-orm/postgresql';
import type { CurrentUser } from '../../common/auth/current-user.js';
import type { Profile } from './profile.types.js';

export class ProfileService {
  async profile(
    _em: EntityManager,
    _user: CurrentUser | null,
    _memberId: number,
    _accountId: number,
  ): Promise<Profile> {
    throw new Error('Not implemented yet.');
  }
}
