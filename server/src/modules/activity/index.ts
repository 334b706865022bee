/**
 * The activity module's public surface: code outside it imports it only from here (eslint, module-graph.test.ts).
 * It is the activity log's write side and its vocabulary; the history reader is `activity-history`.
 */
export { announceActivitiesOn } from './activity-announcer.js';
// ActivityFilterGroup from activity-type.ts: the code table registered as the GraphQL enum in activity-filter.ts.
export {
  ALL_ACTIVITY_FILTERS,
  MEMBER_ACTIVITY_FILTERS,
  activityFilterGroup,
  activityTypesOf,
} from './activity-filter.js';
export { ActivityFilterGroup, ActivityType, activityTypeLabel } from './activity-type.js';
export { allocateActivityIds, writeActivity, writeActivityRows } from './activity-writer.js';
export type { ActivityInsertRow, NewActivity } from './activity-writer.js';
export { Activity } from './activity.entity.js';
export { FieldChange } from './field-change.js';
export { activityAddedTopic, publishActivityAdded, toActivityAddedEvent } from './activity.events.js';
export type { ActivityAddedEvent } from './activity.events.js';
