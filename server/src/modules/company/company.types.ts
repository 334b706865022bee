import { Field, Int, ObjectType } from 'type-graphql';

/** A company of the catalogue as the company list and the biller form take it (spec 2 §2, §3). */
@ObjectType('Company', { description: 'A company of the catalogue: who a biller pays, and how it can be paid.' })
export class CompanyView {
  @Field(() => Int, { description: 'companyId.' })
  id!: number;

  @Field()
  name!: string;

  @Field(() => Int)
  billingCategoryId!: number;

  @Field({ description: "The category's name (spec 2 §3: company with category name)." })
  category!: string;

  @Field(() => [Int], {
    description:
      'Payment types it can be paid with, in code order: 0 BPAY, 1 EFT, 2 cheque, 3 reimbursement, 4 direct debit.',
  })
  paymentTypes!: number[];

  @Field(() => String, { nullable: true, description: 'Its BPAY biller code (null: not paid by BPAY).' })
  bPayNumber!: string | null;

  @Field(() => String, { nullable: true, description: 'The name BPAY knows it by.' })
  bpayBillerName!: string | null;
}

/** One typeahead answer (spec 2 §2): the matches by name and whether they are all of them. */
@ObjectType('CompanySearch')
export class CompanySearchView {
  @Field(() => [CompanyView])
  companies!: CompanyView[];

  @Field({
    description:
      'True when these are every match: a longer search containing this one can be answered from them without asking again.',
  })
  isComplete!: boolean;

  @Field({
    description: 'The search as matched: trimmed, spaces collapsed, lower case; empty when under 3 characters.',
  })
  search!: string;
}

/** The unknown-company option of the company list (spec 2 §2): a biller saved with no company. */
@ObjectType('UnknownCompanyOption')
export class UnknownCompanyOptionView {
  @Field()
  name!: string;

  @Field(() => Int)
  billingCategoryId!: number;

  @Field()
  category!: string;

  @Field(() => [Int], { description: 'Every payment type of the biller form: 0 BPAY, 1 EFT, 2, 3, 4.' })
  paymentTypes!: number[];
}
