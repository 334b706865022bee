import { Field, ObjectType } from 'type-graphql';

@ObjectType({ description: 'One changed field of a modification (a readable diff of the JSON details).' })
export class FieldChange {
  @Field()
  field!: string;

  @Field(() => String, { nullable: true })
  before?: string | null;

  @Field(() => String, { nullable: true })
  after?: string | null;
}
