import { Arg, Authorized, Ctx, Int, Query, Resolver } from 'type-graphql';
import { STAFF_AND_REPORTER_ROLES } from '../../common/auth/roles.js';
import { DomainError } from '../../common/errors.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { bankJobRuns } from './job-runs.js';
import { BankJobRun } from './job-runs.types.js';

const MAX_RUNS = 500;

@Resolver()
export class BankJobRunResolver {
  @Authorized(...STAFF_AND_REPORTER_ROLES)
  @Query(() => [BankJobRun], { description: "The latest runs of the bank's jobs, newest first (staff and reporting)." })
  async bankJobRuns(
    @Ctx() { em }: GraphQLContext,
    @Arg('limit', () => Int, { nullable: true, defaultValue: 50 }) limit: number | null,
  ): Promise<BankJobRun[]> {
    const count = limit ?? 50;
    if (!Number.isSafeInteger(count) || count < 1 || count > MAX_RUNS) {
      throw new DomainError('INVALID_LIMIT', `The limit must be a whole number from 1 to ${MAX_RUNS}.`, 'limit');
    }
    const runs = await bankJobRuns(em, count);
    return runs.map((run) => ({
      ...run,
      createdOn: run.createdOn.toISOString(),
      startedOn: run.startedOn?.toISOString() ?? null,
      completedOn: run.completedOn?.toISOString() ?? null,
      output: run.output === null ? null : JSON.stringify(run.output),
    }));
  }
}
