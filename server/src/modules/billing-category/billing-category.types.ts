import { Field, Int, ObjectType } from 'type-graphql';

/** A billing category of the catalogue (spec 2 §2 category list). */
@ObjectType('BillingCategory', { description: 'A household billing category: the wizard’s first pick.' })
export class BillingCategoryView {
  @Field(() => Int, { description: 'billingCategoryId.' })
  id!: number;

  @Field()
  name!: string;
}
