import type { EntityManager } from '@mikro-orm/postgresql';
import { assertAccountAccess, assertMemberAccess, NO_ACCESS, requireUser } from '../../common/auth/access.js';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { isStaff } from '../../common/auth/roles.js';
import { DomainError, ForbiddenError, NotFoundError } from '../../shared/errors.js';
import type { LocalDate } from '../../shared/local-date.js';
import { intArray } from '../../database/bulk.js';
import { loadMemberAccount } from '../agreement/index.js';
import {
  activityTypesOf,
  ALL_ACTIVITY_FILTERS,
  MEMBER_ACTIVITY_FILTERS,
  ActivityFilterGroup,
} from '../activity/index.js';
import { activityTypeCounts, filterTotals } from './activity.queries.js';
import type { ActivityFilterTotals, ActivityPage, ActivityView } from './activity.types.js';
import { ACTIVITY_COLUMNS, toActivityView, type ActivityRow } from './activity.views.js';

export const DEFAULT_ACTIVITY_PAGE_SIZE = 25;
export const MAX_ACTIVITY_PAGE_SIZE = 100;
/** The activities overview shows 20 (spec 1 §9). */
export const ACTIVITY_OVERVIEW_SIZE = 20;

export interface ActivityPageRequest {
  memberId: number;
  accountId: number;
  filters: readonly ActivityFilterGroup[] | null;
  page: number;
  pageSize: number;
}

export interface ActivityListRequest {
  memberId: number;
  accountId: number;
  filters?: readonly ActivityFilterGroup[] | null;
  from?: LocalDate | null;
  to?: LocalDate | null;
}

const NOTES_FORBIDDEN = 'Members cannot see notes.';

/**
 * The filters asked for, checked: none means every filter the caller may use (staff 4, members 3, spec 1 §4);
 * a member naming Note is refused rather than silently given less.
 */
export function allowedFilters(user: CurrentUser, filters: readonly ActivityFilterGroup[] | null | undefined) {
  const staff = isStaff(user.roles);
  if (!filters || filters.length === 0) return staff ? ALL_ACTIVITY_FILTERS : MEMBER_ACTIVITY_FILTERS;
  if (!staff && filters.includes(ActivityFilterGroup.Note)) throw new ForbiddenError(NOTES_FORBIDDEN);
  return ALL_ACTIVITY_FILTERS.filter((group) => filters.includes(group));
}

/**
 * `type = any(...)` for the filters' types; when AgreementChange is chosen, `type <> all(others)` instead, as an
 * unknown code ('Other') counts as an agreement change.
 */
function typeCondition(filters: readonly ActivityFilterGroup[], params: unknown[]): string {
  if (filters.includes(ActivityFilterGroup.AgreementChange)) {
    const others = ALL_ACTIVITY_FILTERS.filter((group) => !filters.includes(group)).flatMap(activityTypesOf);
    if (others.length === 0) return 'true';
    params.push(intArray(others));
    return 'a.type <> all(?::int[])';
  }
  params.push(intArray(filters.flatMap(activityTypesOf)));
  return 'a.type = any(?::int[])';
}

function sumTotals(totals: ActivityFilterTotals, filters: readonly ActivityFilterGroup[]): number {
  const of: Record<ActivityFilterGroup, number> = {
    [ActivityFilterGroup.Payment]: totals.payment,
    [ActivityFilterGroup.AgreementChange]: totals.agreementChange,
    [ActivityFilterGroup.Notification]: totals.notification,
    [ActivityFilterGroup.Note]: totals.note ?? 0,
  };
  return filters.reduce((total, group) => total + of[group], 0);
}

/** The activity history of an account: pages, lists, totals per filter, one activity. GraphQL and REST share it. */
export class ActivityService {
  async page(em: EntityManager, user: CurrentUser | null, request: ActivityPageRequest): Promise<ActivityPage> {
    const { page, pageSize } = request;
    if (!Number.isSafeInteger(page) || page < 1) {
      throw new DomainError('INVALID_PAGE', 'The page must be a whole number from 1.', 'page');
    }
    if (!Number.isSafeInteger(pageSize) || pageSize < 1 || pageSize > MAX_ACTIVITY_PAGE_SIZE) {
      throw new DomainError(
        'INVALID_PAGE_SIZE',
        `The page size must be a whole number from 1 to ${MAX_ACTIVITY_PAGE_SIZE}.`,
        'pageSize',
      );
    }
    const caller = requireUser(user);
    const filters = allowedFilters(caller, request.filters);
    const context = await loadMemberAccount(em, caller, request.memberId, request.accountId);
    const staff = isStaff(caller.roles);
    const params: unknown[] = [context.accountId];
    const condition = typeCondition(filters, params);
    params.push(pageSize, (page - 1) * pageSize);
    const rows = await em.execute<ActivityRow[]>(
      `select ${ACTIVITY_COLUMNS} from activity a where a.account_id = ? and ${condition}
       order by a.occurred_at desc, a.id desc limit ? offset ?`,
      params,
    );
    const counts = await activityTypeCounts(em, context.accountId);
    const totals = filterTotals(counts, staff);
    return {
      items: rows.map((row) => toActivityView(row, { staff })),
      page,
      pageSize,
      totalCount: sumTotals(filterTotals(counts, true), filters),
      totals,
    };
  }

  /** Every activity of the account matching the filters and dates (the REST lists), newest first. */
  async list(em: EntityManager, user: CurrentUser | null, request: ActivityListRequest): Promise<ActivityView[]> {
    const caller = requireUser(user);
    const filters = allowedFilters(caller, request.filters);
    const context = await loadMemberAccount(em, caller, request.memberId, request.accountId);
    const params: unknown[] = [context.accountId];
    const conditions = ['a.account_id = ?', typeCondition(filters, params)];
    if (request.from) {
      conditions.push(`a.occurred_at >= ?::date`);
      params.push(request.from);
    }
    if (request.to) {
      conditions.push(`a.occurred_at < ?::date + 1`);
      params.push(request.to);
    }
    const rows = await em.execute<ActivityRow[]>(
      `select ${ACTIVITY_COLUMNS} from activity a where ${conditions.join(' and ')} order by a.occurred_at desc, a.id desc`,
      params,
    );
    return rows.map((row) => toActivityView(row, { staff: isStaff(caller.roles) }));
  }

  /** A member's activities on every account they are linked to, between two dates (GET /api/members/{id}/activities). */
  async memberActivities(
    em: EntityManager,
    user: CurrentUser | null,
    memberId: number,
    range: { from?: LocalDate | null; to?: LocalDate | null },
  ): Promise<ActivityView[]> {
    const caller = assertMemberAccess(user, memberId);
    const staff = isStaff(caller.roles);
    const params: unknown[] = [memberId];
    const conditions = [
      'a.account_id in (select account_id from member_account_link where member_id = ? and is_active)',
      typeCondition(staff ? ALL_ACTIVITY_FILTERS : MEMBER_ACTIVITY_FILTERS, params),
    ];
    if (range.from) {
      conditions.push(`a.occurred_at >= ?::date`);
      params.push(range.from);
    }
    if (range.to) {
      conditions.push(`a.occurred_at < ?::date + 1`);
      params.push(range.to);
    }
    const rows = await em.execute<ActivityRow[]>(
      `select ${ACTIVITY_COLUMNS} from activity a where ${conditions.join(' and ')} order by a.occurred_at desc, a.id desc`,
      params,
    );
    return rows.map((row) => toActivityView(row, { staff }));
  }

  async totals(
    em: EntityManager,
    user: CurrentUser | null,
    memberId: number,
    accountId: number,
  ): Promise<ActivityFilterTotals> {
    const caller = requireUser(user);
    const context = await loadMemberAccount(em, caller, memberId, accountId);
    return filterTotals(await activityTypeCounts(em, context.accountId), isStaff(caller.roles));
  }

  /**
   * One activity, reached through its agreement's account (its own account when it has no agreement). A member
   * gets the same refusal for someone else's activity, a note, or an id that does not exist.
   */
  async one(em: EntityManager, user: CurrentUser | null, activityId: number): Promise<ActivityView> {
    const caller = requireUser(user);
    const staff = isStaff(caller.roles);
    const rows = await em.execute<(ActivityRow & { reach_account_id: number | null })[]>(
      `select ${ACTIVITY_COLUMNS}, coalesce(g.account_id, a.account_id) as reach_account_id
       from activity a left join agreement g on g.id = a.agreement_id where a.id = ?`,
      [activityId],
    );
    const row = rows[0];
    if (!row || row.reach_account_id === null) {
      if (staff) throw new NotFoundError('Could not find the activity.');
      throw new ForbiddenError(NO_ACCESS);
    }
    await assertAccountAccess(em, caller, Number(row.reach_account_id));
    if (!staff && activityTypesOf(ActivityFilterGroup.Note).includes(row.type)) throw new ForbiddenError(NO_ACCESS);
    return toActivityView(row, { staff });
  }
}
