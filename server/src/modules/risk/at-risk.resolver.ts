import { Arg, Authorized, Ctx, Int, Query, Resolver } from 'type-graphql';
import { STAFF_ROLES } from '../../common/auth/roles.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { ExportFormat, ExportedFile } from '../export/index.js';
import { AtRiskList, AtRiskSortInput } from './at-risk.types.js';

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

  @Authorized(...STAFF_ROLES)
  @Query(() => ExportedFile, {
    description:
      'The worklist as Agreements_At_Risk.csv or .pdf (landscape, Printed on, drawn off the request thread), in ' +
      'the screen’s sort (worst first when none is given).',
  })
  atRiskAgreementsFile(
    @Ctx() { em, services }: GraphQLContext,
    @Arg('weeks', () => Int) weeks: number,
    @Arg('format', () => ExportFormat) format: ExportFormat,
    @Arg('sort', () => AtRiskSortInput, { nullable: true }) sort?: AtRiskSortInput | null,
  ): Promise<ExportedFile> {
    return services.atRisk.file(em, weeks, format, sort);
  }
}
