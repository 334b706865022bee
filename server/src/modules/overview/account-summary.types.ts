import { Field, Int, ObjectType } from 'type-graphql';
import { AccountStatus, AgreementBalancesView, AgreementSummary } from '../agreement/index.js';

/*
 * Answers of the smaller REST calls of the member area (no GraphQL operation returns them; the overview carries the
 * same figures). Declared as object types so the façade writes money by type (`rest/wire.ts`).
 */

@ObjectType('RestAccountSummary', { description: 'GET /api/accountsummary/{accountId}.' })
export class AccountSummary {
  @Field(() => Int) accountId!: number;
  @Field() accountNumber!: string;
  @Field() isActive!: boolean;
  @Field(() => AccountStatus) status!: AccountStatus;
  @Field(() => AgreementSummary, { nullable: true }) agreement!: AgreementSummary | null;
}

@ObjectType('RestAccountBalance', { description: 'GET /api/memberaccounts/getaccountbalance?accountId.' })
export class AccountBalance extends AgreementBalancesView {
  @Field(() => Int) accountId!: number;
  @Field(() => Int, { nullable: true }) contractId!: number | null;
}
