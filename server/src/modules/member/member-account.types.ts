import { Field, Int, ObjectType } from 'type-graphql';
import { MemberAccountLinkView } from '../account/index.js';
import { AccountStatus, AgreementStatus } from '../agreement/index.js';
import { MemberView } from './member.types.js';

@ObjectType({ description: 'An account as seen by one of its members (the member area’s parent data).' })
export class MemberAccount {
  @Field(() => Int)
  accountId!: number;

  @Field(() => Int)
  memberId!: number;

  @Field()
  accountNumber!: string;

  @Field()
  isActive!: boolean;

  @Field(() => AccountStatus)
  status!: AccountStatus;

  @Field({
    description:
      'What people read for the account (its agreement’s status name, or that a resigned membership suspends it).',
  })
  statusName!: string;

  @Field(() => Int, { nullable: true })
  agreementId?: number | null;

  @Field(() => AgreementStatus, { nullable: true, description: 'The current agreement’s status.' })
  agreementStatus?: AgreementStatus | null;

  @Field(() => MemberView)
  member!: MemberView;

  @Field(() => [MemberView])
  members!: MemberView[];

  @Field(() => MemberAccountLinkView)
  link!: MemberAccountLinkView;
}
