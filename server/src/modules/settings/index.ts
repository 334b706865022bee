/** The settings module's public surface: code outside it imports it only from here (eslint, module-graph.test.ts). */
export { Setting } from './setting.entity.js';
export {
  CORE_BANKING_SETTINGS_SELECT,
  coreBankingSettings,
  coreBankingSettingsOf,
  DEFAULT_CORE_BANKING_SETTINGS,
  renewalDueWindow,
} from './core-banking-settings.js';
export type { CoreBankingSettings } from './core-banking-settings.js';
export type { ServerSettingsData } from './settings.defaults.js';
export { SettingsResolver } from './settings.resolver.js';
export { settingsRoutes } from './settings.rest.js';
export { SettingsService, overdrawRuleTextFor, serverSettingsOf } from './settings.service.js';
