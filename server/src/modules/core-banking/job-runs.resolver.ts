import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { STAFF_AND_REPORTER_ROLES, STAFF_ROLES } from '../../common/auth/roles.js';
import { DomainError } from '../../shared/errors.js';
import type { GraphQLContext } from '../../graphql/context.js';
import type { DemoDayRun } from './demo-day.js';
import { bankJobRuns, bankJobs, type BankJobRunRow } from './job-runs.js';
import { BankJob, BankJobRun, DemoClockView, DemoDayRunView } from './job-runs.types.js';

const MAX_RUNS = 500;

function runView(run: BankJobRunRow): BankJobRun {
  return {
    ...run,
    createdOn: run.createdOn.toISOString(),
    startedOn: run.startedOn?.toISOString() ?? null,
    completedOn: run.completedOn?.toISOString() ?? null,
    output: run.output === null ? null : JSON.stringify(run.output),
  };
}

function dayView(run: DemoDayRun): DemoDayRunView {
  return { ...run, figures: run.figures.map((f) => ({ ...f, amount: f.amount ?? null })) };
}

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
    return (await bankJobRuns(em, count)).map(runView);
  }

  @Authorized(...STAFF_AND_REPORTER_ROLES)
  @Query(() => [BankJob], { description: "The bank's jobs: schedule, next run, last run, last failure." })
  async bankJobs(@Ctx() { em, services }: GraphQLContext): Promise<BankJob[]> {
    const jobs = await bankJobs(em, services.clock.now(), services.config.timeZone);
    return jobs.map((job) => ({
      ...job,
      nextRunAt: job.nextRunAt?.toISOString() ?? null,
      lastRun: job.lastRun ? runView(job.lastRun) : null,
      lastFailure: job.lastFailure ? runView(job.lastFailure) : null,
    }));
  }

  @Authorized(...STAFF_ROLES)
  @Query(() => DemoClockView, { description: 'The demo clock: whether demo mode is on, today, the day being run.' })
  async demoClock(@Ctx() { em, services }: GraphQLContext): Promise<DemoClockView> {
    const state = await services.demoDay.currentState(em);
    return {
      ...state,
      running: state.running && { ...state.running, startedAt: state.running.startedAt.toISOString() },
      lastRun: state.lastRun && dayView(state.lastRun),
    };
  }

  @Authorized(...STAFF_ROLES)
  @Mutation(() => DemoDayRunView, {
    description:
      'Demo mode only: moves the bank’s clock to the next day and runs what it holds through the bank’s jobs (staff).',
  })
  async runNextDemoDay(@Ctx() { em, services }: GraphQLContext): Promise<DemoDayRunView> {
    return dayView(await services.demoDay.runNextDay(em));
  }
}
