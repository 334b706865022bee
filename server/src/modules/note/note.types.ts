import { Field, Int, ObjectType } from 'type-graphql';

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
}
