import { parseMoney, type Cents } from '../../shared/money.js';

/** Server settings (spec 1 §3), editable in the `setting` table under the key `server`. */
export interface ServerSettingsData {
  institutionName: string;
  businessUpperContractLimit: Cents;
  contractApprovedOverDrawOfAmount: Cents;
  overdrawnRuleSingleMemberText: string;
  overdrawnRuleManyMembersText: string;
  /** The 8-week good-conduct overdraw waiver, in days. */
  initialOverdrawRuleDays: number;
  /** The agreement fee charged with each deposit (spec 3 deposits step "a fee display"); null: no fee (the default). */
  agreementFee: Cents | null;
  /** The deposit review's calendar (issue 24 item 2): every agreement is reviewed every this many months. */
  depositReviewEveryMonths: number;
}

export const DEFAULT_SERVER_SETTINGS: ServerSettingsData = {
  institutionName: 'Harbourside Mutual Bank',
  businessUpperContractLimit: parseMoney('50000'),
  contractApprovedOverDrawOfAmount: parseMoney('5000'),
  overdrawnRuleSingleMemberText:
    'You may be overdrawn during the first 8 weeks of the agreement while your deposits build up. After that your deposits must always cover your bills.',
  overdrawnRuleManyMembersText:
    'The account holders may be overdrawn during the first 8 weeks of the agreement while deposits build up. After that deposits must always cover the bills.',
  initialOverdrawRuleDays: 56,
  agreementFee: null,
  depositReviewEveryMonths: 3,
};

/** Every institution text of the specs, with sensible defaults; overridden by the `client` settings document. */
export const DEFAULT_CLIENT_SETTINGS = {
  appVersion: '1.0.0.0.0',
  institutionName: 'Harbourside Mutual Bank',
  institutionShortName: 'Harbourside',
  productName: 'BillSmoothing',
  productSlogan: 'Your bills, evened out.',
  supportUrl: '/help#support',
  helpUrl: '/help',
  supportEmail: 'billsmoothing.support@example.com',
  /** The support team's telephone number, as members read it in messages. */
  supportPhone: '1300 555 010',
  staffDashboard: {
    /** Spec 1 §1 'The staff dashboard shows release {ip}': {ip} is the address of the server that answered. */
    releaseLabel: 'release {ip}',
    supportEmailShortcuts: [
      { label: 'Bill smoothing support', email: 'billsmoothing.support@example.com' },
      { label: 'Payments team', email: 'payments@example.com' },
    ],
    tabs: [
      { key: 'payments', title: 'Payments project', body: 'Status of the payments project.' },
      { key: 'messages', title: 'Message board', body: 'No new messages.' },
      { key: 'changes', title: 'Upcoming changes', body: 'No upcoming changes.' },
      { key: 'reports', title: 'Reports', body: 'Missed-deposit and agreement reports.' },
      { key: 'releases', title: 'Release notes', body: 'Release 1.0.0.0.0.' },
    ],
  },
  missedDepositBannerMember:
    'A deposit was missed. Bill payments are suspended until the full missed amount is received.',
  missedDepositBannerStaff:
    'This agreement is in missed deposit. Bill payments need manager approval until the missed amount is received.',
  lockedAgreementBannerMember: 'This agreement is locked. Please contact us.',
  lockedAgreementBannerStaff: 'This agreement is locked. Review it before unlocking.',
  capacityToPayWording:
    'The member has confirmed they have the capacity to make the deposits in this agreement without substantial hardship.',
  /** CapacityToPayWarning: shown when the capacity step is saved without the confirmation (spec 3 §5). */
  capacityToPayWarning:
    'Please confirm that the member has the capacity to make the deposits in this agreement before continuing.',
  /** BankStatementCheckQuestion, MembersWagesCheckQuestion, DocumentsCheckQuestion: optional, shown if non-empty. */
  bankStatementCheckQuestion: 'Have you reviewed the member’s recent bank statements?',
  membersWagesCheckQuestion: 'Have you confirmed the member’s wages or regular income?',
  documentsCheckQuestion: '',
  /** AgreementTsAndCsConfirmations: the six statements of the confirm page, all to be ticked (spec 3 §9). */
  termsConfirmationChecklist: [
    'I have read and understood the terms and conditions of the agreement.',
    'I understand my deposits must cover my bills and the contingency set aside for them.',
    'I understand bills are paid only from funds held in the agreement.',
    'I understand a missed deposit suspends bill payments until it is received.',
    'I understand the agreement can be modified, renewed or cancelled by contacting the institution.',
    'I confirm the details I have provided are true and complete.',
  ],
  printedAgreementTerms: [
    'Deposits are made on the dates and in the amounts shown in this agreement.',
    'Bills are paid from the agreement on their due dates from the money set aside for them.',
    'A contingency of 10% is kept for bills whose amount varies.',
    'Leftover money is kept in your rainy-day balance.',
  ],
  beforeYouProceedChecklist: [
    'Confirm the identity of every account holder.',
    'Confirm the member has their recent bills at hand.',
    'Confirm the member can afford the deposits.',
  ],
  /** Staff text (spec 1 §6, 3 §6): shown to staff where a modification starts and where it is confirmed. */
  signingRulesStaffText:
    'Modifications must be authorised according to the account’s signing rules: check that every person who must sign has agreed before you start or save the change.',
  confirmSignatureText:
    'By confirming, the member agrees to the agreement as shown and authorises the deposits and bill payments in it.',
};

export type ClientSettingsData = typeof DEFAULT_CLIENT_SETTINGS;
