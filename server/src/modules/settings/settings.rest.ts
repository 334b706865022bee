import { Field, Int, ObjectType } from 'type-graphql';
import type { Cents } from '../../shared/money.js';
import { MoneyScalar } from '../../graphql/scalars.js';
import { route } from '../../rest/route.js';

@ObjectType('RestServerSettings', { description: 'GET /api/settings: the server settings under the spec’s names.' })
class LegacyServerSettings {
  @Field() billsumoFinancialInstitutionName!: string;
  @Field(() => MoneyScalar) businessUpperContractLimit!: Cents;
  @Field(() => MoneyScalar) contractApprovedOverDrawOfAmount!: Cents;
  @Field() overdrawnRuleSingleMemberText!: string;
  @Field() overdrawnRuleManyMembersText!: string;
  @Field(() => Int) initialOverdrawRuleDays!: number;
}

export const settingsRoutes = [
  /** Public: the login and locked pages show the institution name before anyone signs in. */
  route('get', '/api/settings', 'public', LegacyServerSettings, async ({ em, services }) => {
    const { institutionName, ...settings } = await services.settings.serverSettings(em);
    return { billsumoFinancialInstitutionName: institutionName, ...settings };
  }),
];
