import { Field, Int, ObjectType } from 'type-graphql';
import { AccountListItem } from '../account/index.js';
import { MemberView } from './member.types.js';

/*
 * The answers of the legacy member listings (REST only; no GraphQL operation returns them). Declared as object
 * types so the façade writes them by type (`rest/wire.ts`), like every other answer.
 */

@ObjectType('RestMemberAccountLink', { description: 'A member-account link (GET /api/memberaccountlink, allLinks).' })
export class MemberAccountLinkRecord {
  @Field(() => Int) memberId!: number;
  @Field(() => Int) accountId!: number;
  @Field() accountNumber!: string;
  @Field() isActive!: boolean;
  @Field() isPrimary!: boolean;
}

@ObjectType('RestMemberListEntry')
export class MemberListEntry extends MemberView {
  /** With `allLinks=true`: every link of the member, inactive ones too. */
  @Field(() => [MemberAccountLinkRecord], { nullable: true }) links?: MemberAccountLinkRecord[];
}

@ObjectType('RestCompleteMemberInformation')
export class CompleteMemberInformation {
  @Field(() => MemberView) member!: MemberView;
  /** The member's accounts (active links) with their current agreement. */
  @Field(() => [AccountListItem]) accounts!: AccountListItem[];
  /** Every link of the member, inactive ones too. */
  @Field(() => [MemberAccountLinkRecord]) links!: MemberAccountLinkRecord[];
}
