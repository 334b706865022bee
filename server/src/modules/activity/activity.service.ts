import type { EntityManager } from '@mikro-orm/postgresql';
import type { CurrentUser } from '../../common/auth/current-user.js';
import type { ActivityFilterGroup } from './activity-type.js';
import type { ActivityPage, ActivityView } from './activity.types.js';

export interface ActivityPageRequest {
  memberId: number;
  accountId: number;
  filters: readonly ActivityFilterGroup[] | null;
  page: number;
  pageSize: number;
}

export class ActivityService {
  async page(_em: EntityManager, _user: CurrentUser | null, _request: ActivityPageRequest): Promise<ActivityPage> {
    throw new Error('Not implemented yet.');
  }

  async one(_em: EntityManager, _user: CurrentUser | null, _activityId: number): Promise<ActivityView> {
    throw new Error('Not implemented yet.');
  }
}
