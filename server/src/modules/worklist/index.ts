/** The worklist module's public surface: code outside it imports it only from here (eslint, module-graph.test.ts). */
export { WorklistDone } from './worklist-done.entity.js';
export { recordWorkDone } from './worklist.queries.js';
export { WorklistResolver } from './worklist.resolver.js';
export { isWorkItemKey, WORKLIST_MESSAGES } from './worklist.rules.js';
export { WorklistService } from './worklist.service.js';
