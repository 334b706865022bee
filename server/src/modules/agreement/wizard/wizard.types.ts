import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { UserError } from '../../../graphql/user-error.js';
import { LocalDateScalar } from '../../../graphql/scalars.js';
import type { LocalDate } from '../../../shared/local-date.js';
import { AgreementStatus } from '../agreement-status.js';
import { WizardCancelFlow, WizardKind } from './wizard.rules.js';

registerEnumType(WizardKind, {
  name: 'WizardKind',
  description: 'The wizard a version is edited in: Create (steps 0-8) or Modify (steps 0-7).',
});

registerEnumType(WizardCancelFlow, {
  name: 'WizardCancelFlow',
  description:
    'The flow a cancel closes: Create and Modify discard the draft version; Continue and Process only close the session.',
});

@ObjectType('WizardEntry', { description: 'One entry of the header (Create, Modify, Continue): shown, and allowed.' })
export class WizardEntryView {
  @Field({ description: 'Whether the header shows the entry.' })
  visible!: boolean;

  @Field({ description: 'Whether it may be taken now; otherwise `refusal` says why.' })
  allowed!: boolean;

  @Field(() => Int, { nullable: true, description: 'The version it continues, or the version in force it modifies.' })
  agreementId!: number | null;

  @Field(() => UserError, { nullable: true })
  refusal!: UserError | null;
}

@ObjectType('WizardEntries', { description: 'Which agreement wizards an account allows now (spec 1 §4, 3 §2).' })
export class WizardEntriesView {
  @Field(() => Int)
  accountId!: number;

  @Field(() => WizardEntryView)
  create!: WizardEntryView;

  @Field(() => WizardEntryView)
  modify!: WizardEntryView;

  @Field(() => WizardEntryView)
  continue!: WizardEntryView;

  @Field(() => [String], {
    description:
      'Staff: the lifecycle actions the agreement in force allows now (Lock, Unlock, Renew, MoveEndDate, Cancel); ' +
      'none for members. A renewal or other change on its way takes Renew away.',
  })
  lifecycleActions!: string[];
}

@ObjectType('AgreementWizard', {
  description: 'An agreement version open in the wizard and where the wizard stands on it (saved on the server).',
})
export class WizardSessionView {
  @Field(() => Int, { description: 'The version being edited (contractId of the wizard’s calls).' })
  agreementId!: number;

  @Field(() => Int)
  accountId!: number;

  @Field(() => WizardKind)
  kind!: WizardKind;

  @Field(() => AgreementStatus)
  status!: AgreementStatus;

  @Field(() => Int)
  version!: number;

  @Field(() => Int, { nullable: true, description: 'The version in force a modification changes (it keeps running).' })
  previousAgreementId!: number | null;

  @Field(() => Int, { description: 'The saved step: create 0-8, modify 0-7.' })
  step!: number;

  @Field(() => Int, { description: 'The last step of this wizard (8 create, 7 modify).' })
  lastStep!: number;

  @Field(() => Int, { nullable: true, description: '1 new, 2 edit, 3 remove, 4 reinstate, 5 continue.' })
  mode!: number | null;

  @Field(() => Int, { nullable: true })
  categoryId!: number | null;

  @Field(() => Int, { nullable: true })
  companyId!: number | null;

  @Field(() => Int, { nullable: true, description: 'The biller or sub-category being worked on.' })
  itemId!: number | null;

  @Field(() => Int, { nullable: true, description: '0 biller, 1 sub-category.' })
  itemType!: number | null;

  @Field({ description: 'Modify mode after continue: three navigation steps (the biller details skipped).' })
  threeStepFlow!: boolean;

  @Field(() => [String], { description: 'The navigation labels to show (four, or three).' })
  navigationLabels!: string[];

  @Field({ description: "The list's continue button: 'Edit agreement settings' (modify) or 'Let's continue'." })
  continueLabel!: string;

  @Field(() => UserError, {
    nullable: true,
    description: 'The read-only lock (account not valid, or in setup a balance that is not zero); null: editable.',
  })
  lock!: UserError | null;

  @Field(() => LocalDateScalar)
  startDate!: LocalDate;

  @Field(() => LocalDateScalar)
  endDate!: LocalDate;

  @Field({
    description:
      'A renewal: a modification that starts the day after the version in force ends; staff send it for the member’s approval and it takes over then.',
  })
  isRenewal!: boolean;
}

@ObjectType('AgreementWizardResult', { description: 'A wizard answer, or the expected rejections as data.' })
export class WizardSessionResult {
  @Field(() => WizardSessionView, { nullable: true })
  wizard!: WizardSessionView | null;

  @Field(() => [UserError])
  errors!: UserError[];
}

@ObjectType('AgreementWizardCancelResult')
export class WizardCancelResult {
  @Field({ description: 'Whether the draft version was discarded (cancelled, status 6).' })
  discarded!: boolean;

  @Field(() => String, { nullable: true, description: "The message's title, e.g. 'Modify agreement cancelled'." })
  title!: string | null;

  @Field(() => String, { nullable: true, description: 'The full cancel message to show (spec 2 §8).' })
  message!: string | null;

  @Field(() => [UserError])
  errors!: UserError[];
}

@InputType('WizardPositionInput', { description: 'Where the wizard stands, to save (every saved step).' })
export class WizardPositionInput {
  @Field(() => Int, { description: 'create 0-8, modify 0-7.' })
  step!: number;

  @Field(() => Int, { nullable: true, description: '1 new, 2 edit, 3 remove, 4 reinstate, 5 continue.' })
  mode?: number | null;

  @Field(() => Int, { nullable: true })
  categoryId?: number | null;

  @Field(() => Int, { nullable: true })
  companyId?: number | null;

  @Field(() => Int, { nullable: true })
  itemId?: number | null;

  @Field(() => Int, { nullable: true, description: '0 biller, 1 sub-category.' })
  itemType?: number | null;

  @Field({ nullable: true, defaultValue: false })
  threeStepFlow?: boolean;
}

@ObjectType('AgreementVersion', { description: 'A version of an account’s agreement (GET /api/contracts).' })
export class AgreementVersionView {
  @Field(() => Int, { description: 'contractId.' })
  id!: number;

  @Field(() => AgreementStatus)
  status!: AgreementStatus;

  @Field(() => Int)
  version!: number;

  @Field(() => Int, { nullable: true })
  previousAgreementId!: number | null;

  @Field(() => LocalDateScalar)
  startDate!: LocalDate;

  @Field(() => LocalDateScalar)
  endDate!: LocalDate;

  @Field(() => Int, { nullable: true, description: 'The saved wizard step of a version open in the wizard.' })
  wizardStep!: number | null;
}
