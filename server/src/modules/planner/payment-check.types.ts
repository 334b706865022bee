import { Field, InputType, Int, ObjectType } from 'type-graphql';
import type { Cents } from '../../shared/money.js';
import { MoneyScalar } from '../../graphql/scalars.js';

@InputType({ description: 'The biller form’s BPAY details (spec 2 §3 validation payload).' })
export class BpayValidationInput {
  @Field({ description: 'The BPAY biller code.' })
  bPayNumber!: string;

  @Field(() => String, { nullable: true, description: 'Digits only, 1 to 20; with an amount, the full check runs.' })
  customerReferenceNumber?: string | null;

  @Field(() => MoneyScalar, { nullable: true, description: 'With a reference, checked against the biller’s limits.' })
  amount?: Cents | null;

  @Field(() => String, {
    nullable: true,
    description: 'The reference as it was loaded (masked with *): an unchanged masked reference is not re-checked.',
  })
  loadedReference?: string | null;
}

@ObjectType({ description: 'The BPAY validation answer (spec 2 §5).' })
export class BpayValidation {
  @Field(() => Int, {
    description:
      '0 valid, 11 invalid BPAY number, 12 invalid customer reference, 13 amount higher than allowed, ' +
      '15 amount lower than allowed.',
  })
  code!: number;

  @Field()
  valid!: boolean;

  @Field(() => String, { nullable: true, description: 'The biller code as checked (spaces removed).' })
  billerCode!: string | null;

  @Field(() => String, { nullable: true, description: 'The biller’s name, when the code is valid.' })
  billerName!: string | null;

  @Field({ description: 'False when only the biller code was checked (no reference or no amount given).' })
  fullyChecked!: boolean;

  @Field(() => String, { nullable: true })
  message!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The input field at fault: bPayNumber, customerReferenceNumber, amount.',
  })
  field!: string | null;

  @Field(() => MoneyScalar, { nullable: true, description: 'Codes 13 and 15: the biller’s limit the amount broke.' })
  limit!: Cents | null;
}

@ObjectType({ description: 'The BSB validation answer (spec 2 §5).' })
export class BsbValidation {
  @Field(() => Int, { description: '0 valid (with the bank name), 14 invalid BSB.' })
  code!: number;

  @Field()
  valid!: boolean;

  @Field(() => String, { nullable: true, description: 'The 6 digits, zero-padded.' })
  bsb!: string | null;

  @Field(() => String, { nullable: true, description: 'The display form, 062-000.' })
  formattedBsb!: string | null;

  @Field(() => String, { nullable: true })
  bankName!: string | null;

  @Field(() => String, { nullable: true, description: "'Invalid Bsb number' for code 14." })
  message!: string | null;

  @Field(() => String, { nullable: true })
  field!: string | null;
}
