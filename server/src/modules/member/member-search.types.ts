import { Field, Int, ObjectType } from 'type-graphql';
import { AccountListItem } from '../account/index.js';

@ObjectType({ description: 'A member found by the staff search (header search modal).' })
export class MemberSearchResult {
  @Field(() => Int)
  memberId!: number;

  @Field()
  memberNumber!: string;

  @Field()
  firstName!: string;

  @Field()
  lastName!: string;

  @Field(() => String, { nullable: true })
  email?: string | null;

  @Field(() => String, { nullable: true })
  mobilePhone?: string | null;

  @Field()
  isActive!: boolean;

  @Field(() => [AccountListItem], { description: 'The member’s accounts (active links).' })
  accounts!: AccountListItem[];
}
