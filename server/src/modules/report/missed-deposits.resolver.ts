import { Arg, Authorized, Ctx, Query, Resolver } from 'type-graphql';
import { STAFF_ROLES } from '../../common/auth/roles.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { ExportFormat, ExportedFile } from '../export/index.js';
import { MissedDepositReport, MissedDepositReportInput, ReportBranch } from './missed-deposits.types.js';

@Resolver()
export class MissedDepositReportResolver {
  @Authorized(...STAFF_ROLES)
  @Query(() => [ReportBranch], { description: 'The active branches, by name (the missed-deposit report’s choice).' })
  reportBranches(@Ctx() { em, services }: GraphQLContext): Promise<ReportBranch[]> {
    return services.missedDeposits.branches(em);
  }

  @Authorized(...STAFF_ROLES)
  @Query(() => MissedDepositReport, {
    description: 'Agreements in arrears in the branches, grouped by branch with totals (spec 3 §4).',
  })
  missedDepositReport(
    @Ctx() { em, services }: GraphQLContext,
    @Arg('input', () => MissedDepositReportInput) input: MissedDepositReportInput,
  ): Promise<MissedDepositReport> {
    return services.missedDeposits.report(em, {
      branches: input.branchIds,
      startDate: input.startDate,
      endDate: input.endDate,
    });
  }

  @Authorized(...STAFF_ROLES)
  @Query(() => ExportedFile, {
    description: 'The report as Missed_Deposits_Report.csv or .pdf (landscape, drawn off the request thread).',
  })
  missedDepositReportFile(
    @Ctx() { em, services }: GraphQLContext,
    @Arg('input', () => MissedDepositReportInput) input: MissedDepositReportInput,
    @Arg('format', () => ExportFormat) format: ExportFormat,
  ): Promise<ExportedFile> {
    const request = { branches: input.branchIds, startDate: input.startDate, endDate: input.endDate };
    return format === ExportFormat.PDF
      ? services.missedDeposits.pdf(em, request)
      : services.missedDeposits.csv(em, request);
  }
}
