/** The preferences module's public surface: code outside it imports it only from here (eslint, module-graph.test.ts). */
export { ContractPreferences } from './contract-preferences.entity.js';
export { MemberNotificationPreference } from './member-notification-preference.entity.js';
export { PreferencesResolver } from './preferences.resolver.js';
export { preferencesRoutes } from './preferences.rest.js';
export { PreferencesService } from './preferences.service.js';
