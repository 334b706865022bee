import { Field, Int, ObjectType } from 'type-graphql';
import { MoneyScalar } from '../../graphql/scalars.js';

@ObjectType({ description: "A run of one of the bank's jobs (the day's deposits and payments, or a pending window)." })
export class BankJobRun {
  @Field()
  id!: string;

  @Field({
    description:
      'core-banking-day, core-banking-reconciliation, core-banking-autopay, core-banking-calendar (the steps of a day) or core-banking-window.',
  })
  name!: string;

  @Field({ description: "pg-boss's state: created, retry, active, completed, cancelled or failed." })
  state!: string;

  @Field({ description: 'When it was sent (ISO 8601).' })
  createdOn!: string;

  @Field(() => String, { nullable: true, description: 'When it started (ISO 8601).' })
  startedOn!: string | null;

  @Field(() => String, { nullable: true, description: 'When it completed or failed (ISO 8601).' })
  completedOn!: string | null;

  @Field(() => Int, { nullable: true })
  durationMs!: number | null;

  @Field(() => Int)
  retryCount!: number;

  @Field(() => String, {
    nullable: true,
    description: 'What the run did (counts of deposits, payments, ...) or the error of a failed run, as JSON.',
  })
  output!: string | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Items the run worked through (deposits, payments, reminders, ...).',
  })
  itemsDone!: number | null;

  @Field(() => Int, { nullable: true, description: 'Items it could not do (a bill not paid, a payment failed).' })
  itemsFailed!: number | null;

  @Field(() => String, { nullable: true, description: 'Why a failed run failed (its error).' })
  error!: string | null;
}

@ObjectType({ description: "One of the bank's jobs: its schedule, last run and last failure." })
export class BankJob {
  @Field()
  name!: string;

  @Field({ description: 'What it does.' })
  title!: string;

  @Field({
    description:
      "Its schedule (cron, in the institution's time zone), or `after <job>` for a step the one before starts.",
  })
  schedule!: string;

  @Field(() => String, { nullable: true, description: "The schedule's next run on the bank's clock (ISO 8601)." })
  nextRunAt!: string | null;

  @Field(() => BankJobRun, { nullable: true })
  lastRun!: BankJobRun | null;

  @Field(() => BankJobRun, { nullable: true, description: 'The last run that failed, with its error.' })
  lastFailure!: BankJobRun | null;

  @Field(() => Int, { description: 'Failed runs among those kept.' })
  failedRuns!: number;
}

@ObjectType({ description: 'One figure of a day run: a count and, for money, the total.' })
export class DemoDayFigure {
  @Field()
  label!: string;

  @Field(() => Int)
  count!: number;

  @Field(() => MoneyScalar, { nullable: true })
  amount!: number | null;
}

@ObjectType({ description: 'What the demo\'s "run the next day" did.' })
export class DemoDayRunView {
  @Field({ description: 'The day run (YYYY-MM-DD).' })
  date!: string;

  @Field(() => Int)
  durationMs!: number;

  @Field(() => [DemoDayFigure])
  figures!: DemoDayFigure[];

  @Field(() => [String], { description: 'A line per bill not paid or payment failed.' })
  details!: string[];
}

@ObjectType({ description: 'The day being run and its step.' })
export class DemoDayProgress {
  @Field()
  date!: string;

  @Field({
    description:
      'deposits, reconciliation, autopay, calendar (the day at 00:05), review (01:30), window-9 or window-15.',
  })
  step!: string;

  @Field()
  startedAt!: string;
}

@ObjectType({ description: "The demo clock: demo mode only moves the bank's day by hand." })
export class DemoClockView {
  @Field({ description: 'Demo mode is on (never in production).' })
  enabled!: boolean;

  @Field({ description: "The bank's today (YYYY-MM-DD)." })
  today!: string;

  @Field(() => Int, { description: 'Days the demo clock is ahead of the real one.' })
  daysAhead!: number;

  @Field(() => DemoDayProgress, { nullable: true })
  running!: DemoDayProgress | null;

  @Field(() => DemoDayRunView, { nullable: true, description: 'The last day run since the server started.' })
  lastRun!: DemoDayRunView | null;
}
