import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { STAFF_AND_REPORTER_ROLES } from '../../common/auth/roles.js';
import { Authorized } from 'type-graphql';
import { UserError } from '../../graphql/user-error.js';

@ObjectType('Member', { description: 'A member of the institution.' })
export class MemberView {
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

  @Field()
  isResigned!: boolean;

  @Field(() => String, { nullable: true })
  branchName?: string | null;

  /** Internal flag: staff only. */
  @Authorized(...STAFF_AND_REPORTER_ROLES)
  @Field(() => Boolean, { nullable: true, description: 'Staff only: whether the member’s sign-in is locked.' })
  signInLocked?: boolean | null;
}

@InputType()
export class RegisterInterestInput {
  @Field(() => Int, { description: '0 when the person is not a known member.' })
  memberId!: number;

  @Field()
  fullName!: string;

  @Field()
  email!: string;

  @Field()
  mobilePhone!: string;
}

@ObjectType()
export class RegisterInterestResult {
  @Field()
  ok!: boolean;

  @Field(() => [UserError])
  errors!: UserError[];
}
