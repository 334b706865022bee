import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { UserError } from '../../../graphql/user-error.js';

@ObjectType({ description: 'The capacity-to-pay step (spec 3 §2, §3 capacity model).' })
export class CapacityView {
  @Field(() => Int)
  contractId!: number;

  @Field()
  paymentCapacityConfirmed!: boolean;

  @Field({ description: 'The confirmation’s wording (client setting capacityToPayWording).' })
  confirmationText!: string;

  @Field({ description: 'CapacityToPayWarning: shown when the confirmation is missing.' })
  warning!: string;

  @Field(() => [String], { description: 'The optional checklist questions from the client settings, if non-empty.' })
  questions!: string[];

  @Field(() => [String], {
    description: 'The checklist questions ticked (of `questions`), as saved with the agreement.',
  })
  checkedQuestions!: string[];
}

@InputType({ description: 'The capacity model: paymentCapacityConfirmed, newNoteText, contractId.' })
export class CapacityInputType {
  @Field(() => Int)
  contractId!: number;

  @Field()
  paymentCapacityConfirmed!: boolean;

  @Field(() => String, { nullable: true, description: 'A note added to the agreement when typed.' })
  newNoteText?: string | null;

  @Field(() => [String], {
    nullable: true,
    description: 'The checklist questions ticked, by their text (of `questions`); omitted: the saved answers stay.',
  })
  checkedQuestions?: string[] | null;
}

@ObjectType()
export class CapacitySaveResult {
  @Field(() => CapacityView, { nullable: true })
  capacity?: CapacityView | null;

  @Field({ description: 'Whether the model changed and was saved.' })
  saved!: boolean;

  @Field(() => Int, { nullable: true, description: 'The note added, when text was typed.' })
  noteId?: number | null;

  @Field(() => [UserError])
  errors!: UserError[];
}
