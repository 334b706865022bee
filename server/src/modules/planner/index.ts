/** The planner module's public surface: code outside it imports it only from here (eslint, module-graph.test.ts). */
export { toBillPlan } from './bill-input.rules.js';
export { BalancePoint, sampleSeries } from './deposit-forecast.types.js';
export type { DepositPlanBillerData, DepositPlanData, PaidOccurrence, PlannerDefaults } from './deposit-input.rules.js';
export { DepositPlanBillerInput } from './deposit-plan.inputs.js';
export { DepositPlan } from './deposit-plan.types.js';
export { toDepositPlanView } from './deposit-plan.views.js';
export { loadPlannerDefaults, plannerDefaultsOf } from './planner-settings.js';
export { calculateDepositPlan } from './planner.calculations.js';
export { PlannerResolver } from './planner.resolver.js';
export { plannerRoutes } from './planner.rest.js';
export { PlannerService } from './planner.service.js';
