import type { EntityManager } from '@mikro-orm/postgresql';
import type { CurrentUser } from '../../common/auth/current-user.js';
import type { MemberSearchResult } from './member-search.types.js';

/** The staff member search (header search modal) and the lookup by account number. */
export class MemberSearchService {
  async search(
    _em: EntityManager,
    _user: CurrentUser | null,
    _searchString: string,
    _resultCount: number | null,
  ): Promise<MemberSearchResult[]> {
    throw new Error('Not implemented yet.');
  }

  async byAccountNumber(
    _em: EntityManager,
    _user: CurrentUser | null,
    _accountNumber: string,
    _maxResults: number | null,
  ): Promise<MemberSearchResult[]> {
    throw new Error('Not implemented yet.');
  }
}
