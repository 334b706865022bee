/**
 * The activity history module's public surface: code outside it imports it only from here (eslint,
 * module-graph.test.ts). It is the activity log's reader; the write side is `activity`.
 */
export { ActivityAddedResolver } from './activity-added.resolver.js';
export { activityTypeCountsOf, activityTypeCountsSelect, filterTotals } from './activity.queries.js';
export { ActivityResolver } from './activity.resolver.js';
export { activityRoutes } from './activity.rest.js';
export { ActivityService } from './activity.service.js';
export { ActivityFilterTotals } from './activity.types.js';
