import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { Cents } from '../../shared/money.js';
import { MoneyScalar } from '../../graphql/scalars.js';
import { UserError } from '../../graphql/user-error.js';
import { ApprovalDecision } from './agreement-approval.rules.js';

registerEnumType(ApprovalDecision, {
  name: 'ApprovalDecision',
  description: 'How an agreement approval stands: none asked, pending, granted or refused (for good).',
});

@ObjectType({ description: 'An agreement approval (spec 3 §3 Approval): type 1 deposit overdraw, 2 upper limit.' })
export class AgreementApproval {
  @Field(() => Int) approvalId!: number;
  @Field(() => Int) contractId!: number;
  @Field(() => Int) accountId!: number;
  @Field(() => Int) approvalType!: number;
  @Field() approvalGranted!: boolean;
  @Field({ description: 'No manager has decided yet.' }) pending!: boolean;
  @Field() managerName!: string;
  @Field() note!: string;
  @Field(() => MoneyScalar, { nullable: true }) amount?: Cents | null;
  @Field(() => String, { nullable: true }) requestedBy?: string | null;
  @Field(() => Int, { nullable: true, description: 'The account’s member (primary holder first).' })
  memberId?: number | null;
  @Field(() => String, { nullable: true }) memberName?: string | null;
  @Field(() => String, { nullable: true }) memberNumber?: string | null;
  @Field({ description: 'The account the agreement is on.' }) accountNumber!: string;
  @Field({ description: 'The sentence for the agent (the grant’s, the refusal’s step-back message, or requested).' })
  message!: string;
}

@ObjectType()
export class AgreementApprovalKindState {
  @Field(() => Int) approvalType!: number;
  @Field() needed!: boolean;
  @Field(() => ApprovalDecision) decision!: ApprovalDecision;
  @Field(() => String, { nullable: true }) managerName?: string | null;
  @Field(() => String, { nullable: true }) note?: string | null;
  @Field(() => String, { nullable: true }) message?: string | null;
}

@ObjectType({ description: 'Which approvals a version open in the wizard needs, and how each stands.' })
export class AgreementApprovalsState {
  @Field(() => Int) contractId!: number;
  @Field(() => MoneyScalar, { nullable: true }) totalOverDrawOfAmount?: Cents | null;
  @Field(() => MoneyScalar) approvedOverDrawOfAmount!: Cents;
  @Field(() => MoneyScalar, { nullable: true }) totalContractValue?: Cents | null;
  @Field(() => MoneyScalar) upperContractLimit!: Cents;
  @Field(() => [AgreementApprovalKindState]) kinds!: AgreementApprovalKindState[];
  @Field({ description: 'Every needed approval granted.' }) canProceed!: boolean;
}

@ObjectType()
export class AgreementApprovalResult {
  @Field(() => AgreementApproval, { nullable: true }) approval?: AgreementApproval | null;
  @Field(() => [UserError]) errors!: UserError[];
}

@InputType({ description: 'The manager signs the agent’s screen with their own credentials (throttled).' })
export class AgreementApprovalOverrideInput {
  @Field(() => Int) agreementId!: number;
  @Field(() => Int) approvalType!: number;
  @Field() managerUsername!: string;
  @Field() managerPassword!: string;
  @Field() approvalGranted!: boolean;
  @Field() note!: string;
}
