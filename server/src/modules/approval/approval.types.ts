import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { UserError } from '../../graphql/user-error.js';

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
