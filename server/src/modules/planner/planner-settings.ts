import type { EntityManager } from '@mikro-orm/postgresql';
import type { ServerSettingsData, SettingsService } from '../settings/index.js';
import type { PlannerDefaults } from './deposit-input.rules.js';

type PlannerSettingKeys = 'contractApprovedOverDrawOfAmount' | 'businessUpperContractLimit' | 'initialOverdrawRuleDays';

/** The server settings a plan falls back on (3 §9), in the planner's words: the one place they are mapped. */
export function plannerDefaultsOf(settings: Pick<ServerSettingsData, PlannerSettingKeys>): PlannerDefaults {
  return {
    approvedOverdraw: settings.contractApprovedOverDrawOfAmount,
    upperContractLimit: settings.businessUpperContractLimit,
    overdrawRuleDurationDays: settings.initialOverdrawRuleDays,
  };
}

/** The planner's defaults from the stored server settings (every caller of the planner gets them here). */
export async function loadPlannerDefaults(em: EntityManager, settings: SettingsService): Promise<PlannerDefaults> {
  return plannerDefaultsOf(await settings.serverSettings(em));
}
