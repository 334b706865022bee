import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { UserError } from '../../graphql/user-error.js';
import { WorkKind } from './worklist.rules.js';

registerEnumType(WorkKind, { name: 'WorkKind', description: 'What a staff worklist row is about, most urgent first.' });

@ObjectType('WorkAction', { description: 'An action a worklist row offers.' })
export class WorkActionView {
  @Field({ description: 'contact, lock, arrange, approve, resend, open or markDone.' })
  action!: string;

  @Field({ description: 'What the button says.' })
  label!: string;

  @Field(() => String, { nullable: true, description: 'contact: the template that fits the row.' })
  templateName!: string | null;

  @Field(() => Int, { nullable: true, description: 'resend: the message.' })
  notificationId!: number | null;
}

@ObjectType('WorkDone', { description: 'Who saw to a row, when, and by doing what.' })
export class WorkDoneView {
  @Field()
  at!: string;

  @Field()
  by!: string;

  @Field()
  action!: string;
}

@ObjectType('WorkItem', { description: 'A row of the staff worklist: what needs a person, why in words, what to do.' })
export class WorkItemView {
  @Field({ description: 'Stable while the situation lasts (markWorkItemDone takes it).' })
  key!: string;

  @Field(() => WorkKind)
  kind!: WorkKind;

  @Field({ description: 'The kind in words.' })
  kindLabel!: string;

  @Field({ description: 'The date the row is ordered by within its kind (since when, or when it bites).' })
  date!: string;

  @Field({ description: 'Why, in words.' })
  title!: string;

  @Field()
  detail!: string;

  @Field(() => Int, { nullable: true })
  agreementId!: number | null;

  @Field(() => Int, { nullable: true })
  accountId!: number | null;

  @Field(() => Int, { nullable: true })
  memberId!: number | null;

  @Field(() => String, { nullable: true })
  memberNumber!: string | null;

  @Field(() => String, { nullable: true })
  memberName!: string | null;

  @Field(() => [WorkActionView])
  actions!: WorkActionView[];

  @Field(() => WorkDoneView, { nullable: true })
  done!: WorkDoneView | null;
}

@ObjectType('WorkCount', { description: 'How many rows of a kind are open (the dashboard’s counts).' })
export class WorkCountView {
  @Field(() => WorkKind)
  kind!: WorkKind;

  @Field()
  label!: string;

  @Field(() => Int)
  open!: number;
}

@ObjectType('StaffWorklist', { description: 'What needs a person today, most urgent first; open rows before done.' })
export class StaffWorklistView {
  @Field()
  asOf!: string;

  @Field(() => [WorkItemView])
  items!: WorkItemView[];

  @Field(() => [WorkCountView])
  counts!: WorkCountView[];
}

@ObjectType({ description: 'A worklist row marked done, or why not (errors).' })
export class MarkWorkItemDoneResult {
  @Field()
  ok!: boolean;

  @Field(() => [UserError])
  errors!: UserError[];
}
