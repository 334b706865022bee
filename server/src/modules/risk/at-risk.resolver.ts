import { Arg, Authorized, Ctx, Int, Query, Resolver } from 'type-graphql';
import { STAFF_ROLES } from '../../common/auth/roles.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { AtRiskList } from './at-risk.types.js';

@Resolver()
export class AtRiskResolver {
  @Authorized(...STAFF_ROLES)
  @Query(() => AtRiskList, {
    description: 'Active agreements whose forecast goes below zero within the next `weeks` (1-26), worst first.',
  })
  atRiskAgreements(
    @Ctx() { em, services }: GraphQLContext,
    @Arg('weeks', () => Int) weeks: number,
  ): Promise<AtRiskList> {
    return services.atRisk.list(em, weeks);
  }
}
