import { Authorized, Field, Int, ObjectType } from 'type-graphql';
import { STAFF_AND_REPORTER_ROLES } from '../../common/auth/roles.js';
import type { Cents } from '../../shared/money.js';
import type { LocalDate } from '../../shared/local-date.js';
import { LocalDateScalar, MoneyScalar } from '../../graphql/scalars.js';

@ObjectType({ description: 'Settings of the institution that the server applies (spec 1 §3).' })
export class ServerSettings {
  @Field({ description: 'billsumoFinancialInstitutionName' })
  institutionName!: string;

  @Field(() => MoneyScalar)
  businessUpperContractLimit!: Cents;

  @Field(() => MoneyScalar)
  contractApprovedOverDrawOfAmount!: Cents;

  @Field()
  overdrawnRuleSingleMemberText!: string;

  @Field()
  overdrawnRuleManyMembersText!: string;

  @Field(() => Int, { description: 'The initial overdraw rule duration (good-conduct waiver), in days.' })
  initialOverdrawRuleDays!: number;
}

@ObjectType()
export class EmailShortcut {
  @Field()
  label!: string;

  @Field()
  email!: string;
}

@ObjectType()
export class DashboardTab {
  @Field()
  key!: string;

  @Field()
  title!: string;

  @Field()
  body!: string;
}

@ObjectType()
export class StaffDashboardSettings {
  @Authorized(...STAFF_AND_REPORTER_ROLES)
  @Field({ description: 'Staff only: "release {ip}" with the answering server’s address (spec 1 §1).' })
  releaseLabel!: string;

  @Field(() => [EmailShortcut])
  supportEmailShortcuts!: EmailShortcut[];

  @Field(() => [DashboardTab])
  tabs!: DashboardTab[];
}

@ObjectType({ description: 'Institution texts and links the client shows.' })
export class ClientSettings {
  @Field()
  appVersion!: string;

  @Field()
  institutionName!: string;

  @Field()
  institutionShortName!: string;

  @Field()
  productName!: string;

  @Field()
  productSlogan!: string;

  @Field()
  supportUrl!: string;

  @Field()
  helpUrl!: string;

  @Field()
  supportEmail!: string;

  @Field(() => StaffDashboardSettings)
  staffDashboard!: StaffDashboardSettings;

  @Field()
  missedDepositBannerMember!: string;

  @Field()
  missedDepositBannerStaff!: string;

  @Field()
  lockedAgreementBannerMember!: string;

  @Field()
  lockedAgreementBannerStaff!: string;

  @Field()
  capacityToPayWording!: string;

  @Field({ description: 'CapacityToPayWarning: the capacity step’s message when the confirmation is missing.' })
  capacityToPayWarning!: string;

  @Field({ description: 'BankStatementCheckQuestion: an optional capacity checkbox, shown if non-empty.' })
  bankStatementCheckQuestion!: string;

  @Field({ description: 'MembersWagesCheckQuestion: an optional capacity checkbox, shown if non-empty.' })
  membersWagesCheckQuestion!: string;

  @Field({ description: 'DocumentsCheckQuestion: an optional capacity checkbox, shown if non-empty.' })
  documentsCheckQuestion!: string;

  @Field(() => [String], { description: 'AgreementTsAndCsConfirmations: the confirm page’s statements.' })
  termsConfirmationChecklist!: string[];

  @Field(() => [String])
  printedAgreementTerms!: string[];

  @Field(() => [String])
  beforeYouProceedChecklist!: string[];

  @Field({ description: 'Staff text: modifications must be authorised per the account’s signing rules.' })
  signingRulesStaffText!: string;

  @Field()
  confirmSignatureText!: string;
}

@ObjectType({
  description:
    'The institution’s day and time zone: the date the server’s rules use (the demo clock’s, when demo mode has moved it) and the zone its times are shown in.',
})
export class InstitutionDay {
  @Field(() => LocalDateScalar)
  today!: LocalDate;

  @Field({ description: 'An IANA time zone, e.g. Australia/Sydney.' })
  timeZone!: string;
}
