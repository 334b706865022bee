import { Field, Int, ObjectType } from 'type-graphql';
import { QueuedChangeStage } from './queued-change-stage.js';

export { QueuedChangeStage };

@ObjectType({ description: 'An account’s queued agreement change (replaces the 5-second HasQueuedAgreement poll).' })
export class QueuedChangeStatus {
  @Field(() => Int)
  accountId!: number;

  @Field(() => Int, { nullable: true, description: 'The agreement version the change made (null for NONE).' })
  agreementId?: number | null;

  @Field(() => QueuedChangeStage)
  stage!: QueuedChangeStage;

  @Field(() => String, { nullable: true, description: 'Why it failed (FAILED), or a short note.' })
  message?: string | null;
}
