import { Field, ObjectType } from 'type-graphql';

/** An expected rejection returned as data: a stable code, the field at fault and the message to show. */
@ObjectType()
export class UserError {
  @Field()
  code!: string;

  @Field(() => String, { nullable: true })
  field?: string | null;

  @Field()
  message!: string;
}
