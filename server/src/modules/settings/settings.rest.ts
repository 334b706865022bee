import { toDecimalString } from '../../common/money.js';
import { route } from '../../rest/route.js';

export const settingsRoutes = [
  /** Public: the login and locked pages show the institution name before anyone signs in. */
  route('get', '/api/settings', 'public', async ({ em, services }) => {
    const settings = await services.settings.serverSettings(em);
    return {
      billsumoFinancialInstitutionName: settings.institutionName,
      businessUpperContractLimit: toDecimalString(settings.businessUpperContractLimit),
      contractApprovedOverDrawOfAmount: toDecimalString(settings.contractApprovedOverDrawOfAmount),
      overdrawnRuleSingleMemberText: settings.overdrawnRuleSingleMemberText,
      overdrawnRuleManyMembersText: settings.overdrawnRuleManyMembersText,
      initialOverdrawRuleDays: settings.initialOverdrawRuleDays,
    };
  }),
];
