import { STAFF_AND_REPORTER_ROLES } from '../../common/auth/roles.js';
import { DomainError } from '../../shared/errors.js';
import type { LocalDate } from '../../shared/local-date.js';
import { parseDateInput } from '../../shared/validation/date-input.js';
import { Field, Int, ObjectType } from 'type-graphql';
import { countParam, idParam, route } from '../../rest/route.js';
import { TransactionStatusItem, transactionStatuses } from '../transaction/index.js';
import { ALL_ACTIVITY_FILTERS, MEMBER_ACTIVITY_FILTERS, type ActivityFilterGroup } from '../activity/index.js';
import { ACTIVITY_OVERVIEW_SIZE, DEFAULT_ACTIVITY_PAGE_SIZE } from './activity.service.js';
import { ActivityFilterTotals, ActivityPage, ActivityView } from './activity.types.js';

@ObjectType('RestTransactionStatusOfActivity', { description: 'GET /api/members/gettransactionstatus?activityId.' })
class TransactionStatusOfActivity {
  @Field(() => Int) activityId!: number;
  @Field(() => Int, { nullable: true }) transactionId?: number | null;
  @Field(() => Int, { nullable: true }) status?: number | null;
  @Field(() => String, { nullable: true }) statusName?: string | null;
  @Field(() => String, { nullable: true }) statusClass?: string | null;
}

function values(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.flatMap((item) => (typeof item === 'string' ? item.split(',') : [])).map((item) => item.trim());
}

/** `filters=Payment,Note` or repeated `filters=`; names in any case. None: every filter the caller may use. */
export function filtersParam(value: unknown): ActivityFilterGroup[] | null {
  const names = values(value).filter((name) => name !== '');
  if (names.length === 0) return null;
  return names.map((name) => {
    const group = ALL_ACTIVITY_FILTERS.find((g) => g.toLowerCase() === name.toLowerCase());
    if (!group) {
      throw new DomainError(
        'INVALID_FILTER',
        `Unknown activity filter "${name}": expected ${ALL_ACTIVITY_FILTERS.join(', ')}.`,
        'filters',
      );
    }
    return group;
  });
}

/** A date as typed (DD-MM-YYYY or YYYY-MM-DD); absent is none. */
export function dateParam(value: unknown, name: string): LocalDate | null {
  const text = values(value)[0];
  if (text === undefined || text === '') return null;
  const date = parseDateInput(text);
  if (!date) throw new DomainError('INVALID_DATE', `${name} must be a date written DD-MM-YYYY or YYYY-MM-DD.`, name);
  return date;
}

/** Spec 1 §7 activities: the same service as `activities`/`activity`; members never get notes. */
export const activityRoutes = [
  route('get', '/api/members/gettransactionstatuses', 'signed-in', [TransactionStatusItem], () =>
    transactionStatuses(),
  ),

  route(
    'get',
    '/api/members/gettransactionstatus',
    'signed-in',
    TransactionStatusOfActivity,
    async ({ em, req, user, services }) => {
      const activity = await services.activities.one(em, user, idParam(req.query.activityId, 'activityId'));
      return {
        activityId: activity.activityId,
        transactionId: activity.transactionId,
        status: activity.transactionStatus,
        statusName: activity.transactionStatusName,
        statusClass: activity.transactionStatusClass,
      };
    },
  ),

  route('get', '/api/members/:memberId/activities', 'signed-in', [ActivityView], ({ em, req, user, services }) =>
    services.activities.memberActivities(em, user, idParam(req.params.memberId, 'memberId'), {
      from: dateParam(req.query.from, 'from'),
      to: dateParam(req.query.to, 'to'),
    }),
  ),

  route('get', '/api/members/:memberId/getmemberactivities/:accountId', 'signed-in', [ActivityView], async (ctx) =>
    ctx.services.activities.list(ctx.em, ctx.user, {
      memberId: idParam(ctx.req.params.memberId, 'memberId'),
      accountId: idParam(ctx.req.params.accountId, 'accountId'),
      filters: MEMBER_ACTIVITY_FILTERS,
    }),
  ),

  route(
    'get',
    '/api/members/:memberId/getallactivities/:accountId',
    STAFF_AND_REPORTER_ROLES,
    [ActivityView],
    async (ctx) =>
      ctx.services.activities.list(ctx.em, ctx.user, {
        memberId: idParam(ctx.req.params.memberId, 'memberId'),
        accountId: idParam(ctx.req.params.accountId, 'accountId'),
        filters: filtersParam(ctx.req.query.filters),
      }),
  ),

  route('get', '/api/members/:memberId/gettotalactivities/:accountId', 'signed-in', Int, async (ctx) => {
    const page = await ctx.services.activities.page(ctx.em, ctx.user, {
      memberId: idParam(ctx.req.params.memberId, 'memberId'),
      accountId: idParam(ctx.req.params.accountId, 'accountId'),
      filters: filtersParam(ctx.req.query.filters),
      page: 1,
      pageSize: 1,
    });
    return page.totalCount;
  }),

  route(
    'get',
    '/api/members/:memberId/getactivityoverviewformember/:accountId',
    'signed-in',
    ActivityPage,
    async (ctx) =>
      ctx.services.activities.page(ctx.em, ctx.user, {
        memberId: idParam(ctx.req.params.memberId, 'memberId'),
        accountId: idParam(ctx.req.params.accountId, 'accountId'),
        filters: MEMBER_ACTIVITY_FILTERS,
        page: 1,
        pageSize: ACTIVITY_OVERVIEW_SIZE,
      }),
  ),

  route(
    'get',
    '/api/members/:memberId/getactivityoverview/:accountId',
    STAFF_AND_REPORTER_ROLES,
    ActivityPage,
    async (ctx) =>
      ctx.services.activities.page(ctx.em, ctx.user, {
        memberId: idParam(ctx.req.params.memberId, 'memberId'),
        accountId: idParam(ctx.req.params.accountId, 'accountId'),
        filters: null,
        page: 1,
        pageSize: ACTIVITY_OVERVIEW_SIZE,
      }),
  ),

  route('get', '/api/members/:memberId/getpagedactivities/:accountId', 'signed-in', ActivityPage, async (ctx) =>
    ctx.services.activities.page(ctx.em, ctx.user, {
      memberId: idParam(ctx.req.params.memberId, 'memberId'),
      accountId: idParam(ctx.req.params.accountId, 'accountId'),
      filters: filtersParam(ctx.req.query.filters),
      page: countParam(values(ctx.req.query.page ?? ctx.req.query.pageNumber)[0], 'page', 1),
      pageSize: countParam(values(ctx.req.query.pageSize)[0], 'pageSize', DEFAULT_ACTIVITY_PAGE_SIZE),
    }),
  ),

  route('get', '/api/members/:memberId/getfiltertotals/:accountId', 'signed-in', ActivityFilterTotals, async (ctx) =>
    ctx.services.activities.totals(
      ctx.em,
      ctx.user,
      idParam(ctx.req.params.memberId, 'memberId'),
      idParam(ctx.req.params.accountId, 'accountId'),
    ),
  ),
];
