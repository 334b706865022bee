import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { SIGNED_IN, WIZARD_ROLES } from '../../common/auth/roles.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { asCompletionResult } from '../agreement/index.js';
import {
  ContractPreferencesInput,
  ContractPreferencesResult,
  ContractPreferencesView,
  ProfilePreferencesInput,
  ProfilePreferencesResult,
} from './preferences.types.js';

/** The preferences step (Create 6, Modify 5) and the profile page's own preferences. */
@Resolver()
export class PreferencesResolver {
  @Authorized(...WIZARD_ROLES)
  @Query(() => ContractPreferencesView, { description: 'GET /api/contractpreferences?contractId.' })
  contractPreferences(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('contractId', () => Int) contractId: number,
  ): Promise<ContractPreferencesView> {
    return services.preferences.get(em, user, contractId);
  }

  @Authorized(...WIZARD_ROLES)
  @Mutation(() => ContractPreferencesResult, {
    description: 'POST/PUT /api/contractpreferences?contractId: creates or updates the agreement’s preferences.',
  })
  async saveContractPreferences(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('input', () => ContractPreferencesInput) input: ContractPreferencesInput,
  ): Promise<ContractPreferencesResult> {
    const result = await asCompletionResult(() => services.preferences.save(em, user, input));
    return { preferences: result.value, errors: result.errors };
  }

  @Authorized(SIGNED_IN)
  @Mutation(() => ProfilePreferencesResult, { description: 'The member’s own preferences, from the profile page.' })
  async saveProfilePreferences(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('input', () => ProfilePreferencesInput) input: ProfilePreferencesInput,
  ): Promise<ProfilePreferencesResult> {
    const result = await asCompletionResult(() => services.preferences.saveProfile(em, user, input));
    return { message: result.value, errors: result.errors };
  }
}
