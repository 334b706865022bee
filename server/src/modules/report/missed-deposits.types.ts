import { Field, InputType, Int, ObjectType } from 'type-graphql';
import type { LocalDate } from '../../shared/local-date.js';
import type { Cents } from '../../shared/money.js';
import { LocalDateScalar, MoneyScalar } from '../../graphql/scalars.js';

@ObjectType({ description: 'A branch of the institution, as the missed-deposit report offers it.' })
export class ReportBranch {
  @Field(() => Int) id!: number;
  @Field() name!: string;
}

@InputType({ description: 'The missed-deposit report’s form: branches (at least one) and the missed deposits’ dates.' })
export class MissedDepositReportInput {
  @Field(() => [Int]) branchIds!: number[];
  @Field(() => LocalDateScalar, { nullable: true, description: 'Missed deposits due on or after this day.' })
  startDate?: LocalDate | null;
  @Field(() => LocalDateScalar, { nullable: true, description: 'Missed deposits due on or before this day.' })
  endDate?: LocalDate | null;
}

@ObjectType({ description: 'An agreement in arrears (spec 3 §3 missed-deposit record).' })
export class MissedDepositRecord {
  @Field() branchName!: string;
  @Field(() => MoneyScalar, { description: 'What its missed deposits within the dates still lack.' })
  totalValueInArrears!: Cents;
  @Field() formattedAccount!: string;
  @Field({ description: 'The account’s members, primary first.' }) members!: string;
  @Field(() => Int, { description: 'The agreement (contract) id.' }) agreementNumber!: number;
  @Field() depositFrequency!: string;
  @Field(() => LocalDateScalar, { nullable: true }) nextDepositDate!: LocalDate | null;
  @Field(() => LocalDateScalar, { description: 'The agreement’s end date, when it is due for renewal.' })
  renewalDate!: LocalDate;
  @Field(() => Int) accountId!: number;
  @Field(() => Int, { description: 'The primary member (the overview link).' }) memberId!: number;
  @Field(() => Int, { description: 'How many of its deposits within the dates are missed.' }) missedDeposits!: number;
}

@ObjectType({ description: 'One branch’s agreements in arrears and their total.' })
export class MissedDepositBranchGroup {
  @Field(() => Int) branchId!: number;
  @Field() branchName!: string;
  @Field(() => MoneyScalar) totalValueInArrears!: Cents;
  @Field(() => [MissedDepositRecord]) records!: MissedDepositRecord[];
}

@ObjectType({ description: 'The missed-deposit report: agreements in arrears grouped by branch, with totals.' })
export class MissedDepositReport {
  @Field(() => LocalDateScalar, { nullable: true }) startDate!: LocalDate | null;
  @Field(() => LocalDateScalar, { nullable: true }) endDate!: LocalDate | null;
  @Field(() => LocalDateScalar, { description: 'The day it was made.' }) asOf!: LocalDate;
  @Field(() => [ReportBranch], { description: 'The branches asked for.' }) branches!: ReportBranch[];
  @Field(() => [MissedDepositBranchGroup], { description: 'Branches with agreements in arrears, by name.' })
  groups!: MissedDepositBranchGroup[];
  @Field(() => MoneyScalar) totalValueInArrears!: Cents;
  @Field(() => Int) agreementCount!: number;
}
