/**
 * The biller module's public surface: code outside it imports it only from here (eslint, module-graph.test.ts).
 * The wizard's billers; the billing sub-categories (billing-category) share its rules, queries and GraphQL types.
 */
export { BillerEditPreviewService } from './biller-edit-preview.service.js';
export { subCategoryChangesContract } from './biller-change.rules.js';
export {
  editRefusal,
  NOT_REMOVED_MESSAGE,
  reinstateEffect,
  removalEffect,
  stateAfterSave,
} from './biller-list.rules.js';
export { asResult } from './biller-result.js';
export { bodyId, listBody, LockedAnswer, restChange, subCategoryInputOf } from './biller-wire.js';
export { listItemOf, loadSubCategories } from './biller-wizard.queries.js';
export { BillerWizardService, removalInfo, WizardFormError } from './biller-wizard.service.js';
export type { ItemChangeOutcome } from './biller-wizard.service.js';
export { Biller } from './biller.entity.js';
export { BillerResolver } from './biller.resolver.js';
export { billerRoutes } from './biller.rest.js';
export {
  ItemChangeResult,
  RemovalInfoView,
  SubCategoryInput,
  SubCategorySaveResult,
  SubCategoryView,
} from './biller.types.js';
export { recordModification } from './modification-record.js';
export { NextOccurrencesService } from './next-occurrences.service.js';
export type { NextOccurrencesRequest } from './next-occurrences.service.js';
