/** The core-banking module's public surface: code outside it imports it only from here (eslint, module-graph.test.ts). */
export { BankDayRunService } from './bank-day-run.js';
export { BankDayRunResolver } from './bank-day-run.resolver.js';
export { BankDayPartition } from './bank-day-partition.entity.js';
export { BankDayStep } from './bank-day-step.entity.js';
export { BankDayService } from './bank-day.service.js';
export { CoreBankingOutcome } from './core-banking-outcome.entity.js';
export { CoreBankingStatementLine } from './core-banking-statement.entity.js';
export type { CoreBanking } from './core-banking.adapter.js';
export { autopayAfterStep, registerBankJobs } from './core-banking.jobs.js';
export { CoreBankingSimulator } from './core-banking.simulator.js';
export { followDemoDay } from './demo-clock.store.js';
export { DemoDayRunner } from './demo-day.js';
export { BankJobRunResolver } from './job-runs.resolver.js';
export { keepSeededDepositsMissing } from './seeded-outcomes.js';
export { SimulationClock, describeSimulatedDay, simulateDay } from './simulation.js';
export type { SimulatedDay } from './simulation.js';
