import { Field, ObjectType } from 'type-graphql';
import { DomainError } from '../shared/errors.js';

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

/** Runs a mutation, returning expected rejections as data; anything else (not found, forbidden) is thrown. */
export async function withUserErrors<T>(work: () => Promise<T>): Promise<{ value: T | null; errors: UserError[] }> {
  try {
    return { value: await work(), errors: [] };
  } catch (error) {
    if (error instanceof DomainError) {
      return { value: null, errors: [{ code: error.code, field: error.field ?? null, message: error.message }] };
    }
    throw error;
  }
}
