import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: "A run of one of the bank's jobs (the day's deposits and payments, or a pending window)." })
export class BankJobRun {
  @Field()
  id!: string;

  @Field({ description: 'core-banking-day or core-banking-window.' })
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
}
