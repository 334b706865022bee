import { Field, InputType, Int, ObjectType } from 'type-graphql';
import type { LocalDate } from '../../shared/local-date.js';
import type { Cents } from '../../shared/money.js';
import { LocalDateScalar, MoneyScalar } from '../../graphql/scalars.js';
import { UserError } from '../../graphql/user-error.js';
import { AgreementStatus } from '../agreement/index.js';

@ObjectType({ description: 'A manager approval for paying a bill in arrears (spec 1 §3 Manager approval).' })
export class ArrearsApproval {
  @Field(() => Int) approvalId!: number;
  @Field() approvalGranted!: boolean;
  @Field({ description: 'No manager has decided yet.' }) pending!: boolean;
  @Field(() => Int) billId!: number;
  @Field(() => Int) contractId!: number;
  @Field() managerName!: string;
  @Field() note!: string;
  @Field(() => String, { nullable: true }) requestedBy!: string | null;
  @Field({ description: 'When the agent asked (ISO 8601 timestamp).' }) requestedAt!: string;
  @Field(() => Int, {
    nullable: true,
    description: 'The account’s member (agreementOwner: the primary holder, else the oldest active link).',
  })
  memberId!: number | null;
  @Field(() => String, { nullable: true }) memberName!: string | null;
  @Field(() => Int) accountId!: number;
  @Field() accountNumber!: string;
  @Field({ description: 'The bill’s biller or sub-category, as the member’s screens name it.' }) billerName!: string;
  @Field(() => MoneyScalar, { description: 'The bill’s amount.' }) amount!: Cents;
  @Field(() => LocalDateScalar) dueDate!: LocalDate;
  @Field(() => AgreementStatus) agreementStatus!: AgreementStatus;
  @Field() agreementStatusName!: string;
}

@ObjectType()
export class ApprovalResult {
  @Field(() => ArrearsApproval, { nullable: true }) approval?: ArrearsApproval | null;
  @Field(() => [UserError]) errors!: UserError[];
}

@InputType({ description: 'Supervisor override: the manager’s own credentials on the agent’s screen.' })
export class ManagerOverrideInput {
  @Field(() => Int) billId!: number;
  @Field() managerUsername!: string;
  @Field() managerPassword!: string;
  @Field() approvalGranted!: boolean;
  @Field() note!: string;
}
