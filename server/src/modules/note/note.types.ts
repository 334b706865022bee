import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { UserError } from '../../graphql/user-error.js';

@ObjectType('Note', { description: 'A staff note (spec 1 §3). Staff only.' })
export class NoteView {
  @Field(() => Int)
  noteId!: number;

  @Field()
  text!: string;

  @Field({ description: 'When it was written (ISO-8601 date and time).' })
  dateCreated!: string;

  @Field({ description: 'The agent’s display name when it was written.' })
  createdBy!: string;

  @Field(() => Int)
  entityId!: number;

  @Field({ description: 'Contract, Biller, BillingSubCategory, Bill or Member.' })
  entityType!: string;

  @Field({ description: 'True when adding it wrote no "Note added" activity.' })
  isLogActivityDisabled!: boolean;

  @Field(() => String, { nullable: true, description: 'When its text was last edited (ISO-8601), if ever.' })
  dateUpdated!: string | null;
}

@InputType({ description: 'A new note (POST /api/notes): text on a Contract, Biller or BillingSubCategory.' })
export class AddNoteInput {
  @Field({ description: 'Contract, Biller or BillingSubCategory.' })
  entityType!: string;

  @Field(() => Int)
  entityId!: number;

  @Field()
  text!: string;

  @Field(() => Boolean, { nullable: true, description: 'True: no "Note added" activity is written.' })
  isLogActivityDisabled?: boolean | null;
}

@ObjectType({ description: 'A note written, or why not (errors).' })
export class NoteResult {
  @Field(() => NoteView, { nullable: true })
  note!: NoteView | null;

  @Field(() => [UserError])
  errors!: UserError[];
}
