import { Field, Int, ObjectType } from 'type-graphql';
import { UserError } from '../../../graphql/user-error.js';
import { AgreementStatus } from '../agreement-status.js';
import { QueuedChangeStage } from '../queued-change.types.js';

@ObjectType({ description: 'What a lifecycle action did: the version, its status, and the words for the user.' })
export class LifecycleOutcomeView {
  @Field(() => Int) agreementId!: number;
  @Field(() => Int) accountId!: number;
  @Field(() => AgreementStatus) status!: AgreementStatus;
  @Field() message!: string;
  @Field(() => QueuedChangeStage, { nullable: true, description: 'The queued change’s stage when one was queued.' })
  stage?: QueuedChangeStage | null;
}

@ObjectType()
export class LifecycleResult {
  @Field(() => LifecycleOutcomeView, { nullable: true }) outcome?: LifecycleOutcomeView | null;
  @Field(() => [UserError]) errors!: UserError[];
}

@ObjectType({ description: 'An agreement saved for later: the description and the version to continue.' })
export class SavedForLaterView {
  @Field(() => Int) agreementId!: number;
  @Field(() => Int, { nullable: true }) accountId?: number | null;
  @Field() description!: string;
  @Field({ nullable: true }) message?: string;
}

@ObjectType()
export class SaveForLaterResult {
  @Field(() => SavedForLaterView, { nullable: true }) saved?: SavedForLaterView | null;
  @Field(() => [UserError]) errors!: UserError[];
}

@ObjectType({ description: 'The account’s agreement saved for later, or none.' })
export class AgreementSavedForLaterResult {
  @Field(() => SavedForLaterView, { nullable: true }) saved?: SavedForLaterView | null;
}
