/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
/** The status of an account, from its agreement. */
export type AccountStatus =
  | 'Active'
  | 'InArrears'
  | 'Locked'
  | 'Modified'
  | 'Pending'
  | 'Unknown';

/** The four activity filters (spec 1 §4); members get Payment, AgreementChange and Notification. */
export type ActivityFilter =
  | 'AgreementChange'
  | 'Note'
  | 'Notification'
  | 'Payment';

/** A new note (POST /api/notes): text on a Contract, Biller or BillingSubCategory. */
export type AddNoteInput = {
  entityId: number;
  /** Contract, Biller or BillingSubCategory. */
  entityType: string;
  /** True: no "Note added" activity is written. */
  isLogActivityDisabled?: boolean | null | undefined;
  text: string;
};

/** The manager signs the agent’s screen with their own credentials (throttled). */
export type AgreementApprovalOverrideInput = {
  agreementId: number;
  approvalGranted: boolean;
  approvalType: number;
  managerPassword: string;
  managerUsername: string;
  note: string;
};

/** Agreement (contract) status codes. */
export type AgreementStatus =
  | 'Active'
  | 'Approved'
  | 'Cancelled'
  | 'Expired'
  | 'InProgress'
  | 'Locked'
  | 'MissedDeposit'
  | 'ModificationPendingApproval'
  | 'PendingApproval'
  | 'Queued'
  | 'Renewed';

/** The fix confirmed, with the figure the caller saw (refused when the figures changed). */
export type ApplyShortfallFixInput = {
  accountId: number;
  /** TopUp: the linked savings account the money comes from. */
  accountNumber?: string | null | undefined;
  /** The fix’s amount as shown, in dollars ("50.00"). */
  amount: string;
  idempotencyKey: string;
  kind: ShortfallFixKind;
  memberId: number;
};

/** How an agreement approval stands: none asked, pending, granted or refused (for good). */
export type ApprovalDecision =
  | 'Granted'
  | 'None'
  | 'Pending'
  | 'Refused';

/** Staff record what was arranged with the member, with a note. */
export type ArrangeHardshipCaseInput = {
  accountId: number;
  /** LowerDeposit: the deposit, in dollars ("45.00"). */
  amount?: string | null | undefined;
  /** DepositHoliday: the first day, YYYY-MM-DD. */
  from?: string | null | undefined;
  kind: HardshipRequestKind;
  /** What was agreed (at most 1,000 characters). */
  note: string;
  /** The last day, YYYY-MM-DD. */
  until?: string | null | undefined;
};

/** The worklist’s sort, as the screen shows it (the exports follow it). */
export type AtRiskSortInput = {
  /** asc or desc. */
  direction?: string;
  /** risk (worst first), member, firstShortDate, lowestPoint, topUpToAvoid or depositToAvoid. */
  field: string;
};

/** A line of a bank day: money in or out of the agreement. */
export type BankDayLineKind =
  /** A bill paid automatically (the automatic payments step, after the deposits). */
  | 'BILL'
  /** A deposit in (the day’s first step). */
  | 'DEPOSIT';

/** What became of a line of the last bank day. */
export type BankDayOutcome =
  /** The biller’s bank refused the payment; the money was returned (the reason says why). */
  | 'FAILED'
  /** The deposit did not arrive, in whole or in part (the reason says how much). */
  | 'MISSED'
  /** The bank day could not make the payment (the reason says why); it tries again. */
  | 'NOT_PAID'
  /** The biller’s bank accepted the payment. */
  | 'PAID'
  /** The deposit arrived (all of it, or the amount given). */
  | 'RECEIVED'
  /** The payment was made and sent; the biller’s bank has not answered yet. */
  | 'SENT';

/** Bill status codes (DOMAIN.md): Overdue and OverdueNotified count as overdue, Upcoming is due within 30 days. */
export type BillStatus =
  | 'Failed'
  | 'Overdue'
  | 'OverdueNotified'
  | 'Paid'
  | 'PaymentPending'
  | 'Reimbursed'
  | 'Reversed'
  | 'Scheduled'
  | 'ShortPaid'
  | 'Upcoming';

/** The biller form (spec 2 §3); billerId null adds a biller. */
export type BillerInput = {
  bPayNumber?: string | null | undefined;
  biMonthly1stDate?: string | null | undefined;
  biMonthly2ndDate?: string | null | undefined;
  billerId?: number | null | undefined;
  billingCategoryId: number;
  billingFrequency?: number | null | undefined;
  bsbNumber?: string | null | undefined;
  /** Null: the unknown company. */
  companyId?: number | null | undefined;
  contractId: number;
  /** The masked reference sent back unchanged keeps it. */
  customerReferenceNumber?: string | null | undefined;
  /** YYYY-MM-DD or DD-MM-YYYY. */
  dateOfBill?: string | null | undefined;
  /** Blank: the next free number is assigned. */
  directDebitAccountNumber?: string | null | undefined;
  doesAmountVaryFromBillToBill?: boolean | null | undefined;
  eftAccountName?: string | null | undefined;
  eftAccountNumber?: string | null | undefined;
  /** Blank: the nickname cut to 18. */
  eftReferenceNumber?: string | null | undefined;
  expectedBillValue?: string | null | undefined;
  expectedFinalBillDate?: string | null | undefined;
  isAutoPaymentBill?: boolean | null | undefined;
  isExactDateOfBillKnown?: boolean | null | undefined;
  isFinalBillExpected?: boolean | null | undefined;
  isNotificationEnabled?: boolean | null | undefined;
  isSeasonBill?: boolean | null | undefined;
  /** A note on the biller (staff). */
  newNoteText?: string | null | undefined;
  nickname?: string | null | undefined;
  offPeakValueOfBill?: string | null | undefined;
  overdueOption?: number | null | undefined;
  paymentType?: number | null | undefined;
  peakMonths?: Array<number> | null | undefined;
  peakValueOfBill?: string | null | undefined;
  /** A rough date: the month (1-12) of the next bill. */
  roughMonth?: number | null | undefined;
};

export type BillerPreferenceInput = {
  billerId: number;
  isNotificationEnabled: boolean;
};

/** A biller’s or sub-category’s status (spec 2 §3): Removed until reinstated; OnHold blocks paying it. */
export type BillerStatus =
  | 'Active'
  | 'OnHold'
  | 'Removed';

/** The biller form’s BPAY details (spec 2 §3 validation payload). */
export type BpayValidationInput = {
  /** With a reference, checked against the biller’s limits. */
  amount?: string | null | undefined;
  /** The BPAY biller code. */
  bPayNumber: string;
  /** Digits only, 1 to 20; with an amount, the full check runs. */
  customerReferenceNumber?: string | null | undefined;
  /** The reference as it was loaded (masked with *): an unchanged masked reference is not re-checked. */
  loadedReference?: string | null | undefined;
};

/** The capacity model: paymentCapacityConfirmed, newNoteText, contractId. */
export type CapacityInputType = {
  /** The checklist questions ticked, by their text (of `questions`); omitted: the saved answers stay. */
  checkedQuestions?: Array<string> | null | undefined;
  contractId: number;
  /** A note added to the agreement when typed. */
  newNoteText?: string | null | undefined;
  paymentCapacityConfirmed: boolean;
};

/** A catch-up deposit: money from a linked savings account now, towards the missed deposits. */
export type CatchUpDepositInput = {
  /** The linked savings account the money comes from. */
  accountNumber: string;
  /** Dollars, at most 2 decimals; not more than is owed. */
  amount: string;
  contractId: number;
  idempotencyKey: string;
};

/** The member’s (or staff’s) choice at term end. */
export type ChooseTermEndInput = {
  accountId: number;
  /** Refund: the linked account to refund the surplus to. */
  accountNumber?: string | null | undefined;
  choice: TermEndChoice;
  memberId: number;
};

/** POST/PUT /api/contractpreferences?contractId. */
export type ContractPreferencesInput = {
  /** Omitted: left as they are. */
  billers?: Array<BillerPreferenceInput> | null | undefined;
  branchId?: number | null | undefined;
  contractId: number;
  /** Omitted: left as they are. */
  events?: Array<EventSubscriptionInput> | null | undefined;
  members: Array<MemberPreferenceInput>;
};

/** What a line of the deposit breakdown stands for. */
export type DepositBreakdownLineKind =
  /** One biller’s bills (amounts without contingency). */
  | 'BILLER'
  /** The 10% buffer on variable and direct-debit bills. */
  | 'CONTINGENCY'
  /** A balance already held (negative) or an overdrawn one brought forward. */
  | 'HELD_BALANCE'
  /** Expenses the entered deposit does not cover (negative). */
  | 'SHORTFALL'
  /** Rounding and surplus, kept in rainy day. */
  | 'SURPLUS';

/** One biller or sub-category of the agreement. */
export type DepositPlanBillerInput = {
  /** The expected bill value (the off-peak value of a season bill). */
  amount: string;
  /** doesAmountVaryFromBillToBill: a variable bill carries a 10% contingency. */
  amountVaries?: boolean | null | undefined;
  /** The date of the (first) bill; every occurrence counts from it. */
  dateOfBill: string;
  /** The expected final bill (itself a bill); nothing falls after it. 0001-01-01 means none. */
  finalBillDate?: string | null | undefined;
  /** Billing frequency code: 0 per day, 1 weekly, 2 fortnightly, 3 monthly, 4 every 2nd month, 5 quarterly, 6 semi-annually, 7 annually, 8 once only, 10 bi-monthly (twice a month). */
  frequency: number;
  /** The caller’s id for it (e.g. `biller:12`), unique in the plan; breakdown lines carry it. */
  key: string;
  /** What the member sees (the nickname); the key when blank. */
  label?: string | null | undefined;
  /** Season bill: the value in other months; `amount` if absent. */
  offPeakValue?: string | null | undefined;
  /** Payment method code 0-7 (0 BPAY, 1 EFT, 2 cheque, 3 reimbursement, 4 direct debit, ...); direct debit carries a 10% contingency. */
  paymentMethod?: number | null | undefined;
  /** Season bill: the peak months, 1-12. */
  peakMonths?: Array<number> | null | undefined;
  /** Season bill: the value in peak months. */
  peakValue?: string | null | undefined;
  /** Bi-monthly (10) only: the second date in the month. */
  secondDateOfBill?: string | null | undefined;
};

/** How a review was closed: Accepted (its deposit became a change), Dismissed (by staff: no change). */
export type DepositReviewOutcome =
  | 'Accepted'
  | 'Dismissed';

/** Schedule: the calendar (every N months, a server setting); Deficit / Surplus: the projected deficit, or the surplus at term end, passes one deposit. */
export type DepositReviewTrigger =
  | 'Deficit'
  | 'Schedule'
  | 'Surplus';

/** The deposits step (spec 3 §3), the whole draft: an absent field is not chosen. */
export type DepositsInput = {
  biMonthly1stDate?: string | null | undefined;
  biMonthly2ndDate?: string | null | undefined;
  /** The deposit; the required one when absent. */
  contributionAmount?: string | null | undefined;
  /** Setup: the start date; modify: the next deposit date. */
  contributionDate?: string | null | undefined;
  /** 1 weekly, 2 fortnightly, 3 monthly, 5 quarterly, 7 annually, 10 twice a month. */
  contributionFrequency?: number | null | undefined;
  /** 1 payroll deduction, 2 periodical payment. */
  depositType?: number | null | undefined;
  /** RemoveBill chosen. */
  isRemoveBillPerformed?: boolean | null | undefined;
  /** TopupNow chosen. */
  isTopupPerformed?: boolean | null | undefined;
  /** The linked savings account a periodical payment comes from. */
  periodicalPaymentAccount?: number | null | undefined;
  remitterName?: string | null | undefined;
  remitterNumber?: string | null | undefined;
  /** Which bi-monthly date the deposits start on (1 or 2). */
  selectedContributionDate?: number | null | undefined;
  /** The linked savings account the top-up is paid from. */
  topupAccount?: number | null | undefined;
};

export type EventSubscriptionInput = {
  key: string;
  subscribed: boolean;
};

/** A download’s kind. */
export type ExportFormat =
  | 'CSV'
  | 'PDF';

/** Why the figures of an account changed. */
export type FiguresChangeKind =
  /** An agreement open in the wizard changed without a status change: a biller or sub-category saved, removed or reinstated, its deposits saved. */
  | 'AGREEMENT_EDITED'
  /** A step of a bank day ran: deposits, payments, the calendar; today may have moved. */
  | 'BANK_DAY'
  /** The deposits still to come changed: a hardship arrangement’s relief, or a deposit missed. */
  | 'DEPOSITS_CHANGED'
  /** An open deposit review was worked out again (a new deposit offered, or closed as the deposit fits now): no figure moved; the review’s own screens (its panel, the staff worklist) refetch, nothing else. */
  | 'DEPOSIT_REVIEWED'
  /** A request for help with payments was opened, arranged or closed. */
  | 'HARDSHIP'
  /** The subscription listens from now on (first answer, and again after a reconnection): refetch. */
  | 'LISTENING'
  /** Money moved: a payment, top-up, reimbursement, reversal, deposit or settlement. */
  | 'MONEY_MOVED'
  /** An agreement status changed: modified, approved, applied, locked, in arrears … */
  | 'STATUS_CHANGED'
  /** Only a change waiting behind the agreement in force moved from queued to applying: no figure moved; the change’s own pages (its agreement page, its review) refetch, nothing else. */
  | 'WAITING_CHANGE_STAGE';

/** The terms staff are about to record, to see what they do to the deposits first. */
export type HardshipArrangementPreviewInput = {
  accountId: number;
  /** LowerDeposit: the deposit, in dollars ("45.00"). */
  amount?: string | null | undefined;
  /** DepositHoliday: the first day, YYYY-MM-DD. */
  from?: string | null | undefined;
  kind: HardshipRequestKind;
  /** The last day, YYYY-MM-DD. */
  until?: string | null | undefined;
};

/** None: help without a change; DepositHoliday: no deposits for up to a month, re-spread over the rest of the term; LowerDeposit: a lower deposit until a date. */
export type HardshipRequestKind =
  | 'DepositHoliday'
  | 'LowerDeposit'
  | 'None';

/** Open: waiting for staff; Arranged: staff recorded an arrangement; Closed. */
export type HardshipStatus =
  | 'Arranged'
  | 'Closed'
  | 'Open';

/** Supervisor override: the manager’s own credentials on the agent’s screen. */
export type ManagerOverrideInput = {
  approvalGranted: boolean;
  billId: number;
  managerPassword: string;
  managerUsername: string;
  note: string;
};

export type MemberPreferenceInput = {
  memberId: number;
  notificationPreference: NotificationPreferenceChoice;
};

/** The missed-deposit report’s form: branches (at least one) and the missed deposits’ dates. */
export type MissedDepositReportInput = {
  branchIds: Array<number>;
  /** Missed deposits due on or before this day. */
  endDate?: string | null | undefined;
  /** Missed deposits due on or after this day. */
  startDate?: string | null | undefined;
};

/** How a modification treats a biller or sub-category (spec 2 §3, 3 §4): New, Edit, Removed, Enable. */
export type ModificationState =
  | 'Edit'
  | 'Enable'
  | 'New'
  | 'None'
  | 'Removed';

/** How a member is told: Email, Sms or None (spec 3 §3). */
export type NotificationPreferenceChoice =
  | 'Email'
  | 'None'
  | 'Sms';

/** A member asks for help: what is going on and, optionally, a change to the deposits. */
export type OpenHardshipCaseInput = {
  accountId: number;
  /** LowerDeposit: the deposit, in dollars ("45.00"). */
  amount?: string | null | undefined;
  /** DepositHoliday: the first day, YYYY-MM-DD. */
  from?: string | null | undefined;
  kind: HardshipRequestKind;
  memberId: number;
  /** What is going on (at most 2,000 characters). */
  situation: string;
  /** The last day, YYYY-MM-DD. */
  until?: string | null | undefined;
};

/** Pay or reimburse a bill or allocation (spec 1 §3 Payment). */
export type PayBillInput = {
  /** Positive, at most 2 decimals ("123.45"). */
  billAmount: string;
  billId: number;
  /** 'bill' (default) or 'allocation'. */
  billOrAllocation?: string | null | undefined;
  /** One per user action; a retry with the same key returns the first answer. */
  idempotencyKey: string;
  /** combine or ignore. */
  overdueOption?: string | null | undefined;
  /** Reimbursement: the account paid back. */
  reimbursementAccountNumber?: string | null | undefined;
  topupAccountNumber?: string | null | undefined;
  /** rainyDay, linkedAccount or shortPay. */
  topupOption?: string | null | undefined;
};

/** The member’s own preferences on their profile page. */
export type ProfilePreferencesInput = {
  accountId: number;
  /** Bill reminders of every biller; omitted: left as they are. */
  billReminders?: boolean | null | undefined;
  /** Missed-deposit messages; omitted: left as they are. */
  depositReminders?: boolean | null | undefined;
  memberId: number;
  notificationPreference: NotificationPreferenceChoice;
};

/** The stage of an account’s queued agreement change. */
export type QueuedChangeStage =
  | 'APPLIED'
  | 'APPLYING'
  | 'FAILED'
  | 'NONE'
  | 'QUEUED';

export type RainyDayTopUpInput = {
  /** The linked savings account the money comes from. */
  accountNumber: string;
  contractId: number;
  description?: string | null | undefined;
  idempotencyKey: string;
  topupAmount: string;
};

export type RegisterInterestInput = {
  email: string;
  fullName: string;
  /** 0 when the person is not a known member. */
  memberId: number;
  mobilePhone: string;
};

export type ReverseBillInput = {
  idempotencyKey: string;
  transactionId: number;
};

/** How deep the forecast goes at its lowest point (over the whole agreement, as the member’s overview says): beyond the approved overdraw, or below zero within it. */
export type RiskLevel =
  | 'BelowZero'
  | 'BeyondApprovedOverdraw';

/** A manual notification request (sendManually): the preview as staff send it. */
export type SendManualNotificationInput = {
  accountId: number;
  contractId: number;
  emailBody?: string | null | undefined;
  emailSubject?: string | null | undefined;
  memberId: number;
  message?: string | null | undefined;
  notificationName?: string | null | undefined;
  smsBody?: string | null | undefined;
  templateId?: number | null | undefined;
  /** The staff worklist row this contact answers: marked done (contacted) with the send. */
  worklistKey?: string | null | undefined;
};

/** TopUp: top up now from a linked account; Raise: raise each deposit; Spread: spread over the next deposits. */
export type ShortfallFixKind =
  | 'Raise'
  | 'Spread'
  | 'TopUp';

/** The sub-category form (spec 2 §3); billingSubCategoryId null adds one. */
export type SubCategoryInput = {
  biMonthly1stDate?: string | null | undefined;
  biMonthly2ndDate?: string | null | undefined;
  billingCategoryId: number;
  billingFrequency?: number | null | undefined;
  billingSubCategoryId?: number | null | undefined;
  contractId: number;
  dateOfBill?: string | null | undefined;
  expectedBillValue?: string | null | undefined;
  isExactDateOfBillKnown?: boolean | null | undefined;
  nickname?: string | null | undefined;
  overdueOption?: number | null | undefined;
  roughMonth?: number | null | undefined;
};

/** Roll: the balance is carried into the renewal (a surplus lowers its deposits, a deficit is spread over them); Refund: the surplus is paid into a linked account; Savings: the surplus is moved to the default savings account. */
export type TermEndChoice =
  | 'Refund'
  | 'Roll'
  | 'Savings';

/** A ledger transaction’s status (spec 1 §3; DOMAIN.md). statusName keeps the spec’s spelling. */
export type TransactionStatus =
  | 'Failed'
  | 'Mismatch'
  | 'Pending'
  | 'Processed'
  | 'Successful'
  | 'TryAgain'
  | 'Unknown';

/** A template’s texts as staff edit them; placeholders are checked. */
export type UpdateNotificationTemplateInput = {
  emailSubject: string;
  emailTemplate: string;
  smsTemplate: string;
  templateId: number;
  title: string;
};

/** The flow a cancel closes: Create and Modify discard the draft version; Continue and Process only close the session. */
export type WizardCancelFlow =
  | 'Continue'
  | 'Create'
  | 'Modify'
  | 'Process';

/** The wizard a version is edited in: Create (steps 0-8) or Modify (steps 0-7). */
export type WizardKind =
  | 'Create'
  | 'Modify';

/** What the billers list is sorted by. */
export type WizardListSort =
  | 'CATEGORY'
  | 'NICKNAME'
  | 'STATUS'
  | 'TYPE';

/** Where the wizard stands, to save (every saved step). */
export type WizardPositionInput = {
  categoryId?: number | null | undefined;
  companyId?: number | null | undefined;
  itemId?: number | null | undefined;
  /** 0 biller, 1 sub-category. */
  itemType?: number | null | undefined;
  /** 1 new, 2 edit, 3 remove, 4 reinstate, 5 continue. */
  mode?: number | null | undefined;
  /** create 0-8, modify 0-7. */
  step: number;
  threeStepFlow?: boolean | null | undefined;
};

export type WizardSortDirection =
  | 'ASC'
  | 'DESC';

/** What a staff worklist row is about, most urgent first. */
export type WorkKind =
  | 'ApprovalWaiting'
  | 'DepositReview'
  | 'FailedPayment'
  | 'GoingShort'
  | 'Hardship'
  | 'InArrears'
  | 'Locked'
  | 'MessageNotSent'
  | 'ReconciliationMismatch'
  | 'RenewalDue';

export type FiguresChangedSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type FiguresChangedSubscription = { figuresChanged: { __typename: 'FiguresChanged', accountIds: Array<number>, everyAccount: boolean, reasons: Array<FiguresChangeKind> } };

export type InstitutionDayFieldsFragment = { __typename: 'InstitutionDay', today: string, timeZone: string };

export type InstitutionDayQueryVariables = Exact<{ [key: string]: never; }>;


export type InstitutionDayQuery = { institutionDay: { __typename: 'InstitutionDay', today: string, timeZone: string } };

export type ServerSettingsQueryVariables = Exact<{ [key: string]: never; }>;


export type ServerSettingsQuery = { serverSettings: { __typename: 'ServerSettings', institutionName: string } };

export type ClientSettingsFieldsFragment = { __typename: 'ClientSettings', appVersion: string, institutionName: string, productName: string, productSlogan: string, helpUrl: string, supportUrl: string, supportEmail: string };

export type ClientSettingsQueryVariables = Exact<{ [key: string]: never; }>;


export type ClientSettingsQuery = { clientSettings: { __typename: 'ClientSettings', appVersion: string, institutionName: string, productName: string, productSlogan: string, helpUrl: string, supportUrl: string, supportEmail: string } };

export type LogoutMutationVariables = Exact<{ [key: string]: never; }>;


export type LogoutMutation = { logout: boolean };

export type SessionEventsSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type SessionEventsSubscription = { sessionEvents: { __typename: 'SessionEvent', type: string, reason: string } };

export type AccountListQueryVariables = Exact<{
  memberId: number;
}>;


export type AccountListQuery = { accountList: Array<{ __typename: 'AccountListItem', accountId: number, accountNumber: string, agreementId: number | null, isActive: boolean, productName: string, status: AccountStatus, statusName: string }> };

export type ActivityFieldsFragment = { __typename: 'Activity', activityId: number, date: string, type: number, label: string, filter: ActivityFilter, details: string | null, detailsKind: string, balanceChange: string, formattedBalance: string, transactionId: number | null, transactionStatus: TransactionStatus | null, transactionStatusName: string | null, transactionStatusClass: string | null, isPending: boolean, contractId: number | null, topupAmount: string | null, contingencyAmount: string | null, pouredIntoRainyDay: string | null, modificationChanges: Array<{ __typename: 'FieldChange', field: string, before: string | null, after: string | null }> | null };

export type ActivitiesQueryVariables = Exact<{
  memberId: number;
  accountId: number;
  filters?: Array<ActivityFilter> | ActivityFilter | null | undefined;
  page?: number | null | undefined;
  pageSize?: number | null | undefined;
  staff: boolean;
}>;


export type ActivitiesQuery = { activities: { __typename: 'ActivityPage', page: number, pageSize: number, totalCount: number, items: Array<{ __typename: 'Activity', agentName?: string | null, activityId: number, date: string, type: number, label: string, filter: ActivityFilter, details: string | null, detailsKind: string, balanceChange: string, formattedBalance: string, transactionId: number | null, transactionStatus: TransactionStatus | null, transactionStatusName: string | null, transactionStatusClass: string | null, isPending: boolean, contractId: number | null, topupAmount: string | null, contingencyAmount: string | null, pouredIntoRainyDay: string | null, modificationChanges: Array<{ __typename: 'FieldChange', field: string, before: string | null, after: string | null }> | null }>, totals: { __typename: 'ActivityFilterTotals', payment: number, agreementChange: number, notification: number, note: number | null } } | null };

export type ActivityPageFieldsFragment = { __typename: 'ActivityPage', page: number, pageSize: number, totalCount: number, items: Array<{ __typename: 'Activity', agentName?: string | null, activityId: number, date: string, type: number, label: string, filter: ActivityFilter, details: string | null, detailsKind: string, balanceChange: string, formattedBalance: string, transactionId: number | null, transactionStatus: TransactionStatus | null, transactionStatusName: string | null, transactionStatusClass: string | null, isPending: boolean, contractId: number | null, topupAmount: string | null, contingencyAmount: string | null, pouredIntoRainyDay: string | null, modificationChanges: Array<{ __typename: 'FieldChange', field: string, before: string | null, after: string | null }> | null }>, totals: { __typename: 'ActivityFilterTotals', payment: number, agreementChange: number, notification: number, note: number | null } };

export type ActivityDetailQueryVariables = Exact<{
  activityId: number;
  staff: boolean;
}>;


export type ActivityDetailQuery = { activity: { __typename: 'Activity', notes?: string | null, agentName?: string | null, activityId: number, date: string, type: number, label: string, filter: ActivityFilter, details: string | null, detailsKind: string, balanceChange: string, formattedBalance: string, transactionId: number | null, transactionStatus: TransactionStatus | null, transactionStatusName: string | null, transactionStatusClass: string | null, isPending: boolean, contractId: number | null, topupAmount: string | null, contingencyAmount: string | null, pouredIntoRainyDay: string | null, modificationChanges: Array<{ __typename: 'FieldChange', field: string, before: string | null, after: string | null }> | null } };

export type ActivityAddedSubscriptionVariables = Exact<{
  accountId: number;
}>;


export type ActivityAddedSubscription = { activityAdded: { __typename: 'Activity', activityId: number, date: string, type: number, label: string, filter: ActivityFilter, details: string | null, detailsKind: string, balanceChange: string, formattedBalance: string, transactionId: number | null, transactionStatus: TransactionStatus | null, transactionStatusName: string | null, transactionStatusClass: string | null, isPending: boolean, contractId: number | null, topupAmount: string | null, contingencyAmount: string | null, pouredIntoRainyDay: string | null, modificationChanges: Array<{ __typename: 'FieldChange', field: string, before: string | null, after: string | null }> | null } };

export type BankJobRunFieldsFragment = { __typename: 'BankJobRun', id: string, name: string, state: string, createdOn: string, startedOn: string | null, completedOn: string | null, durationMs: number | null, retryCount: number, itemsDone: number | null, itemsFailed: number | null, error: string | null };

export type BankJobsQueryVariables = Exact<{
  runs: number;
}>;


export type BankJobsQuery = { bankJobs: Array<{ __typename: 'BankJob', name: string, title: string, schedule: string, nextRunAt: string | null, failedRuns: number, lastRun: { __typename: 'BankJobRun', id: string, name: string, state: string, createdOn: string, startedOn: string | null, completedOn: string | null, durationMs: number | null, retryCount: number, itemsDone: number | null, itemsFailed: number | null, error: string | null } | null, lastFailure: { __typename: 'BankJobRun', id: string, name: string, state: string, createdOn: string, startedOn: string | null, completedOn: string | null, durationMs: number | null, retryCount: number, itemsDone: number | null, itemsFailed: number | null, error: string | null } | null }>, bankJobRuns: Array<{ __typename: 'BankJobRun', id: string, name: string, state: string, createdOn: string, startedOn: string | null, completedOn: string | null, durationMs: number | null, retryCount: number, itemsDone: number | null, itemsFailed: number | null, error: string | null }> };

export type DemoDayRunFieldsFragment = { __typename: 'DemoDayRunView', date: string, durationMs: number, details: Array<string>, figures: Array<{ __typename: 'DemoDayFigure', label: string, count: number, amount: string | null }> };

export type DemoClockQueryVariables = Exact<{ [key: string]: never; }>;


export type DemoClockQuery = { demoClock: { __typename: 'DemoClockView', enabled: boolean, today: string, daysAhead: number, running: { __typename: 'DemoDayProgress', date: string, step: string, startedAt: string } | null, lastRun: { __typename: 'DemoDayRunView', date: string, durationMs: number, details: Array<string>, figures: Array<{ __typename: 'DemoDayFigure', label: string, count: number, amount: string | null }> } | null } };

export type RunNextDemoDayMutationVariables = Exact<{ [key: string]: never; }>;


export type RunNextDemoDayMutation = { runNextDemoDay: { __typename: 'DemoDayRunView', date: string, durationMs: number, details: Array<string>, figures: Array<{ __typename: 'DemoDayFigure', label: string, count: number, amount: string | null }> } };

export type AgreementApprovalRequestFieldsFragment = { __typename: 'AgreementApproval', approvalId: number, approvalType: number, contractId: number, amount: string | null, note: string, requestedBy: string | null, pending: boolean, memberId: number | null, memberName: string | null, memberNumber: string | null, accountNumber: string };

export type AgreementApprovalQueueQueryVariables = Exact<{ [key: string]: never; }>;


export type AgreementApprovalQueueQuery = { agreementApprovalQueue: Array<{ __typename: 'AgreementApproval', approvalId: number, approvalType: number, contractId: number, amount: string | null, note: string, requestedBy: string | null, pending: boolean, memberId: number | null, memberName: string | null, memberNumber: string | null, accountNumber: string }> };

export type DecideAgreementApprovalMutationVariables = Exact<{
  approvalId: number;
  approvalGranted: boolean;
  note: string;
}>;


export type DecideAgreementApprovalMutation = { decideAgreementApproval: { __typename: 'AgreementApprovalResult', approval: { __typename: 'AgreementApproval', approvalId: number, approvalType: number, contractId: number, amount: string | null, note: string, requestedBy: string | null, pending: boolean, memberId: number | null, memberName: string | null, memberNumber: string | null, accountNumber: string } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type BillForPaymentFieldsFragment = { __typename: 'BillForPayment', billId: number, contractId: number, billerId: number | null, billingSubCategoryId: number | null, nickname: string, categoryName: string, paymentType: string, paymentMethod: number | null, paymentMethodName: string, isReimbursement: boolean, billerAddedDate: string | null, amountAllocated: string, moneyFromAllocation: string, moneyFromContingency: string, expectedDueDate: string, expectedDueDateWithNoOffset: string, status: BillStatus, bPayNumber: string | null, bPayName: string | null, customerReferenceNumber: string | null, bsbNumber: string | null, bsbName: string | null, eftAccountNumber: string | null, eftAccountName: string | null, eftReferenceNumber: string | null, isAutoPayment: boolean, isEarlyPayment: boolean, disableSubmit: boolean, paidAmount: string, amountOwing: string };

export type ConfirmationFiguresFieldsFragment = { __typename: 'ConfirmationFiguresView', actualAmount: string, pouredIntoRainyDay: string, totalPaidOut: string, overdueBillsCount: number, fromRainyDay: string, fromSavings: string, amountOwing: string, fromAllocation: string, fromContingency: string, combinedAllocation: string };

export type BillDashboardQueryVariables = Exact<{
  memberId: number;
  accountId: number;
  page: number;
}>;


export type BillDashboardQuery = { billsDueForPayment: { __typename: 'BillPageView', total: number, page: number, pageSize: number, items: Array<{ __typename: 'BillForPayment', billId: number, contractId: number, billerId: number | null, billingSubCategoryId: number | null, nickname: string, categoryName: string, paymentType: string, paymentMethod: number | null, paymentMethodName: string, isReimbursement: boolean, billerAddedDate: string | null, amountAllocated: string, moneyFromAllocation: string, moneyFromContingency: string, expectedDueDate: string, expectedDueDateWithNoOffset: string, status: BillStatus, bPayNumber: string | null, bPayName: string | null, customerReferenceNumber: string | null, bsbNumber: string | null, bsbName: string | null, eftAccountNumber: string | null, eftAccountName: string | null, eftReferenceNumber: string | null, isAutoPayment: boolean, isEarlyPayment: boolean, disableSubmit: boolean, paidAmount: string, amountOwing: string }> } };

export type BillAgreementQueryVariables = Exact<{
  memberId: number;
  accountId: number;
}>;


export type BillAgreementQuery = { accountOverview: { __typename: 'AccountOverview', memberId: number, accountId: number, agreement: { __typename: 'AgreementSummary', contractId: number, status: AgreementStatus, statusName: string, balances: { __typename: 'AgreementBalances', allocation: string, contingency: string, rainyDay: string, total: string }, billersOnHold: Array<{ __typename: 'BillerOnHold', billerId: number, billerName: string, date: string, message: string }> } | null } };

export type BillLinkedAccountsQueryVariables = Exact<{
  memberId: number;
  accountId: number;
}>;


export type BillLinkedAccountsQuery = { profile: { __typename: 'Profile', linkedAccounts: Array<{ __typename: 'LinkedAccount', linkedAccountId: number, accountNumber: string, accountNickname: string, availableBalance: string }> } };

export type BillToPayQueryVariables = Exact<{
  billId: number;
}>;


export type BillToPayQuery = { billDetails: { __typename: 'BillDetailsView', availableRainyDayBalance: string, bill: { __typename: 'BillForPayment', billId: number, contractId: number, billerId: number | null, billingSubCategoryId: number | null, nickname: string, categoryName: string, paymentType: string, paymentMethod: number | null, paymentMethodName: string, isReimbursement: boolean, billerAddedDate: string | null, amountAllocated: string, moneyFromAllocation: string, moneyFromContingency: string, expectedDueDate: string, expectedDueDateWithNoOffset: string, status: BillStatus, bPayNumber: string | null, bPayName: string | null, customerReferenceNumber: string | null, bsbNumber: string | null, bsbName: string | null, eftAccountNumber: string | null, eftAccountName: string | null, eftReferenceNumber: string | null, isAutoPayment: boolean, isEarlyPayment: boolean, disableSubmit: boolean, paidAmount: string, amountOwing: string } } };

export type BillConfirmationQueryVariables = Exact<{
  billId: number;
}>;


export type BillConfirmationQuery = { billConfirmation: { __typename: 'BillConfirmationView', billOrAllocation: string, reimbursementAccount: string | null, paidAt: string, bill: { __typename: 'BillForPayment', billId: number, contractId: number, billerId: number | null, billingSubCategoryId: number | null, nickname: string, categoryName: string, paymentType: string, paymentMethod: number | null, paymentMethodName: string, isReimbursement: boolean, billerAddedDate: string | null, amountAllocated: string, moneyFromAllocation: string, moneyFromContingency: string, expectedDueDate: string, expectedDueDateWithNoOffset: string, status: BillStatus, bPayNumber: string | null, bPayName: string | null, customerReferenceNumber: string | null, bsbNumber: string | null, bsbName: string | null, eftAccountNumber: string | null, eftAccountName: string | null, eftReferenceNumber: string | null, isAutoPayment: boolean, isEarlyPayment: boolean, disableSubmit: boolean, paidAmount: string, amountOwing: string }, figures: { __typename: 'ConfirmationFiguresView', actualAmount: string, pouredIntoRainyDay: string, totalPaidOut: string, overdueBillsCount: number, fromRainyDay: string, fromSavings: string, amountOwing: string, fromAllocation: string, fromContingency: string, combinedAllocation: string } } };

export type PayBillMutationVariables = Exact<{
  input: PayBillInput;
}>;


export type PayBillMutation = { payBill: { __typename: 'PaymentResult', ok: boolean, billId: number | null, paidBillIds: Array<number>, transactionId: number | null, figures: { __typename: 'ConfirmationFiguresView', actualAmount: string, pouredIntoRainyDay: string, totalPaidOut: string, overdueBillsCount: number, fromRainyDay: string, fromSavings: string, amountOwing: string, fromAllocation: string, fromContingency: string, combinedAllocation: string } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type ReimburseBillMutationVariables = Exact<{
  input: PayBillInput;
}>;


export type ReimburseBillMutation = { reimburseBill: { __typename: 'PaymentResult', ok: boolean, billId: number | null, paidBillIds: Array<number>, transactionId: number | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type BillsToReverseQueryVariables = Exact<{
  accountId: number;
  limit: number;
}>;


export type BillsToReverseQuery = { billsToReverse: Array<{ __typename: 'BillToReverse', transactionId: number, billId: number | null, contractId: number, accountId: number, memberAccountNumber: string, memberNumber: string | null, memberId: number | null, kind: string, description: string, amount: string, createdAt: string }> };

export type ReverseBillMutationVariables = Exact<{
  input: ReverseBillInput;
}>;


export type ReverseBillMutation = { reverseBill: { __typename: 'ReversalResult', success: boolean, message: string, reversalTransactionId: number | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type TopUpRainyDayMutationVariables = Exact<{
  input: RainyDayTopUpInput;
}>;


export type TopUpRainyDayMutation = { topUpRainyDay: { __typename: 'RainyDayTopUpResult', ok: boolean, transactionId: number | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type ArrearsApprovalFieldsFragment = { __typename: 'ArrearsApproval', approvalId: number, approvalGranted: boolean, pending: boolean, billId: number, contractId: number, managerName: string, note: string, requestedBy: string | null, requestedAt: string, memberId: number | null, memberName: string | null, accountId: number, accountNumber: string, billerName: string, amount: string, dueDate: string, agreementStatus: AgreementStatus, agreementStatusName: string };

export type ArrearsApprovalChangedSubscriptionVariables = Exact<{
  approvalId: number;
}>;


export type ArrearsApprovalChangedSubscription = { arrearsApprovalChanged: { __typename: 'ArrearsApproval', approvalId: number, approvalGranted: boolean, pending: boolean, billId: number, contractId: number, managerName: string, note: string, requestedBy: string | null, requestedAt: string, memberId: number | null, memberName: string | null, accountId: number, accountNumber: string, billerName: string, amount: string, dueDate: string, agreementStatus: AgreementStatus, agreementStatusName: string } };

export type RequestArrearsApprovalMutationVariables = Exact<{
  billId: number;
  note: string;
}>;


export type RequestArrearsApprovalMutation = { requestArrearsApproval: { __typename: 'ApprovalResult', approval: { __typename: 'ArrearsApproval', approvalId: number, approvalGranted: boolean, pending: boolean, billId: number, contractId: number, managerName: string, note: string, requestedBy: string | null, requestedAt: string, memberId: number | null, memberName: string | null, accountId: number, accountNumber: string, billerName: string, amount: string, dueDate: string, agreementStatus: AgreementStatus, agreementStatusName: string } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type ManagerOverrideApprovalMutationVariables = Exact<{
  input: ManagerOverrideInput;
}>;


export type ManagerOverrideApprovalMutation = { managerOverrideApproval: { __typename: 'ApprovalResult', approval: { __typename: 'ArrearsApproval', approvalId: number, approvalGranted: boolean, pending: boolean, billId: number, contractId: number, managerName: string, note: string, requestedBy: string | null, requestedAt: string, memberId: number | null, memberName: string | null, accountId: number, accountNumber: string, billerName: string, amount: string, dueDate: string, agreementStatus: AgreementStatus, agreementStatusName: string } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type ArrearsApprovalQueueQueryVariables = Exact<{ [key: string]: never; }>;


export type ArrearsApprovalQueueQuery = { arrearsApprovalQueue: Array<{ __typename: 'ArrearsApproval', approvalId: number, approvalGranted: boolean, pending: boolean, billId: number, contractId: number, managerName: string, note: string, requestedBy: string | null, requestedAt: string, memberId: number | null, memberName: string | null, accountId: number, accountNumber: string, billerName: string, amount: string, dueDate: string, agreementStatus: AgreementStatus, agreementStatusName: string }> };

export type DecideArrearsApprovalMutationVariables = Exact<{
  approvalId: number;
  approvalGranted: boolean;
  note: string;
}>;


export type DecideArrearsApprovalMutation = { decideArrearsApproval: { __typename: 'ApprovalResult', approval: { __typename: 'ArrearsApproval', approvalId: number, approvalGranted: boolean, pending: boolean, billId: number, contractId: number, managerName: string, note: string, requestedBy: string | null, requestedAt: string, memberId: number | null, memberName: string | null, accountId: number, accountNumber: string, billerName: string, amount: string, dueDate: string, agreementStatus: AgreementStatus, agreementStatusName: string } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type PaymentQuoteQueryVariables = Exact<{
  billId: number;
  billAmount: string;
  billOrAllocation?: string | null | undefined;
  overdueOption?: string | null | undefined;
}>;


export type PaymentQuoteQuery = { paymentQuote: { __typename: 'PaymentQuoteView', topUpRequired: string, rainyDay: boolean, linkedAccount: boolean, shortPay: boolean, canProceed: boolean, allocationWarning: { __typename: 'AllocationWarningView', balanceBefore: string, amount: string, taken: string, balanceAfter: string } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type PayingBpayCheckQueryVariables = Exact<{
  input: BpayValidationInput;
}>;


export type PayingBpayCheckQuery = { validateBpay: { __typename: 'BpayValidation', code: number, valid: boolean, message: string | null, field: string | null, limit: string | null } };

export type OverduePlanQueryVariables = Exact<{
  billId: number;
  billOrAllocation?: string | null | undefined;
}>;


export type OverduePlanQuery = { overduePlan: { __typename: 'OverduePlanView', offered: boolean, selectedTotal: string, combinedTotal: string, combinedBills: Array<{ __typename: 'OverduePlanBillView', billId: number, dueDate: string, status: BillStatus, amountAllocated: string }>, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type StaffDashboardPageQueryVariables = Exact<{ [key: string]: never; }>;


export type StaffDashboardPageQuery = { clientSettings: { __typename: 'ClientSettings', productName: string, staffDashboard: { __typename: 'StaffDashboardSettings', releaseLabel: string, supportEmailShortcuts: Array<{ __typename: 'EmailShortcut', label: string, email: string }>, tabs: Array<{ __typename: 'DashboardTab', key: string, title: string, body: string }> } } };

export type DepositReviewQueryVariables = Exact<{
  memberId: number;
  accountId: number;
}>;


export type DepositReviewQuery = { depositReview: { __typename: 'DepositReview', accountId: number, agreementId: number, asOf: string, rows: Array<{ __typename: 'DepositReviewRow', billerKey: string, name: string, estimate: string, paidSoFar: string, expectedByTermEnd: string, difference: string, contingency: { __typename: 'ContingencyUse', setAside: string, used: string, toRainyDay: string, heldForBillsToCome: string } }>, totals: { __typename: 'DepositReviewFigures', estimate: string, paidSoFar: string, expectedByTermEnd: string, difference: string, contingency: { __typename: 'ContingencyUse', setAside: string, used: string, toRainyDay: string, heldForBillsToCome: string } }, proposal: { __typename: 'DepositReviewProposal', currentDeposit: string, topUpFirst: string, proposedDeposit: string | null, change: string, deposits: number, from: string | null, summary: string, reasons: Array<{ __typename: 'DepositReviewReason', billerKey: string | null, perDeposit: string, words: string }> } | null, due: { __typename: 'DepositReviewDue', due: boolean, reason: DepositReviewTrigger | null, nextScheduled: string } | null, open: { __typename: 'DepositReviewOpen', reviewId: number, reviewedOn: string, proposedDeposit: string | null, referred: boolean, summary: string } | null, closed: { __typename: 'DepositReviewClosed', reviewId: number, reviewedOn: string, outcome: DepositReviewOutcome } | null } | null };

export type DepositReviewDecisionFieldsFragment = { __typename: 'DepositReviewDecision', ok: boolean, message: string | null, changeAgreementId: number | null, approved: boolean, sentToMember: boolean, waitingForManager: boolean, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> };

export type AcceptDepositReviewMutationVariables = Exact<{
  memberId: number;
  accountId: number;
  reviewId: number;
}>;


export type AcceptDepositReviewMutation = { acceptDepositReview: { __typename: 'DepositReviewDecision', ok: boolean, message: string | null, changeAgreementId: number | null, approved: boolean, sentToMember: boolean, waitingForManager: boolean, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type ReferDepositReviewMutationVariables = Exact<{
  memberId: number;
  accountId: number;
  reviewId: number;
}>;


export type ReferDepositReviewMutation = { referDepositReview: { __typename: 'DepositReviewDecision', ok: boolean, message: string | null, changeAgreementId: number | null, approved: boolean, sentToMember: boolean, waitingForManager: boolean, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type DismissDepositReviewMutationVariables = Exact<{
  memberId: number;
  accountId: number;
  reviewId: number;
  reason: string;
}>;


export type DismissDepositReviewMutation = { dismissDepositReview: { __typename: 'DepositReviewDecision', ok: boolean, message: string | null, changeAgreementId: number | null, approved: boolean, sentToMember: boolean, waitingForManager: boolean, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type HardshipTermsFieldsFragment = { __typename: 'HardshipTerms', kind: HardshipRequestKind, from: string | null, until: string | null, amount: string | null, words: string };

export type HardshipCaseFieldsFragment = { __typename: 'HardshipCase', caseId: number, accountId: number, agreementId: number, status: HardshipStatus, statusLabel: string, situation: string, openedAt: string, arrangementNote: string | null, arrangedAt: string | null, arrangedBy: string | null, closeNote: string | null, closedAt: string | null, followUpPaused: boolean, counsellingNote: string | null, request: { __typename: 'HardshipTerms', kind: HardshipRequestKind, from: string | null, until: string | null, amount: string | null, words: string }, arrangement: { __typename: 'HardshipTerms', kind: HardshipRequestKind, from: string | null, until: string | null, amount: string | null, words: string } | null, deposits: Array<{ __typename: 'HardshipDeposit', dueDate: string, before: string, after: string, holiday: boolean }> };

export type HardshipCaseQueryVariables = Exact<{
  memberId: number;
  accountId: number;
}>;


export type HardshipCaseQuery = { hardshipCase: { __typename: 'HardshipCase', caseId: number, accountId: number, agreementId: number, status: HardshipStatus, statusLabel: string, situation: string, openedAt: string, arrangementNote: string | null, arrangedAt: string | null, arrangedBy: string | null, closeNote: string | null, closedAt: string | null, followUpPaused: boolean, counsellingNote: string | null, request: { __typename: 'HardshipTerms', kind: HardshipRequestKind, from: string | null, until: string | null, amount: string | null, words: string }, arrangement: { __typename: 'HardshipTerms', kind: HardshipRequestKind, from: string | null, until: string | null, amount: string | null, words: string } | null, deposits: Array<{ __typename: 'HardshipDeposit', dueDate: string, before: string, after: string, holiday: boolean }> } | null };

export type OpenHardshipCaseMutationVariables = Exact<{
  input: OpenHardshipCaseInput;
}>;


export type OpenHardshipCaseMutation = { openHardshipCase: { __typename: 'HardshipCaseResult', hardshipCase: { __typename: 'HardshipCase', caseId: number, accountId: number, agreementId: number, status: HardshipStatus, statusLabel: string, situation: string, openedAt: string, arrangementNote: string | null, arrangedAt: string | null, arrangedBy: string | null, closeNote: string | null, closedAt: string | null, followUpPaused: boolean, counsellingNote: string | null, request: { __typename: 'HardshipTerms', kind: HardshipRequestKind, from: string | null, until: string | null, amount: string | null, words: string }, arrangement: { __typename: 'HardshipTerms', kind: HardshipRequestKind, from: string | null, until: string | null, amount: string | null, words: string } | null, deposits: Array<{ __typename: 'HardshipDeposit', dueDate: string, before: string, after: string, holiday: boolean }> } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type ArrangeHardshipCaseMutationVariables = Exact<{
  input: ArrangeHardshipCaseInput;
}>;


export type ArrangeHardshipCaseMutation = { arrangeHardshipCase: { __typename: 'HardshipCaseResult', hardshipCase: { __typename: 'HardshipCase', caseId: number, accountId: number, agreementId: number, status: HardshipStatus, statusLabel: string, situation: string, openedAt: string, arrangementNote: string | null, arrangedAt: string | null, arrangedBy: string | null, closeNote: string | null, closedAt: string | null, followUpPaused: boolean, counsellingNote: string | null, request: { __typename: 'HardshipTerms', kind: HardshipRequestKind, from: string | null, until: string | null, amount: string | null, words: string }, arrangement: { __typename: 'HardshipTerms', kind: HardshipRequestKind, from: string | null, until: string | null, amount: string | null, words: string } | null, deposits: Array<{ __typename: 'HardshipDeposit', dueDate: string, before: string, after: string, holiday: boolean }> } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type CloseHardshipCaseMutationVariables = Exact<{
  accountId: number;
  note: string;
}>;


export type CloseHardshipCaseMutation = { closeHardshipCase: { __typename: 'HardshipCaseResult', hardshipCase: { __typename: 'HardshipCase', caseId: number, accountId: number, agreementId: number, status: HardshipStatus, statusLabel: string, situation: string, openedAt: string, arrangementNote: string | null, arrangedAt: string | null, arrangedBy: string | null, closeNote: string | null, closedAt: string | null, followUpPaused: boolean, counsellingNote: string | null, request: { __typename: 'HardshipTerms', kind: HardshipRequestKind, from: string | null, until: string | null, amount: string | null, words: string }, arrangement: { __typename: 'HardshipTerms', kind: HardshipRequestKind, from: string | null, until: string | null, amount: string | null, words: string } | null, deposits: Array<{ __typename: 'HardshipDeposit', dueDate: string, before: string, after: string, holiday: boolean }> } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type HardshipArrangementPreviewQueryVariables = Exact<{
  input: HardshipArrangementPreviewInput;
}>;


export type HardshipArrangementPreviewQuery = { hardshipArrangementPreview: { __typename: 'HardshipArrangementPreviewResult', preview: { __typename: 'HardshipArrangementPreview', words: string, relieved: string, spreadOver: number, restored: number, deposits: Array<{ __typename: 'HardshipDeposit', dueDate: string, before: string, after: string, holiday: boolean }> } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type MemberContactQueryVariables = Exact<{
  memberId: number;
}>;


export type MemberContactQuery = { member: { __typename: 'Member', memberId: number, firstName: string, lastName: string, email: string | null, mobilePhone: string | null, interestRegisteredOn: string | null } };

export type RegisterInterestMutationVariables = Exact<{
  input: RegisterInterestInput;
}>;


export type RegisterInterestMutation = { registerInterest: { __typename: 'RegisterInterestResult', ok: boolean, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type AgreementViewQueryVariables = Exact<{
  agreementId: number;
}>;


export type AgreementViewQuery = { agreement: { __typename: 'AgreementView', depositDates: Array<string>, canApprove: boolean, currentVersionId: number | null, summary: { __typename: 'AgreementSummary', contractId: number, status: AgreementStatus, statusName: string, statusTone: string, contributionFrequency: number, contributionFrequencyName: string, depositAmount: string, nextDepositAmount: string | null, nextDepositDate: string | null, depositWords: string | null, overdrawRuleDuration: number, overrideOverdrawRule: boolean, overrideOverdrawRuleDuration: number | null, startDate: string, endDate: string, billersOnHold: Array<{ __typename: 'BillerOnHold', billerId: number, billerName: string, date: string, message: string }>, balances: { __typename: 'AgreementBalances', allocation: string, contingency: string, rainyDay: string, total: string } }, billers: Array<{ __typename: 'OverviewBiller', billerId: number, isSubCategory: boolean, nickname: string, categoryName: string, paymentType: string, frequency: number, frequencyName: string, amount: string, onHold: boolean, nextDueDate: string | null, payBillId: number | null, bills: Array<{ __typename: 'OverviewBill', billId: number, dueDate: string, amount: string, status: BillStatus, statusName: string, paidAmount: string | null, paidDate: string | null }> }>, paidByHand: Array<{ __typename: 'OverviewBiller', billerId: number, isSubCategory: boolean, nickname: string, amount: string, frequencyName: string }>, forecast: { __typename: 'ForecastVerdict', tone: string, headline: string, details: Array<string>, onTrack: boolean } } };

export type ApproveAgreementMutationVariables = Exact<{
  agreementId: number;
}>;


export type ApproveAgreementMutation = { approveAgreement: { __typename: 'ApproveAgreementResult', ok: boolean, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }>, agreement: { __typename: 'AgreementSummary', contractId: number, status: AgreementStatus, statusName: string, statusTone: string, contributionFrequency: number, contributionFrequencyName: string, depositAmount: string, nextDepositAmount: string | null, nextDepositDate: string | null, depositWords: string | null, overdrawRuleDuration: number, overrideOverdrawRule: boolean, overrideOverdrawRuleDuration: number | null, startDate: string, endDate: string, billersOnHold: Array<{ __typename: 'BillerOnHold', billerId: number, billerName: string, date: string, message: string }>, balances: { __typename: 'AgreementBalances', allocation: string, contingency: string, rainyDay: string, total: string } } | null } };

export type ChangeItemFieldsFragment = { __typename: 'ChangeItemLine', name: string, amount: string, frequency: string, paidByHand: boolean };

export type AgreementChangeReviewQueryVariables = Exact<{
  agreementId: number;
}>;


export type AgreementChangeReviewQuery = { agreementChangeReview: { __typename: 'AgreementChangeReview', agreementId: number, previousAgreementId: number, status: AgreementStatus, isRenewal: boolean, waitingForMember: boolean, needsMemberApproval: boolean, canDecide: boolean, canWithdraw: boolean, added: Array<{ __typename: 'ChangeItemLine', name: string, amount: string, frequency: string, paidByHand: boolean }>, removed: Array<{ __typename: 'ChangeItemLine', name: string, amount: string, frequency: string, paidByHand: boolean }>, reinstated: Array<{ __typename: 'ChangeItemLine', name: string, amount: string, frequency: string, paidByHand: boolean }>, changed: Array<{ __typename: 'ChangedItem', name: string, changes: Array<{ __typename: 'FieldChange', field: string, before: string | null, after: string | null }> }>, depositChanges: Array<{ __typename: 'FieldChange', field: string, before: string | null, after: string | null }>, deposit: { __typename: 'ChangeDeposit', amount: string, frequency: string, firstDate: string | null }, paidByHand: Array<{ __typename: 'ChangeItemLine', name: string, amount: string, frequency: string, paidByHand: boolean }>, forecast: { __typename: 'ForecastVerdict', tone: string, headline: string, details: Array<string>, onTrack: boolean }, termEnd: { __typename: 'ChangeReviewTermEnd', choice: TermEndChoice, chosen: boolean, closingBalance: string | null, carriedIntoRenewal: string, depositEffect: string | null, message: string } | null } };

export type ChangeWaitingFieldsFragment = { __typename: 'AgreementChangeWaiting', agreementId: number, previousAgreementId: number | null, waitingForMember: boolean, isRenewal: boolean, message: string };

export type DeclineAgreementChangeMutationVariables = Exact<{
  agreementId: number;
  reason?: string | null | undefined;
}>;


export type DeclineAgreementChangeMutation = { declineAgreementChange: { __typename: 'ApproveAgreementResult', ok: boolean, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type WithdrawAgreementChangeMutationVariables = Exact<{
  agreementId: number;
  reason: string;
}>;


export type WithdrawAgreementChangeMutation = { withdrawAgreementChange: { __typename: 'LifecycleResult', outcome: { __typename: 'LifecycleOutcomeView', agreementId: number, status: AgreementStatus, message: string } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type AgreementGraphsQueryVariables = Exact<{
  memberId: number;
  accountId: number;
  step?: number | null | undefined;
}>;


export type AgreementGraphsQuery = { agreementGraphs: { __typename: 'AgreementGraphs', allocationByCategory: Array<{ __typename: 'CategoryAllocation', categoryId: number | null, categoryName: string, amount: string }>, forecast: { __typename: 'AgreementForecast', firstDateBelowZero: string | null, firstDateBelowOverdrawLimit: string | null, overdrawLimit: string, summary: Array<string>, points: Array<{ __typename: 'BalancePoint', date: string, balance: string }>, lowestPoint: { __typename: 'BalancePoint', date: string, balance: string } | null, verdict: { __typename: 'ForecastVerdict', tone: string, headline: string, details: Array<string>, onTrack: boolean, until: string | null, firstShortDate: string | null, firstShortfall: string | null, topUpToAvoid: string | null, depositToAvoid: string | null, beyondApprovedOverdraw: boolean, lowestPoint: { __typename: 'BalancePoint', date: string, balance: string } | null, shortBill: { __typename: 'DueBill', billId: number, billerName: string, dueDate: string, amount: string } | null } }, history: Array<{ __typename: 'MonthlyFlow', month: string, deposits: string, bills: string }> } };

export type MemberAccountFieldsFragment = { __typename: 'MemberAccount', accountId: number, memberId: number, accountNumber: string, isActive: boolean, status: AccountStatus, agreementId: number | null, agreementStatus: AgreementStatus | null, member: { __typename: 'Member', memberId: number, memberNumber: string, firstName: string, lastName: string, isActive: boolean, isResigned: boolean }, link: { __typename: 'MemberAccountLinkView', memberId: number, accountId: number, isActive: boolean } };

export type MemberAccountQueryVariables = Exact<{
  memberId: number;
  accountId: number;
}>;


export type MemberAccountQuery = { memberAccount: { __typename: 'MemberAccount', accountId: number, memberId: number, accountNumber: string, isActive: boolean, status: AccountStatus, agreementId: number | null, agreementStatus: AgreementStatus | null, member: { __typename: 'Member', memberId: number, memberNumber: string, firstName: string, lastName: string, isActive: boolean, isResigned: boolean }, link: { __typename: 'MemberAccountLinkView', memberId: number, accountId: number, isActive: boolean } } };

export type ProfileQueryVariables = Exact<{
  memberId: number;
  accountId: number;
}>;


export type ProfileQuery = { profile: { __typename: 'Profile', member: { __typename: 'Member', memberId: number, memberNumber: string, firstName: string, lastName: string, email: string | null, mobilePhone: string | null, isActive: boolean }, members: Array<{ __typename: 'Member', memberId: number, memberNumber: string, firstName: string, lastName: string, email: string | null, mobilePhone: string | null, isActive: boolean }>, linkedAccounts: Array<{ __typename: 'LinkedAccount', linkedAccountId: number, accountNumber: string, accountNickname: string, availableBalance: string }>, notificationPreferences: { __typename: 'NotificationPreferences', email: boolean, sms: boolean, billReminders: boolean, depositReminders: boolean } | null } };

export type TransactionDetailsQueryVariables = Exact<{
  transactionId: number;
}>;


export type TransactionDetailsQuery = { transaction: { __typename: 'TransactionDetails', transactionId: number, date: string, effectiveDate: string, agreementId: number | null, type: number, typeName: string, status: TransactionStatus, statusName: string, description: string | null, amount: string, billId: number | null, billerName: string | null, lines: Array<{ __typename: 'TransactionLine', account: string, amount: string, agreementId: number | null }> } };

export type ManualNotificationPreviewsQueryVariables = Exact<{
  accountId: number;
  memberId?: number | null | undefined;
  contractId?: number | null | undefined;
}>;


export type ManualNotificationPreviewsQuery = { manualNotificationPreviews: Array<{ __typename: 'NotificationPreview', templateId: number, templateName: string, title: string, accountId: number, memberId: number, contractId: number, emailSubject: string, emailBody: string, smsBody: string, suggested: boolean }> };

export type SendManualNotificationMutationVariables = Exact<{
  input: SendManualNotificationInput;
}>;


export type SendManualNotificationMutation = { sendManualNotification: { __typename: 'SendNotificationResult', message: string | null, notificationIds: Array<number>, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type OutboxMessagesQueryVariables = Exact<{
  status?: string | null | undefined;
  limit?: number | null | undefined;
}>;


export type OutboxMessagesQuery = { outboxMessages: Array<{ __typename: 'OutboxMessage', notificationId: number, name: string, sourceType: string, channel: string, recipient: string | null, subject: string | null, status: string, attempts: number, lastError: string | null, queuedAt: string, sentAt: string | null }> };

export type CapturedMessagesQueryVariables = Exact<{
  limit?: number | null | undefined;
}>;


export type CapturedMessagesQuery = { capturedMessages: Array<{ __typename: 'CapturedMessage', capturedMessageId: number, channel: string, receivedAt: string, sender: string, recipients: string, subject: string | null, body: string, notificationId: number | null }> };

export type NotificationTemplateFieldsFragment = { __typename: 'NotificationTemplate', templateId: number, templateName: string, title: string, emailSubject: string, emailTemplate: string, smsTemplate: string, isManual: boolean, placeholders: Array<string>, whenSent: string };

export type NotificationTemplatesQueryVariables = Exact<{ [key: string]: never; }>;


export type NotificationTemplatesQuery = { notificationTemplates: Array<{ __typename: 'NotificationTemplate', templateId: number, templateName: string, title: string, emailSubject: string, emailTemplate: string, smsTemplate: string, isManual: boolean, placeholders: Array<string>, whenSent: string }> };

export type UpdateNotificationTemplateMutationVariables = Exact<{
  input: UpdateNotificationTemplateInput;
}>;


export type UpdateNotificationTemplateMutation = { updateNotificationTemplate: { __typename: 'NotificationTemplateResult', template: { __typename: 'NotificationTemplate', templateId: number, templateName: string, title: string, emailSubject: string, emailTemplate: string, smsTemplate: string, isManual: boolean, placeholders: Array<string>, whenSent: string } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type ContractApprovingPreviewQueryVariables = Exact<{
  contractId: number;
}>;


export type ContractApprovingPreviewQuery = { contractApprovingPreview: { __typename: 'NotificationPreview', templateId: number, templateName: string, title: string, accountId: number, memberId: number, contractId: number, emailSubject: string, emailBody: string, smsBody: string } };

export type ResendNotificationMutationVariables = Exact<{
  notificationId: number;
}>;


export type ResendNotificationMutation = { resendNotification: { __typename: 'ResendNotificationResult', message: string | null, outboxMessage: { __typename: 'OutboxMessage', notificationId: number, status: string, attempts: number, lastError: string | null } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type MemberNoticePreviewsQueryVariables = Exact<{
  contractId: number;
}>;


export type MemberNoticePreviewsQuery = { memberNoticePreviews: Array<{ __typename: 'MemberNoticePreview', kind: string, templateName: string, whenSent: string, example: string, emailSubject: string | null, emailBody: string | null, smsBody: string | null, problem: string | null }> };

export type CatchUpDepositMutationVariables = Exact<{
  input: CatchUpDepositInput;
}>;


export type CatchUpDepositMutation = { catchUpDeposit: { __typename: 'CatchUpDepositResult', ok: boolean, transactionIds: Array<number>, stillOwed: string | null, arrearsCleared: boolean, status: AgreementStatus | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type ForecastVerdictFieldsFragment = { __typename: 'ForecastVerdict', tone: string, headline: string, details: Array<string>, onTrack: boolean, until: string | null, firstShortDate: string | null, firstShortfall: string | null, topUpToAvoid: string | null, depositToAvoid: string | null, beyondApprovedOverdraw: boolean, lowestPoint: { __typename: 'BalancePoint', date: string, balance: string } | null, shortBill: { __typename: 'DueBill', billId: number, billerName: string, dueDate: string, amount: string } | null };

export type NoteFieldsFragment = { __typename: 'Note', noteId: number, text: string, dateCreated: string, dateUpdated: string | null, createdBy: string, entityId: number, entityType: string, isLogActivityDisabled: boolean };

export type AddNoteMutationVariables = Exact<{
  input: AddNoteInput;
}>;


export type AddNoteMutation = { addNote: { __typename: 'NoteResult', note: { __typename: 'Note', noteId: number, text: string, dateCreated: string, dateUpdated: string | null, createdBy: string, entityId: number, entityType: string, isLogActivityDisabled: boolean } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type EditNoteMutationVariables = Exact<{
  noteId: number;
  text: string;
}>;


export type EditNoteMutation = { editNote: { __typename: 'NoteResult', note: { __typename: 'Note', noteId: number, text: string, dateCreated: string, dateUpdated: string | null, createdBy: string, entityId: number, entityType: string, isLogActivityDisabled: boolean } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type DeleteNoteMutationVariables = Exact<{
  noteId: number;
}>;


export type DeleteNoteMutation = { deleteNote: { __typename: 'NoteResult', note: { __typename: 'Note', noteId: number } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type AgreementSummaryFieldsFragment = { __typename: 'AgreementSummary', contractId: number, status: AgreementStatus, statusName: string, statusTone: string, contributionFrequency: number, contributionFrequencyName: string, depositAmount: string, nextDepositAmount: string | null, nextDepositDate: string | null, depositWords: string | null, overdrawRuleDuration: number, overrideOverdrawRule: boolean, overrideOverdrawRuleDuration: number | null, startDate: string, endDate: string, billersOnHold: Array<{ __typename: 'BillerOnHold', billerId: number, billerName: string, date: string, message: string }>, balances: { __typename: 'AgreementBalances', allocation: string, contingency: string, rainyDay: string, total: string } };

export type OverviewBillerFieldsFragment = { __typename: 'OverviewBiller', billerId: number, isSubCategory: boolean, nickname: string, categoryName: string, paymentType: string, frequency: number, frequencyName: string, amount: string, onHold: boolean, nextDueDate: string | null, payBillId: number | null };

export type BillerBillsFieldsFragment = { __typename: 'OverviewBiller', billerId: number, isSubCategory: boolean, bills: Array<{ __typename: 'OverviewBill', billId: number, dueDate: string, amount: string, status: BillStatus, statusName: string, paidAmount: string | null, paidDate: string | null }> };

export type OverviewBillerBillsQueryVariables = Exact<{
  memberId: number;
  accountId: number;
}>;


export type OverviewBillerBillsQuery = { accountOverview: { __typename: 'AccountOverview', memberId: number, accountId: number, autoBillers: Array<{ __typename: 'OverviewBiller', billerId: number, isSubCategory: boolean, bills: Array<{ __typename: 'OverviewBill', billId: number, dueDate: string, amount: string, status: BillStatus, statusName: string, paidAmount: string | null, paidDate: string | null }> }>, manualBillers: Array<{ __typename: 'OverviewBiller', billerId: number, isSubCategory: boolean, bills: Array<{ __typename: 'OverviewBill', billId: number, dueDate: string, amount: string, status: BillStatus, statusName: string, paidAmount: string | null, paidDate: string | null }> }> } };

export type DueBillFieldsFragment = { __typename: 'DueBill', billId: number, billerName: string, dueDate: string, amount: string, status: BillStatus, overdue: boolean, onHold: boolean, isAutoPayment: boolean, isSubCategory: boolean, isReimbursement: boolean };

export type AgreementProjectionFieldsFragment = { __typename: 'AgreementProjection', agreementId: number, asOf: string, noNextDeposit: string | null, billsPayable: boolean, nextDeposit: { __typename: 'NextDeposit', date: string, amount: string } | null, arrears: { __typename: 'Arrears', amount: string, since: string, missedDeposits: number, payIntoAccount: string | null, clearingDeposit: { __typename: 'NextDeposit', date: string, amount: string } | null } | null, billsDue: Array<{ __typename: 'DueBill', billId: number, billerName: string, dueDate: string, amount: string, status: BillStatus, overdue: boolean, onHold: boolean, isAutoPayment: boolean, isSubCategory: boolean, isReimbursement: boolean }>, verdict: { __typename: 'ForecastVerdict', tone: string, headline: string, details: Array<string>, onTrack: boolean, until: string | null, firstShortDate: string | null, firstShortfall: string | null, topUpToAvoid: string | null, depositToAvoid: string | null, beyondApprovedOverdraw: boolean, lowestPoint: { __typename: 'BalancePoint', date: string, balance: string } | null, shortBill: { __typename: 'DueBill', billId: number, billerName: string, dueDate: string, amount: string } | null } };

export type ActivityTotalsFieldsFragment = { __typename: 'ActivityFilterTotals', payment: number, agreementChange: number, notification: number, note: number | null };

export type OverviewSummaryFieldsFragment = { __typename: 'AccountOverview', accountId: number, memberId: number, agreement: { __typename: 'AgreementSummary', termEndDue: boolean, contractId: number, status: AgreementStatus, statusName: string, statusTone: string, contributionFrequency: number, contributionFrequencyName: string, depositAmount: string, nextDepositAmount: string | null, nextDepositDate: string | null, depositWords: string | null, overdrawRuleDuration: number, overrideOverdrawRule: boolean, overrideOverdrawRuleDuration: number | null, startDate: string, endDate: string, billersOnHold: Array<{ __typename: 'BillerOnHold', billerId: number, billerName: string, date: string, message: string }>, balances: { __typename: 'AgreementBalances', allocation: string, contingency: string, rainyDay: string, total: string } } | null, projection: { __typename: 'AgreementProjection', agreementId: number, asOf: string, noNextDeposit: string | null, billsPayable: boolean, nextDeposit: { __typename: 'NextDeposit', date: string, amount: string } | null, arrears: { __typename: 'Arrears', amount: string, since: string, missedDeposits: number, payIntoAccount: string | null, clearingDeposit: { __typename: 'NextDeposit', date: string, amount: string } | null } | null, billsDue: Array<{ __typename: 'DueBill', billId: number, billerName: string, dueDate: string, amount: string, status: BillStatus, overdue: boolean, onHold: boolean, isAutoPayment: boolean, isSubCategory: boolean, isReimbursement: boolean }>, verdict: { __typename: 'ForecastVerdict', tone: string, headline: string, details: Array<string>, onTrack: boolean, until: string | null, firstShortDate: string | null, firstShortfall: string | null, topUpToAvoid: string | null, depositToAvoid: string | null, beyondApprovedOverdraw: boolean, lowestPoint: { __typename: 'BalancePoint', date: string, balance: string } | null, shortBill: { __typename: 'DueBill', billId: number, billerName: string, dueDate: string, amount: string } | null } } | null, allocationByCategory: Array<{ __typename: 'CategoryAllocation', categoryId: number | null, categoryName: string, amount: string }>, upcomingBills: Array<{ __typename: 'UpcomingBill', billId: number, billerName: string, dueDate: string, amount: string, status: BillStatus, isReimbursement: boolean, onHold: boolean }>, activityTotals: { __typename: 'ActivityFilterTotals', payment: number, agreementChange: number, notification: number, note: number | null }, notes?: Array<{ __typename: 'Note', noteId: number, text: string, dateCreated: string, createdBy: string, entityId: number, entityType: string }> | null };

export type OverviewBannerFieldsFragment = { __typename: 'ClientSettings', missedDepositBannerMember: string, missedDepositBannerStaff: string, lockedAgreementBannerMember: string, lockedAgreementBannerStaff: string };

export type OverviewPageQueryVariables = Exact<{
  memberId: number;
  accountId: number;
  staff: boolean;
  filters?: Array<ActivityFilter> | ActivityFilter | null | undefined;
  page?: number | null | undefined;
  pageSize?: number | null | undefined;
}>;


export type OverviewPageQuery = { clientSettings: { __typename: 'ClientSettings', appVersion: string, institutionName: string, productName: string, productSlogan: string, helpUrl: string, supportUrl: string, supportEmail: string, missedDepositBannerMember: string, missedDepositBannerStaff: string, lockedAgreementBannerMember: string, lockedAgreementBannerStaff: string }, institutionDay: { __typename: 'InstitutionDay', today: string, timeZone: string }, memberAccount: { __typename: 'MemberAccount', accountId: number, memberId: number, accountNumber: string, isActive: boolean, status: AccountStatus, agreementId: number | null, agreementStatus: AgreementStatus | null, member: { __typename: 'Member', memberId: number, memberNumber: string, firstName: string, lastName: string, isActive: boolean, isResigned: boolean }, link: { __typename: 'MemberAccountLinkView', memberId: number, accountId: number, isActive: boolean } }, accountOverview: { __typename: 'AccountOverview', accountId: number, memberId: number, autoBillers: Array<{ __typename: 'OverviewBiller', billerId: number, isSubCategory: boolean, nickname: string, categoryName: string, paymentType: string, frequency: number, frequencyName: string, amount: string, onHold: boolean, nextDueDate: string | null, payBillId: number | null }>, manualBillers: Array<{ __typename: 'OverviewBiller', billerId: number, isSubCategory: boolean, nickname: string, categoryName: string, paymentType: string, frequency: number, frequencyName: string, amount: string, onHold: boolean, nextDueDate: string | null, payBillId: number | null }>, agreement: { __typename: 'AgreementSummary', termEndDue: boolean, contractId: number, status: AgreementStatus, statusName: string, statusTone: string, contributionFrequency: number, contributionFrequencyName: string, depositAmount: string, nextDepositAmount: string | null, nextDepositDate: string | null, depositWords: string | null, overdrawRuleDuration: number, overrideOverdrawRule: boolean, overrideOverdrawRuleDuration: number | null, startDate: string, endDate: string, billersOnHold: Array<{ __typename: 'BillerOnHold', billerId: number, billerName: string, date: string, message: string }>, balances: { __typename: 'AgreementBalances', allocation: string, contingency: string, rainyDay: string, total: string } } | null, projection: { __typename: 'AgreementProjection', agreementId: number, asOf: string, noNextDeposit: string | null, billsPayable: boolean, nextDeposit: { __typename: 'NextDeposit', date: string, amount: string } | null, arrears: { __typename: 'Arrears', amount: string, since: string, missedDeposits: number, payIntoAccount: string | null, clearingDeposit: { __typename: 'NextDeposit', date: string, amount: string } | null } | null, billsDue: Array<{ __typename: 'DueBill', billId: number, billerName: string, dueDate: string, amount: string, status: BillStatus, overdue: boolean, onHold: boolean, isAutoPayment: boolean, isSubCategory: boolean, isReimbursement: boolean }>, verdict: { __typename: 'ForecastVerdict', tone: string, headline: string, details: Array<string>, onTrack: boolean, until: string | null, firstShortDate: string | null, firstShortfall: string | null, topUpToAvoid: string | null, depositToAvoid: string | null, beyondApprovedOverdraw: boolean, lowestPoint: { __typename: 'BalancePoint', date: string, balance: string } | null, shortBill: { __typename: 'DueBill', billId: number, billerName: string, dueDate: string, amount: string } | null } } | null, allocationByCategory: Array<{ __typename: 'CategoryAllocation', categoryId: number | null, categoryName: string, amount: string }>, upcomingBills: Array<{ __typename: 'UpcomingBill', billId: number, billerName: string, dueDate: string, amount: string, status: BillStatus, isReimbursement: boolean, onHold: boolean }>, activityTotals: { __typename: 'ActivityFilterTotals', payment: number, agreementChange: number, notification: number, note: number | null }, notes?: Array<{ __typename: 'Note', noteId: number, text: string, dateCreated: string, createdBy: string, entityId: number, entityType: string }> | null }, agreementChangeWaiting: { __typename: 'AgreementChangeWaiting', agreementId: number, previousAgreementId: number | null, waitingForMember: boolean, isRenewal: boolean, message: string } | null, hardshipCase: { __typename: 'HardshipCase', caseId: number, accountId: number, agreementId: number, status: HardshipStatus, statusLabel: string, situation: string, openedAt: string, arrangementNote: string | null, arrangedAt: string | null, arrangedBy: string | null, closeNote: string | null, closedAt: string | null, followUpPaused: boolean, counsellingNote: string | null, request: { __typename: 'HardshipTerms', kind: HardshipRequestKind, from: string | null, until: string | null, amount: string | null, words: string }, arrangement: { __typename: 'HardshipTerms', kind: HardshipRequestKind, from: string | null, until: string | null, amount: string | null, words: string } | null, deposits: Array<{ __typename: 'HardshipDeposit', dueDate: string, before: string, after: string, holiday: boolean }> } | null, activities: { __typename: 'ActivityPage', page: number, pageSize: number, totalCount: number, items: Array<{ __typename: 'Activity', agentName?: string | null, activityId: number, date: string, type: number, label: string, filter: ActivityFilter, details: string | null, detailsKind: string, balanceChange: string, formattedBalance: string, transactionId: number | null, transactionStatus: TransactionStatus | null, transactionStatusName: string | null, transactionStatusClass: string | null, isPending: boolean, contractId: number | null, topupAmount: string | null, contingencyAmount: string | null, pouredIntoRainyDay: string | null, modificationChanges: Array<{ __typename: 'FieldChange', field: string, before: string | null, after: string | null }> | null }>, totals: { __typename: 'ActivityFilterTotals', payment: number, agreementChange: number, notification: number, note: number | null } } | null };

export type QueuedChangeStatusUpdatesSubscriptionVariables = Exact<{
  accountId: number;
}>;


export type QueuedChangeStatusUpdatesSubscription = { queuedChangeStatus: { __typename: 'QueuedChangeStatus', accountId: number, agreementId: number | null, stage: QueuedChangeStage, message: string | null } };

export type ShortfallFixesQueryVariables = Exact<{
  memberId: number;
  accountId: number;
}>;


export type ShortfallFixesQuery = { shortfallFixes: { __typename: 'ShortfallFixes', accountId: number, agreementId: number, firstShortDate: string, shortfall: string, shortBill: { __typename: 'DueBill', billId: number, billerName: string, dueDate: string, amount: string } | null, fixes: Array<{ __typename: 'ShortfallFix', kind: ShortfallFixKind, amount: string, deposits: number | null, from: string | null, shares: Array<string>, words: string, canApply: boolean, howApplied: string, preview: { __typename: 'ForecastVerdict', tone: string, headline: string, details: Array<string>, onTrack: boolean, until: string | null, firstShortDate: string | null, firstShortfall: string | null, topUpToAvoid: string | null, depositToAvoid: string | null, beyondApprovedOverdraw: boolean, lowestPoint: { __typename: 'BalancePoint', date: string, balance: string } | null, shortBill: { __typename: 'DueBill', billId: number, billerName: string, dueDate: string, amount: string } | null } }> } | null };

export type ApplyShortfallFixMutationVariables = Exact<{
  input: ApplyShortfallFixInput;
}>;


export type ApplyShortfallFixMutation = { applyShortfallFix: { __typename: 'ApplyShortfallFixResult', ok: boolean, message: string | null, transactionId: number | null, changeAgreementId: number | null, sentToMember: boolean, waitingForManager: boolean, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type TermEndChoiceQueryVariables = Exact<{
  memberId: number;
  accountId: number;
}>;


export type TermEndChoiceQuery = { termEndChoice: { __typename: 'TermEndView', accountId: number, agreementId: number, endDate: string, closingBalance: string | null, renewalUnderWay: boolean, choice: TermEndChoice, accountNumber: string | null, chosenAt: string | null, renewalDeposits: string | null, message: string, options: Array<{ __typename: 'TermEndOptionView', kind: TermEndChoice, words: string, explanation: string, accountNumber: string | null }>, refundAccounts: Array<{ __typename: 'TermEndRefundAccount', accountNumber: string, nickname: string | null }> } | null };

export type ChooseTermEndMutationVariables = Exact<{
  input: ChooseTermEndInput;
}>;


export type ChooseTermEndMutation = { chooseTermEnd: { __typename: 'ChooseTermEndResult', ok: boolean, termEnd: { __typename: 'TermEndView', accountId: number, agreementId: number, endDate: string, closingBalance: string | null, renewalUnderWay: boolean, choice: TermEndChoice, accountNumber: string | null, chosenAt: string | null, renewalDeposits: string | null, message: string, options: Array<{ __typename: 'TermEndOptionView', kind: TermEndChoice, words: string, explanation: string, accountNumber: string | null }>, refundAccounts: Array<{ __typename: 'TermEndRefundAccount', accountNumber: string, nickname: string | null }> } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type TermEndFieldsFragment = { __typename: 'TermEndView', accountId: number, agreementId: number, endDate: string, closingBalance: string | null, renewalUnderWay: boolean, choice: TermEndChoice, accountNumber: string | null, chosenAt: string | null, renewalDeposits: string | null, message: string, options: Array<{ __typename: 'TermEndOptionView', kind: TermEndChoice, words: string, explanation: string, accountNumber: string | null }>, refundAccounts: Array<{ __typename: 'TermEndRefundAccount', accountNumber: string, nickname: string | null }> };

export type BankDayRunQueryVariables = Exact<{
  memberId: number;
  accountId: number;
}>;


export type BankDayRunQuery = { bankDayRun: { __typename: 'BankDayRun', accountId: number, agreementId: number | null, next: { __typename: 'NextBankDay', date: string, balanceBefore: string, balanceAfter: string, lines: Array<{ __typename: 'BankDayLine', kind: BankDayLineKind, depositId: number | null, billId: number | null, label: string, dueDate: string, amount: string, balanceAfter: string, late: boolean, short: boolean }> }, last: { __typename: 'LastBankDay', date: string, lines: Array<{ __typename: 'BankDayResultLine', kind: BankDayLineKind, depositId: number | null, billId: number | null, label: string, amount: string, outcome: BankDayOutcome, reason: string | null }> } } };

export type BankDayRunFieldsFragment = { __typename: 'BankDayRun', accountId: number, agreementId: number | null, next: { __typename: 'NextBankDay', date: string, balanceBefore: string, balanceAfter: string, lines: Array<{ __typename: 'BankDayLine', kind: BankDayLineKind, depositId: number | null, billId: number | null, label: string, dueDate: string, amount: string, balanceAfter: string, late: boolean, short: boolean }> }, last: { __typename: 'LastBankDay', date: string, lines: Array<{ __typename: 'BankDayResultLine', kind: BankDayLineKind, depositId: number | null, billId: number | null, label: string, amount: string, outcome: BankDayOutcome, reason: string | null }> } };

export type ReportBranchesQueryVariables = Exact<{ [key: string]: never; }>;


export type ReportBranchesQuery = { reportBranches: Array<{ __typename: 'ReportBranch', id: number, name: string }> };

export type MissedDepositReportQueryVariables = Exact<{
  input: MissedDepositReportInput;
}>;


export type MissedDepositReportQuery = { missedDepositReport: { __typename: 'MissedDepositReport', startDate: string | null, endDate: string | null, asOf: string, agreementCount: number, totalValueInArrears: string, branches: Array<{ __typename: 'ReportBranch', id: number, name: string }>, groups: Array<{ __typename: 'MissedDepositBranchGroup', branchId: number, branchName: string, totalValueInArrears: string, records: Array<{ __typename: 'MissedDepositRecord', branchName: string, totalValueInArrears: string, formattedAccount: string, members: string, agreementNumber: number, depositFrequency: string, nextDepositDate: string | null, renewalDate: string, accountId: number, memberId: number, missedDeposits: number }> }> } };

export type MissedDepositReportFileQueryVariables = Exact<{
  input: MissedDepositReportInput;
  format: ExportFormat;
}>;


export type MissedDepositReportFileQuery = { missedDepositReportFile: { __typename: 'ExportedFile', fileName: string, contentType: string, base64: string } };

export type AtRiskAgreementsQueryVariables = Exact<{
  weeks: number;
}>;


export type AtRiskAgreementsQuery = { atRiskAgreements: { __typename: 'AtRiskList', weeks: number, asOf: string, checked: number, notForecast: Array<number>, items: Array<{ __typename: 'AtRiskAgreement', agreementId: number, accountId: number, accountNumber: string, memberId: number, memberNumber: string, memberName: string, branchName: string | null, level: RiskLevel, firstShortDate: string, firstShortfall: string, depth: string, topUpToAvoid: string, depositToAvoid: string | null, depositAmount: string, lowestPoint: { __typename: 'BalancePoint', date: string, balance: string } }> } };

export type AtRiskAgreementsFileQueryVariables = Exact<{
  weeks: number;
  format: ExportFormat;
  sort?: AtRiskSortInput | null | undefined;
}>;


export type AtRiskAgreementsFileQuery = { atRiskAgreementsFile: { __typename: 'ExportedFile', fileName: string, contentType: string, base64: string } };

export type ClosingStatementQueryVariables = Exact<{
  accountId: number;
}>;


export type ClosingStatementQuery = { closingStatement: { __typename: 'ClosingStatementResult', statement: { __typename: 'ClosingStatement', agreementId: number, cancelledOn: string, reason: string, paidOut: string, paidTo: string | null, held: string, resetAmount: string | null, message: string, balances: { __typename: 'ClosingBalances', allocation: string, contingency: string, rainyDay: string, total: string }, billsDue: Array<{ __typename: 'ClosingBillDue', billId: number, payee: string, dueDate: string, amount: string }> } | null } };

export type SettlementAccountsQueryVariables = Exact<{
  memberId: number;
  accountId: number;
}>;


export type SettlementAccountsQuery = { profile: { __typename: 'Profile', linkedAccounts: Array<{ __typename: 'LinkedAccount', linkedAccountId: number, accountNumber: string, accountNickname: string }> } };

export type CancelAgreementWithSettlementMutationVariables = Exact<{
  agreementId: number;
  reason: string;
  payoutAccountNumber?: string | null | undefined;
}>;


export type CancelAgreementWithSettlementMutation = { cancelAgreement: { __typename: 'LifecycleResult', outcome: { __typename: 'LifecycleOutcomeView', agreementId: number, status: AgreementStatus, message: string } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type ResetAccountBalanceMutationVariables = Exact<{
  accountId: number;
  accountNumber: string;
  idempotencyKey: string;
}>;


export type ResetAccountBalanceMutation = { resetAccountBalance: { __typename: 'ResetAccountResult', result: { __typename: 'ResetAccountOutcome', transactionId: number, amount: string, message: string } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type MemberSearchResultFieldsFragment = { __typename: 'MemberSearchResult', memberId: number, memberNumber: string, firstName: string, lastName: string, email: string | null, mobilePhone: string | null, isActive: boolean, accounts: Array<{ __typename: 'AccountListItem', accountId: number, accountNumber: string, agreementId: number | null, isActive: boolean, productName: string, status: AccountStatus, statusName: string }> };

export type SearchMembersQueryVariables = Exact<{
  searchString: string;
  resultCount?: number | null | undefined;
}>;


export type SearchMembersQuery = { searchMembers: Array<{ __typename: 'MemberSearchResult', memberId: number, memberNumber: string, firstName: string, lastName: string, email: string | null, mobilePhone: string | null, isActive: boolean, accounts: Array<{ __typename: 'AccountListItem', accountId: number, accountNumber: string, agreementId: number | null, isActive: boolean, productName: string, status: AccountStatus, statusName: string }> }> };

export type MembersByAccountNumberQueryVariables = Exact<{
  accountNumber: string;
  maxResults?: number | null | undefined;
}>;


export type MembersByAccountNumberQuery = { membersByAccountNumber: Array<{ __typename: 'MemberSearchResult', memberId: number, memberNumber: string, firstName: string, lastName: string, email: string | null, mobilePhone: string | null, isActive: boolean, accounts: Array<{ __typename: 'AccountListItem', accountId: number, accountNumber: string, agreementId: number | null, isActive: boolean, productName: string, status: AccountStatus, statusName: string }> }> };

export type SendSupportMessageMutationVariables = Exact<{
  accountId?: number | null | undefined;
  message: string;
}>;


export type SendSupportMessageMutation = { sendSupportMessage: { __typename: 'SupportMessageResult', message: string | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type LifecycleOutcomeFieldsFragment = { __typename: 'LifecycleResult', outcome: { __typename: 'LifecycleOutcomeView', agreementId: number, accountId: number, status: AgreementStatus, message: string, stage: QueuedChangeStage | null } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> };

export type ActivateAgreementMutationVariables = Exact<{
  agreementId: number;
}>;


export type ActivateAgreementMutation = { activateAgreement: { __typename: 'LifecycleResult', outcome: { __typename: 'LifecycleOutcomeView', agreementId: number, accountId: number, status: AgreementStatus, message: string, stage: QueuedChangeStage | null } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type SaveAllAgreementChangesMutationVariables = Exact<{
  agreementId: number;
}>;


export type SaveAllAgreementChangesMutation = { saveAllAgreementChanges: { __typename: 'LifecycleResult', outcome: { __typename: 'LifecycleOutcomeView', agreementId: number, accountId: number, status: AgreementStatus, message: string, stage: QueuedChangeStage | null } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type SaveAgreementForLaterMutationVariables = Exact<{
  agreementId: number;
  description: string;
}>;


export type SaveAgreementForLaterMutation = { saveAgreementForLater: { __typename: 'SaveForLaterResult', saved: { __typename: 'SavedForLaterView', agreementId: number, description: string, message: string | null } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type ManagedAgreementQueryVariables = Exact<{
  memberId: number;
}>;


export type ManagedAgreementQuery = { accountList: Array<{ __typename: 'AccountListItem', accountId: number, agreementId: number | null }> };

export type ManagedAgreementSummaryQueryVariables = Exact<{
  agreementId: number;
}>;


export type ManagedAgreementSummaryQuery = { agreement: { __typename: 'AgreementView', summary: { __typename: 'AgreementSummary', contractId: number, status: AgreementStatus, statusName: string, endDate: string } } };

export type LockAgreementMutationVariables = Exact<{
  agreementId: number;
  reason: string;
}>;


export type LockAgreementMutation = { lockAgreement: { __typename: 'LifecycleResult', outcome: { __typename: 'LifecycleOutcomeView', agreementId: number, accountId: number, status: AgreementStatus, message: string, stage: QueuedChangeStage | null } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type UnlockAgreementMutationVariables = Exact<{
  agreementId: number;
  reason: string;
}>;


export type UnlockAgreementMutation = { unlockAgreement: { __typename: 'LifecycleResult', outcome: { __typename: 'LifecycleOutcomeView', agreementId: number, accountId: number, status: AgreementStatus, message: string, stage: QueuedChangeStage | null } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type RenewAgreementMutationVariables = Exact<{
  agreementId: number;
}>;


export type RenewAgreementMutation = { renewAgreement: { __typename: 'LifecycleResult', outcome: { __typename: 'LifecycleOutcomeView', agreementId: number, accountId: number, status: AgreementStatus, message: string, stage: QueuedChangeStage | null } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type MoveAgreementEndDateMutationVariables = Exact<{
  agreementId: number;
  newEndDate: string;
}>;


export type MoveAgreementEndDateMutation = { moveAgreementEndDate: { __typename: 'LifecycleResult', outcome: { __typename: 'LifecycleOutcomeView', agreementId: number, accountId: number, status: AgreementStatus, message: string, stage: QueuedChangeStage | null } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type ChangeNeedsMemberQueryVariables = Exact<{
  agreementId: number;
}>;


export type ChangeNeedsMemberQuery = { agreementChangeReview: { __typename: 'AgreementChangeReview', agreementId: number, needsMemberApproval: boolean } };

export type AgreementSavedForLaterQueryVariables = Exact<{
  accountId: number;
}>;


export type AgreementSavedForLaterQuery = { agreementSavedForLater: { __typename: 'AgreementSavedForLaterResult', saved: { __typename: 'SavedForLaterView', agreementId: number, description: string } | null } };

export type WizardBillerFieldsFragment = { __typename: 'WizardBiller', id: number, billerId: number, contractId: number, nickname: string, billingCategoryId: number, category: string, companyId: number | null, company: string | null, status: BillerStatus, paymentType: number, bPayNumber: string | null, bpayBillerName: string | null, customerReferenceNumber: string | null, bsbNumber: string | null, bsbDisplay: string | null, bsbBankName: string | null, eftAccountNumber: string | null, eftAccountName: string | null, eftReferenceNumber: string | null, directDebitAccountNumber: string | null, expectedBillValue: string, contingencyValue: string, billingFrequency: number, dateOfBill: string, biMonthly1stDate: string | null, biMonthly2ndDate: string | null, isExactDateOfBillKnown: boolean, doesAmountVaryFromBillToBill: boolean, isAutoPaymentBill: boolean, isNotificationEnabled: boolean, isFinalBillExpected: boolean, expectedFinalBillDate: string | null, isSeasonBill: boolean, peakMonths: string | null, peakValueOfBill: string | null, offPeakValueOfBill: string | null, overdueOption: number | null, isLocked: boolean, hasOverdueBills: boolean, overdueWarning: string | null };

export type WizardSubCategoryFieldsFragment = { __typename: 'WizardSubCategory', id: number, billingSubCategoryId: number, contractId: number, billingCategoryId: number, category: string, nickname: string, expectedBillValue: string, billingFrequency: number, dateOfBill: string, biMonthly1stDate: string | null, biMonthly2ndDate: string | null, isExactDateOfBillKnown: boolean, status: BillerStatus, overdueOption: number | null, isLocked: boolean, hasOverdueBills: boolean, overdueWarning: string | null };

export type BillerFormOptionsQueryVariables = Exact<{ [key: string]: never; }>;


export type BillerFormOptionsQuery = { billerFormOptions: { __typename: 'BillerFormOptions', billerOverdueWarning: string, subCategoryOverdueWarning: string, businessBsbNumber: string, directDebitBsbNotice: string, frequencies: Array<{ __typename: 'BillerFormOption', code: number, label: string }>, paymentTypes: Array<{ __typename: 'BillerFormOption', code: number, label: string }>, overdueOptions: Array<{ __typename: 'BillerFormOption', code: number, label: string }> } };

export type WizardBillerToEditQueryVariables = Exact<{
  billerId: number;
}>;


export type WizardBillerToEditQuery = { wizardBiller: { __typename: 'WizardBiller', id: number, billerId: number, contractId: number, nickname: string, billingCategoryId: number, category: string, companyId: number | null, company: string | null, status: BillerStatus, paymentType: number, bPayNumber: string | null, bpayBillerName: string | null, customerReferenceNumber: string | null, bsbNumber: string | null, bsbDisplay: string | null, bsbBankName: string | null, eftAccountNumber: string | null, eftAccountName: string | null, eftReferenceNumber: string | null, directDebitAccountNumber: string | null, expectedBillValue: string, contingencyValue: string, billingFrequency: number, dateOfBill: string, biMonthly1stDate: string | null, biMonthly2ndDate: string | null, isExactDateOfBillKnown: boolean, doesAmountVaryFromBillToBill: boolean, isAutoPaymentBill: boolean, isNotificationEnabled: boolean, isFinalBillExpected: boolean, expectedFinalBillDate: string | null, isSeasonBill: boolean, peakMonths: string | null, peakValueOfBill: string | null, offPeakValueOfBill: string | null, overdueOption: number | null, isLocked: boolean, hasOverdueBills: boolean, overdueWarning: string | null } };

export type WizardSubCategoryToEditQueryVariables = Exact<{
  billingSubCategoryId: number;
}>;


export type WizardSubCategoryToEditQuery = { wizardSubCategory: { __typename: 'WizardSubCategory', id: number, billingSubCategoryId: number, contractId: number, billingCategoryId: number, category: string, nickname: string, expectedBillValue: string, billingFrequency: number, dateOfBill: string, biMonthly1stDate: string | null, biMonthly2ndDate: string | null, isExactDateOfBillKnown: boolean, status: BillerStatus, overdueOption: number | null, isLocked: boolean, hasOverdueBills: boolean, overdueWarning: string | null } };

export type BillerFormValidateBpayQueryVariables = Exact<{
  input: BpayValidationInput;
}>;


export type BillerFormValidateBpayQuery = { validateBpay: { __typename: 'BpayValidation', code: number, valid: boolean, billerName: string | null, fullyChecked: boolean, message: string | null, field: string | null } };

export type BillerFormValidateBsbQueryVariables = Exact<{
  bsb: string;
}>;


export type BillerFormValidateBsbQuery = { validateBsb: { __typename: 'BsbValidation', code: number, valid: boolean, bsb: string | null, formattedBsb: string | null, bankName: string | null, message: string | null } };

export type BillerFormValidateDirectDebitQueryVariables = Exact<{
  number: string;
  billerId?: number | null | undefined;
}>;


export type BillerFormValidateDirectDebitQuery = { validateDirectDebitAccountNumber: { __typename: 'DirectDebitAccountNumberResult', accountNumber: string | null, valid: boolean, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type BillerFormAssignDirectDebitMutationVariables = Exact<{ [key: string]: never; }>;


export type BillerFormAssignDirectDebitMutation = { assignDirectDebitAccountNumber: { __typename: 'DirectDebitAccountNumberResult', accountNumber: string | null, valid: boolean, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type SaveWizardBillerMutationVariables = Exact<{
  input: BillerInput;
}>;


export type SaveWizardBillerMutation = { saveBiller: { __typename: 'BillerSaveResult', depositsStepNeeded: boolean, paymentChanges: Array<string>, message: string | null, biller: { __typename: 'WizardBiller', id: number, billerId: number, contractId: number, nickname: string, billingCategoryId: number, category: string, companyId: number | null, company: string | null, status: BillerStatus, paymentType: number, bPayNumber: string | null, bpayBillerName: string | null, customerReferenceNumber: string | null, bsbNumber: string | null, bsbDisplay: string | null, bsbBankName: string | null, eftAccountNumber: string | null, eftAccountName: string | null, eftReferenceNumber: string | null, directDebitAccountNumber: string | null, expectedBillValue: string, contingencyValue: string, billingFrequency: number, dateOfBill: string, biMonthly1stDate: string | null, biMonthly2ndDate: string | null, isExactDateOfBillKnown: boolean, doesAmountVaryFromBillToBill: boolean, isAutoPaymentBill: boolean, isNotificationEnabled: boolean, isFinalBillExpected: boolean, expectedFinalBillDate: string | null, isSeasonBill: boolean, peakMonths: string | null, peakValueOfBill: string | null, offPeakValueOfBill: string | null, overdueOption: number | null, isLocked: boolean, hasOverdueBills: boolean, overdueWarning: string | null } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type SaveWizardSubCategoryMutationVariables = Exact<{
  input: SubCategoryInput;
}>;


export type SaveWizardSubCategoryMutation = { saveSubCategory: { __typename: 'SubCategorySaveResult', depositsStepNeeded: boolean, message: string | null, subCategory: { __typename: 'WizardSubCategory', id: number, billingSubCategoryId: number, contractId: number, billingCategoryId: number, category: string, nickname: string, expectedBillValue: string, billingFrequency: number, dateOfBill: string, biMonthly1stDate: string | null, biMonthly2ndDate: string | null, isExactDateOfBillKnown: boolean, status: BillerStatus, overdueOption: number | null, isLocked: boolean, hasOverdueBills: boolean, overdueWarning: string | null } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type BillerFormCompanyQueryVariables = Exact<{
  companyId: number;
}>;


export type BillerFormCompanyQuery = { company: { __typename: 'Company', id: number, name: string, bPayNumber: string | null, paymentTypes: Array<number> } };

export type PreviewFiguresFieldsFragment = { __typename: 'PreviewFigures', deposits: Array<{ __typename: 'PreviewDeposit', frequency: number, label: string, amount: string }>, lowestPoint: { __typename: 'BalancePoint', date: string, balance: string } };

export type BillerEditPreviewQueryVariables = Exact<{
  contractId: number;
  replacing?: string | null | undefined;
  item: DepositPlanBillerInput;
  overdueOption?: number | null | undefined;
}>;


export type BillerEditPreviewQuery = { billerEditPreview: { __typename: 'BillerEditPreview', available: boolean, message: string | null, before: { __typename: 'PreviewFigures', deposits: Array<{ __typename: 'PreviewDeposit', frequency: number, label: string, amount: string }>, lowestPoint: { __typename: 'BalancePoint', date: string, balance: string } } | null, after: { __typename: 'PreviewFigures', deposits: Array<{ __typename: 'PreviewDeposit', frequency: number, label: string, amount: string }>, lowestPoint: { __typename: 'BalancePoint', date: string, balance: string } } | null } };

export type WizardListItemFieldsFragment = { __typename: 'WizardListItem', id: number, type: number, nickname: string, billingCategoryId: number, category: string, company: string | null, status: BillerStatus, modificationState: number, paymentType: number | null, expectedBillValue: string, billingFrequency: number, dateOfBill: string, nextBillDate: string | null, isLocked: boolean, canEdit: boolean, canRemove: boolean, canReinstate: boolean, lockedMessage: string | null };

export type WizardItemChangeFieldsFragment = { __typename: 'WizardItemChangeResult', deleted: boolean, message: string | null, item: { __typename: 'WizardListItem', id: number, type: number, nickname: string, billingCategoryId: number, category: string, company: string | null, status: BillerStatus, modificationState: number, paymentType: number | null, expectedBillValue: string, billingFrequency: number, dateOfBill: string, nextBillDate: string | null, isLocked: boolean, canEdit: boolean, canRemove: boolean, canReinstate: boolean, lockedMessage: string | null } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> };

export type WizardRemovalFieldsFragment = { __typename: 'WizardRemoval', id: number, type: number, nextTransactionDate: string | null, expectedFinalBillDate: string | null, latestFinalBillDate: string, isLocked: boolean, loadError: boolean };

export type WizardBillingItemsQueryVariables = Exact<{
  contractId: number;
  sortBy: WizardListSort;
  direction: WizardSortDirection;
}>;


export type WizardBillingItemsQuery = { wizardBillingItems: Array<{ __typename: 'WizardListItem', id: number, type: number, nickname: string, billingCategoryId: number, category: string, company: string | null, status: BillerStatus, modificationState: number, paymentType: number | null, expectedBillValue: string, billingFrequency: number, dateOfBill: string, nextBillDate: string | null, isLocked: boolean, canEdit: boolean, canRemove: boolean, canReinstate: boolean, lockedMessage: string | null }> };

export type WizardBillerIsLockedQueryVariables = Exact<{
  billerId: number;
}>;


export type WizardBillerIsLockedQuery = { billerIsLocked: boolean };

export type WizardSubCategoryIsLockedQueryVariables = Exact<{
  billingSubCategoryId: number;
}>;


export type WizardSubCategoryIsLockedQuery = { subCategoryIsLocked: boolean };

export type WizardBillerRemovalQueryVariables = Exact<{
  billerId: number;
}>;


export type WizardBillerRemovalQuery = { billerRemoval: { __typename: 'WizardRemoval', id: number, type: number, nextTransactionDate: string | null, expectedFinalBillDate: string | null, latestFinalBillDate: string, isLocked: boolean, loadError: boolean } };

export type WizardSubCategoryRemovalQueryVariables = Exact<{
  billingSubCategoryId: number;
}>;


export type WizardSubCategoryRemovalQuery = { subCategoryRemoval: { __typename: 'WizardRemoval', id: number, type: number, nextTransactionDate: string | null, expectedFinalBillDate: string | null, latestFinalBillDate: string, isLocked: boolean, loadError: boolean } };

export type WizardRemoveBillerMutationVariables = Exact<{
  billerId: number;
  isFinalBillExpected?: boolean | null | undefined;
  expectedFinalBillDate?: string | null | undefined;
}>;


export type WizardRemoveBillerMutation = { removeBiller: { __typename: 'WizardItemChangeResult', deleted: boolean, message: string | null, item: { __typename: 'WizardListItem', id: number, type: number, nickname: string, billingCategoryId: number, category: string, company: string | null, status: BillerStatus, modificationState: number, paymentType: number | null, expectedBillValue: string, billingFrequency: number, dateOfBill: string, nextBillDate: string | null, isLocked: boolean, canEdit: boolean, canRemove: boolean, canReinstate: boolean, lockedMessage: string | null } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type WizardRemoveSubCategoryMutationVariables = Exact<{
  billingSubCategoryId: number;
}>;


export type WizardRemoveSubCategoryMutation = { removeSubCategory: { __typename: 'WizardItemChangeResult', deleted: boolean, message: string | null, item: { __typename: 'WizardListItem', id: number, type: number, nickname: string, billingCategoryId: number, category: string, company: string | null, status: BillerStatus, modificationState: number, paymentType: number | null, expectedBillValue: string, billingFrequency: number, dateOfBill: string, nextBillDate: string | null, isLocked: boolean, canEdit: boolean, canRemove: boolean, canReinstate: boolean, lockedMessage: string | null } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type WizardReinstateBillerMutationVariables = Exact<{
  billerId: number;
}>;


export type WizardReinstateBillerMutation = { reinstateBiller: { __typename: 'WizardItemChangeResult', deleted: boolean, message: string | null, item: { __typename: 'WizardListItem', id: number, type: number, nickname: string, billingCategoryId: number, category: string, company: string | null, status: BillerStatus, modificationState: number, paymentType: number | null, expectedBillValue: string, billingFrequency: number, dateOfBill: string, nextBillDate: string | null, isLocked: boolean, canEdit: boolean, canRemove: boolean, canReinstate: boolean, lockedMessage: string | null } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type WizardReinstateSubCategoryMutationVariables = Exact<{
  billingSubCategoryId: number;
}>;


export type WizardReinstateSubCategoryMutation = { reinstateSubCategory: { __typename: 'WizardItemChangeResult', deleted: boolean, message: string | null, item: { __typename: 'WizardListItem', id: number, type: number, nickname: string, billingCategoryId: number, category: string, company: string | null, status: BillerStatus, modificationState: number, paymentType: number | null, expectedBillValue: string, billingFrequency: number, dateOfBill: string, nextBillDate: string | null, isLocked: boolean, canEdit: boolean, canRemove: boolean, canReinstate: boolean, lockedMessage: string | null } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type AgreementCapacityQueryVariables = Exact<{
  contractId: number;
}>;


export type AgreementCapacityQuery = { agreementCapacity: { __typename: 'CapacityView', contractId: number, paymentCapacityConfirmed: boolean, confirmationText: string, warning: string, questions: Array<string>, checkedQuestions: Array<string> } };

export type SaveAgreementCapacityMutationVariables = Exact<{
  input: CapacityInputType;
}>;


export type SaveAgreementCapacityMutation = { saveAgreementCapacity: { __typename: 'CapacitySaveResult', saved: boolean, noteId: number | null, capacity: { __typename: 'CapacityView', contractId: number, paymentCapacityConfirmed: boolean, confirmationText: string, warning: string, questions: Array<string>, checkedQuestions: Array<string> } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type ConfirmItemFieldsFragment = { __typename: 'ConfirmItemView', id: number, type: number, nickname: string, isAutoPaymentBill: boolean, frequencyLabel: string, expenseAmount: string, dateCommencing: string, modificationStatus: ModificationState, highlight: string | null, isFinalBillExpected: boolean, expectedFinalBillDate: string | null, paymentType: string | null, bpayNumber: string | null, customerReferenceNumber: string | null, bsbNumber: string | null, eftAccountNumber: string | null, eftAccountName: string | null, directDebitAccountNumber: string | null, totalOccurrences: number | null, upcomingOccurrenceNumber: number | null, oldNextDate: string | null };

export type AgreementConfirmationQueryVariables = Exact<{
  contractId: number;
}>;


export type AgreementConfirmationQuery = { agreementConfirmation: { __typename: 'AgreementConfirmView', contractId: number, isSetup: boolean, accountNumber: string, memberNames: Array<string>, confirmations: Array<string>, automatic: Array<{ __typename: 'ConfirmItemView', id: number, type: number, nickname: string, isAutoPaymentBill: boolean, frequencyLabel: string, expenseAmount: string, dateCommencing: string, modificationStatus: ModificationState, highlight: string | null, isFinalBillExpected: boolean, expectedFinalBillDate: string | null, paymentType: string | null, bpayNumber: string | null, customerReferenceNumber: string | null, bsbNumber: string | null, eftAccountNumber: string | null, eftAccountName: string | null, directDebitAccountNumber: string | null, totalOccurrences: number | null, upcomingOccurrenceNumber: number | null, oldNextDate: string | null }>, manual: Array<{ __typename: 'ConfirmItemView', id: number, type: number, nickname: string, isAutoPaymentBill: boolean, frequencyLabel: string, expenseAmount: string, dateCommencing: string, modificationStatus: ModificationState, highlight: string | null, isFinalBillExpected: boolean, expectedFinalBillDate: string | null, paymentType: string | null, bpayNumber: string | null, customerReferenceNumber: string | null, bsbNumber: string | null, eftAccountNumber: string | null, eftAccountName: string | null, directDebitAccountNumber: string | null, totalOccurrences: number | null, upcomingOccurrenceNumber: number | null, oldNextDate: string | null }>, outsidePeriod: Array<{ __typename: 'ConfirmItemView', id: number, type: number, nickname: string, isAutoPaymentBill: boolean, frequencyLabel: string, expenseAmount: string, dateCommencing: string, modificationStatus: ModificationState, highlight: string | null, isFinalBillExpected: boolean, expectedFinalBillDate: string | null, paymentType: string | null, bpayNumber: string | null, customerReferenceNumber: string | null, bsbNumber: string | null, eftAccountNumber: string | null, eftAccountName: string | null, directDebitAccountNumber: string | null, totalOccurrences: number | null, upcomingOccurrenceNumber: number | null, oldNextDate: string | null }>, finalBills: Array<{ __typename: 'FinalBillLineView', id: number, type: number, nickname: string, date: string, label: string }>, summary: { __typename: 'ConfirmSummaryView', frequencyLabel: string, depositAmount: string, nextDepositAmount: string | null, startDate: string, firstDepositDate: string | null, endDate: string, scheduleSummary: string, fee: string | null }, lock: { __typename: 'ConfirmLockView', code: string, message: string } | null } };

export type DepositsApprovalsFieldsFragment = { __typename: 'AgreementApprovalsState', contractId: number, canProceed: boolean, kinds: Array<{ __typename: 'AgreementApprovalKindState', approvalType: number, needed: boolean, decision: ApprovalDecision, managerName: string | null, message: string | null, note: string | null }> };

export type DepositsApprovalsQueryVariables = Exact<{
  agreementId: number;
}>;


export type DepositsApprovalsQuery = { agreementApprovals: { __typename: 'AgreementApprovalsState', contractId: number, canProceed: boolean, kinds: Array<{ __typename: 'AgreementApprovalKindState', approvalType: number, needed: boolean, decision: ApprovalDecision, managerName: string | null, message: string | null, note: string | null }> } };

export type DepositsApprovalsChangedSubscriptionVariables = Exact<{
  agreementId: number;
}>;


export type DepositsApprovalsChangedSubscription = { agreementApprovalsChanged: { __typename: 'AgreementApprovalsState', contractId: number, canProceed: boolean, kinds: Array<{ __typename: 'AgreementApprovalKindState', approvalType: number, needed: boolean, decision: ApprovalDecision, managerName: string | null, message: string | null, note: string | null }> } };

export type RequestDepositsApprovalMutationVariables = Exact<{
  agreementId: number;
  approvalType: number;
  note: string;
}>;


export type RequestDepositsApprovalMutation = { requestAgreementApproval: { __typename: 'AgreementApprovalResult', approval: { __typename: 'AgreementApproval', approvalId: number, pending: boolean, message: string } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type SignDepositsApprovalMutationVariables = Exact<{
  input: AgreementApprovalOverrideInput;
}>;


export type SignDepositsApprovalMutation = { overrideAgreementApproval: { __typename: 'AgreementApprovalResult', approval: { __typename: 'AgreementApproval', approvalId: number, approvalGranted: boolean, message: string } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type DepositsNotesQueryVariables = Exact<{
  contractId: number;
}>;


export type DepositsNotesQuery = { notes: Array<{ __typename: 'Note', noteId: number, text: string, dateCreated: string, createdBy: string }> };

export type DepositsStepFieldsFragment = { __typename: 'DepositsStep', note: string | null, deposits: { __typename: 'DepositsView', contractId: number, isSetup: boolean, contributionFrequency: number | null, contributionAmount: string | null, contributionDate: string | null, oldContributionDate: string | null, biMonthly1stDate: string | null, biMonthly2ndDate: string | null, selectedContributionDate: number | null, startDate: string, endDate: string, dateRangeFrom: string, dateRangeTo: string, depositType: number | null, remitterName: string | null, remitterNumber: string | null, periodicalPaymentAccount: number | null, topupAmount: string, topupAccount: number | null, isTopupPerformed: boolean, isTopupDisabled: boolean, isRemoveBillPerformed: boolean, isDepositScheduleCoveringExpenses: boolean, notCoveringExpensesError: string | null, allowPaymentTodayBypass: boolean, fee: string | null, feeDisplay: string, transactionOccurrences: Array<{ __typename: 'TransactionOccurrence', nextDate: string }>, incorrectTransactionOccurrences: Array<{ __typename: 'IncorrectOccurrence', billingSourceId: number, billingSource: number, nextDate: string }> }, options: Array<{ __typename: 'DepositOption', frequency: number, label: string, depositAmount: string | null, depositCount: number, selected: boolean, message: string | null }>, paymentDetails: { __typename: 'PaymentDetails', hasOverDrawDuration: boolean, totalOverDrawDurationAmount: string, hasOverDrawOfAmount: boolean, totalOverDrawOfAmount: string, isUpperLimitReached: boolean, overrideOverdrawRuleDuration: number, contractTopupAmount: string, approvedOverDrawOfAmount: string, upperContractLimit: string, totalContractValue: string, approvalsNeeded: Array<number>, overdrawWarning: string | null, overdrawRuleText: string, topupAccount: { __typename: 'TopupAccountView', accountNumber: string, availableBalance: string } | null } | null, plan: { __typename: 'DepositPlan', depositAmount: string, depositCount: number, depositDates: Array<string>, breakdown: { __typename: 'DepositBreakdown', depositAmount: string, depositCount: number, periodTotal: string, addsUp: boolean, lines: Array<{ __typename: 'DepositBreakdownLine', kind: DepositBreakdownLineKind, label: string, amount: string, periodTotal: string, billCount: number, sentence: string }> } | null, minimum: { __typename: 'MinimumDeposit', reachable: boolean, amount: string | null, bindingDate: string | null, topUpNeeded: string, topUpDate: string | null }, forecast: { __typename: 'DepositForecast', firstDay: string, lastDay: string, firstDateBelowZero: string | null, firstDateBelowOverdrawLimit: string | null, overdrawLimit: string, lowestPoint: { __typename: 'BalancePoint', date: string, balance: string }, series: Array<{ __typename: 'BalancePoint', date: string, balance: string }> } } | null, planError: { __typename: 'UserError', code: string, field: string | null, message: string } | null, accounts: Array<{ __typename: 'DepositAccount', id: number, memberId: number, accountNumber: string, nickname: string | null, availableBalance: string }> };

export type AgreementDepositsQueryVariables = Exact<{
  agreementId: number;
  draft?: DepositsInput | null | undefined;
}>;


export type AgreementDepositsQuery = { agreementDeposits: { __typename: 'DepositsStepResult', step: { __typename: 'DepositsStep', note: string | null, deposits: { __typename: 'DepositsView', contractId: number, isSetup: boolean, contributionFrequency: number | null, contributionAmount: string | null, contributionDate: string | null, oldContributionDate: string | null, biMonthly1stDate: string | null, biMonthly2ndDate: string | null, selectedContributionDate: number | null, startDate: string, endDate: string, dateRangeFrom: string, dateRangeTo: string, depositType: number | null, remitterName: string | null, remitterNumber: string | null, periodicalPaymentAccount: number | null, topupAmount: string, topupAccount: number | null, isTopupPerformed: boolean, isTopupDisabled: boolean, isRemoveBillPerformed: boolean, isDepositScheduleCoveringExpenses: boolean, notCoveringExpensesError: string | null, allowPaymentTodayBypass: boolean, fee: string | null, feeDisplay: string, transactionOccurrences: Array<{ __typename: 'TransactionOccurrence', nextDate: string }>, incorrectTransactionOccurrences: Array<{ __typename: 'IncorrectOccurrence', billingSourceId: number, billingSource: number, nextDate: string }> }, options: Array<{ __typename: 'DepositOption', frequency: number, label: string, depositAmount: string | null, depositCount: number, selected: boolean, message: string | null }>, paymentDetails: { __typename: 'PaymentDetails', hasOverDrawDuration: boolean, totalOverDrawDurationAmount: string, hasOverDrawOfAmount: boolean, totalOverDrawOfAmount: string, isUpperLimitReached: boolean, overrideOverdrawRuleDuration: number, contractTopupAmount: string, approvedOverDrawOfAmount: string, upperContractLimit: string, totalContractValue: string, approvalsNeeded: Array<number>, overdrawWarning: string | null, overdrawRuleText: string, topupAccount: { __typename: 'TopupAccountView', accountNumber: string, availableBalance: string } | null } | null, plan: { __typename: 'DepositPlan', depositAmount: string, depositCount: number, depositDates: Array<string>, breakdown: { __typename: 'DepositBreakdown', depositAmount: string, depositCount: number, periodTotal: string, addsUp: boolean, lines: Array<{ __typename: 'DepositBreakdownLine', kind: DepositBreakdownLineKind, label: string, amount: string, periodTotal: string, billCount: number, sentence: string }> } | null, minimum: { __typename: 'MinimumDeposit', reachable: boolean, amount: string | null, bindingDate: string | null, topUpNeeded: string, topUpDate: string | null }, forecast: { __typename: 'DepositForecast', firstDay: string, lastDay: string, firstDateBelowZero: string | null, firstDateBelowOverdrawLimit: string | null, overdrawLimit: string, lowestPoint: { __typename: 'BalancePoint', date: string, balance: string }, series: Array<{ __typename: 'BalancePoint', date: string, balance: string }> } } | null, planError: { __typename: 'UserError', code: string, field: string | null, message: string } | null, accounts: Array<{ __typename: 'DepositAccount', id: number, memberId: number, accountNumber: string, nickname: string | null, availableBalance: string }> } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type SaveAgreementDepositsMutationVariables = Exact<{
  agreementId: number;
  input: DepositsInput;
}>;


export type SaveAgreementDepositsMutation = { saveAgreementDeposits: { __typename: 'DepositsStepResult', step: { __typename: 'DepositsStep', note: string | null, deposits: { __typename: 'DepositsView', contractId: number, isSetup: boolean, contributionFrequency: number | null, contributionAmount: string | null, contributionDate: string | null, oldContributionDate: string | null, biMonthly1stDate: string | null, biMonthly2ndDate: string | null, selectedContributionDate: number | null, startDate: string, endDate: string, dateRangeFrom: string, dateRangeTo: string, depositType: number | null, remitterName: string | null, remitterNumber: string | null, periodicalPaymentAccount: number | null, topupAmount: string, topupAccount: number | null, isTopupPerformed: boolean, isTopupDisabled: boolean, isRemoveBillPerformed: boolean, isDepositScheduleCoveringExpenses: boolean, notCoveringExpensesError: string | null, allowPaymentTodayBypass: boolean, fee: string | null, feeDisplay: string, transactionOccurrences: Array<{ __typename: 'TransactionOccurrence', nextDate: string }>, incorrectTransactionOccurrences: Array<{ __typename: 'IncorrectOccurrence', billingSourceId: number, billingSource: number, nextDate: string }> }, options: Array<{ __typename: 'DepositOption', frequency: number, label: string, depositAmount: string | null, depositCount: number, selected: boolean, message: string | null }>, paymentDetails: { __typename: 'PaymentDetails', hasOverDrawDuration: boolean, totalOverDrawDurationAmount: string, hasOverDrawOfAmount: boolean, totalOverDrawOfAmount: string, isUpperLimitReached: boolean, overrideOverdrawRuleDuration: number, contractTopupAmount: string, approvedOverDrawOfAmount: string, upperContractLimit: string, totalContractValue: string, approvalsNeeded: Array<number>, overdrawWarning: string | null, overdrawRuleText: string, topupAccount: { __typename: 'TopupAccountView', accountNumber: string, availableBalance: string } | null } | null, plan: { __typename: 'DepositPlan', depositAmount: string, depositCount: number, depositDates: Array<string>, breakdown: { __typename: 'DepositBreakdown', depositAmount: string, depositCount: number, periodTotal: string, addsUp: boolean, lines: Array<{ __typename: 'DepositBreakdownLine', kind: DepositBreakdownLineKind, label: string, amount: string, periodTotal: string, billCount: number, sentence: string }> } | null, minimum: { __typename: 'MinimumDeposit', reachable: boolean, amount: string | null, bindingDate: string | null, topUpNeeded: string, topUpDate: string | null }, forecast: { __typename: 'DepositForecast', firstDay: string, lastDay: string, firstDateBelowZero: string | null, firstDateBelowOverdrawLimit: string | null, overdrawLimit: string, lowestPoint: { __typename: 'BalancePoint', date: string, balance: string }, series: Array<{ __typename: 'BalancePoint', date: string, balance: string }> } } | null, planError: { __typename: 'UserError', code: string, field: string | null, message: string } | null, accounts: Array<{ __typename: 'DepositAccount', id: number, memberId: number, accountNumber: string, nickname: string | null, availableBalance: string }> } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type WizardCompanyFieldsFragment = { __typename: 'Company', id: number, name: string, billingCategoryId: number, category: string, paymentTypes: Array<number> };

export type WizardBillingCategoriesQueryVariables = Exact<{ [key: string]: never; }>;


export type WizardBillingCategoriesQuery = { billingCategories: Array<{ __typename: 'BillingCategory', id: number, name: string }> };

export type WizardAssignBillingCategoryMutationVariables = Exact<{
  contractId: number;
  billingCategoryId: number;
}>;


export type WizardAssignBillingCategoryMutation = { assignBillingCategory: { __typename: 'CategoryAssignmentResult', billingCategoryId: number | null, category: string | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type WizardPopularCompaniesQueryVariables = Exact<{
  categoryId: number;
}>;


export type WizardPopularCompaniesQuery = { popularCompanies: Array<{ __typename: 'Company', id: number, name: string, billingCategoryId: number, category: string, paymentTypes: Array<number> }>, unknownCompany: { __typename: 'UnknownCompanyOption', name: string, billingCategoryId: number, category: string }, billingCategory: { __typename: 'BillingCategory', id: number, name: string } };

export type WizardSearchCompaniesQueryVariables = Exact<{
  categoryId: number;
  search: string;
}>;


export type WizardSearchCompaniesQuery = { searchCompanies: { __typename: 'CompanySearch', isComplete: boolean, search: string, companies: Array<{ __typename: 'Company', id: number, name: string, billingCategoryId: number, category: string, paymentTypes: Array<number> }> } };

export type ContractPreferencesFieldsFragment = { __typename: 'ContractPreferencesView', contractId: number, stored: boolean, branchId: number | null, branches: Array<{ __typename: 'BranchChoice', branchId: number, name: string }>, members: Array<{ __typename: 'MemberPreferenceView', memberId: number, firstName: string, lastName: string, email: string | null, mobilePhone: string | null, notificationPreference: NotificationPreferenceChoice, branch: string | null }>, events: Array<{ __typename: 'SubscribedEventView', key: string, label: string, subscribed: boolean }>, billers: Array<{ __typename: 'BillerPreferenceView', billerId: number, nickname: string, isNotificationEnabled: boolean }> };

export type ContractPreferencesQueryVariables = Exact<{
  contractId: number;
}>;


export type ContractPreferencesQuery = { contractPreferences: { __typename: 'ContractPreferencesView', contractId: number, stored: boolean, branchId: number | null, branches: Array<{ __typename: 'BranchChoice', branchId: number, name: string }>, members: Array<{ __typename: 'MemberPreferenceView', memberId: number, firstName: string, lastName: string, email: string | null, mobilePhone: string | null, notificationPreference: NotificationPreferenceChoice, branch: string | null }>, events: Array<{ __typename: 'SubscribedEventView', key: string, label: string, subscribed: boolean }>, billers: Array<{ __typename: 'BillerPreferenceView', billerId: number, nickname: string, isNotificationEnabled: boolean }> } };

export type SaveContractPreferencesMutationVariables = Exact<{
  input: ContractPreferencesInput;
}>;


export type SaveContractPreferencesMutation = { saveContractPreferences: { __typename: 'ContractPreferencesResult', preferences: { __typename: 'ContractPreferencesView', contractId: number, stored: boolean, branchId: number | null, branches: Array<{ __typename: 'BranchChoice', branchId: number, name: string }>, members: Array<{ __typename: 'MemberPreferenceView', memberId: number, firstName: string, lastName: string, email: string | null, mobilePhone: string | null, notificationPreference: NotificationPreferenceChoice, branch: string | null }>, events: Array<{ __typename: 'SubscribedEventView', key: string, label: string, subscribed: boolean }>, billers: Array<{ __typename: 'BillerPreferenceView', billerId: number, nickname: string, isNotificationEnabled: boolean }> } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type SaveProfilePreferencesMutationVariables = Exact<{
  input: ProfilePreferencesInput;
}>;


export type SaveProfilePreferencesMutation = { saveProfilePreferences: { __typename: 'ProfilePreferencesResult', message: string | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type WizardSessionFieldsFragment = { __typename: 'AgreementWizard', agreementId: number, accountId: number, kind: WizardKind, status: AgreementStatus, version: number, previousAgreementId: number | null, step: number, lastStep: number, mode: number | null, categoryId: number | null, companyId: number | null, itemId: number | null, itemType: number | null, threeStepFlow: boolean, navigationLabels: Array<string>, continueLabel: string, startDate: string, endDate: string, isRenewal: boolean, lock: { __typename: 'UserError', code: string, message: string } | null };

export type WizardEntryFieldsFragment = { __typename: 'WizardEntry', visible: boolean, allowed: boolean, agreementId: number | null, refusal: { __typename: 'UserError', code: string, message: string } | null };

export type AgreementWizardEntriesQueryVariables = Exact<{
  memberId: number;
  accountId: number;
}>;


export type AgreementWizardEntriesQuery = { agreementWizardEntries: { __typename: 'WizardEntries', accountId: number, lifecycleActions: Array<string>, create: { __typename: 'WizardEntry', visible: boolean, allowed: boolean, agreementId: number | null, refusal: { __typename: 'UserError', code: string, message: string } | null }, modify: { __typename: 'WizardEntry', visible: boolean, allowed: boolean, agreementId: number | null, refusal: { __typename: 'UserError', code: string, message: string } | null }, continue: { __typename: 'WizardEntry', visible: boolean, allowed: boolean, agreementId: number | null, refusal: { __typename: 'UserError', code: string, message: string } | null } } };

export type AgreementWizardToContinueQueryVariables = Exact<{
  memberId: number;
  accountId: number;
}>;


export type AgreementWizardToContinueQuery = { agreementWizardToContinue: { __typename: 'AgreementWizardResult', wizard: { __typename: 'AgreementWizard', agreementId: number, accountId: number, kind: WizardKind, status: AgreementStatus, version: number, previousAgreementId: number | null, step: number, lastStep: number, mode: number | null, categoryId: number | null, companyId: number | null, itemId: number | null, itemType: number | null, threeStepFlow: boolean, navigationLabels: Array<string>, continueLabel: string, startDate: string, endDate: string, isRenewal: boolean, lock: { __typename: 'UserError', code: string, message: string } | null } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type StartNewAgreementMutationVariables = Exact<{
  memberId: number;
  accountId: number;
}>;


export type StartNewAgreementMutation = { startNewAgreement: { __typename: 'AgreementWizardResult', wizard: { __typename: 'AgreementWizard', agreementId: number, accountId: number, kind: WizardKind, status: AgreementStatus, version: number, previousAgreementId: number | null, step: number, lastStep: number, mode: number | null, categoryId: number | null, companyId: number | null, itemId: number | null, itemType: number | null, threeStepFlow: boolean, navigationLabels: Array<string>, continueLabel: string, startDate: string, endDate: string, isRenewal: boolean, lock: { __typename: 'UserError', code: string, message: string } | null } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type StartAgreementModificationMutationVariables = Exact<{
  memberId: number;
  accountId: number;
}>;


export type StartAgreementModificationMutation = { startAgreementModification: { __typename: 'AgreementWizardResult', wizard: { __typename: 'AgreementWizard', agreementId: number, accountId: number, kind: WizardKind, status: AgreementStatus, version: number, previousAgreementId: number | null, step: number, lastStep: number, mode: number | null, categoryId: number | null, companyId: number | null, itemId: number | null, itemType: number | null, threeStepFlow: boolean, navigationLabels: Array<string>, continueLabel: string, startDate: string, endDate: string, isRenewal: boolean, lock: { __typename: 'UserError', code: string, message: string } | null } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type SaveAgreementWizardPositionMutationVariables = Exact<{
  agreementId: number;
  position: WizardPositionInput;
}>;


export type SaveAgreementWizardPositionMutation = { saveAgreementWizardPosition: { __typename: 'AgreementWizardResult', wizard: { __typename: 'AgreementWizard', agreementId: number, accountId: number, kind: WizardKind, status: AgreementStatus, version: number, previousAgreementId: number | null, step: number, lastStep: number, mode: number | null, categoryId: number | null, companyId: number | null, itemId: number | null, itemType: number | null, threeStepFlow: boolean, navigationLabels: Array<string>, continueLabel: string, startDate: string, endDate: string, isRenewal: boolean, lock: { __typename: 'UserError', code: string, message: string } | null } | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type CancelAgreementWizardMutationVariables = Exact<{
  agreementId: number;
  flow: WizardCancelFlow;
}>;


export type CancelAgreementWizardMutation = { cancelAgreementWizard: { __typename: 'AgreementWizardCancelResult', discarded: boolean, title: string | null, message: string | null, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };

export type WizardChecklistQueryVariables = Exact<{ [key: string]: never; }>;


export type WizardChecklistQuery = { clientSettings: { __typename: 'ClientSettings', beforeYouProceedChecklist: Array<string> } };

export type SigningRulesTextQueryVariables = Exact<{ [key: string]: never; }>;


export type SigningRulesTextQuery = { clientSettings: { __typename: 'ClientSettings', signingRulesStaffText: string } };

export type WorkItemFieldsFragment = { __typename: 'WorkItem', key: string, kind: WorkKind, kindLabel: string, date: string, title: string, detail: string, agreementId: number | null, accountId: number | null, memberId: number | null, memberNumber: string | null, memberName: string | null, actions: Array<{ __typename: 'WorkAction', action: string, label: string, templateName: string | null, notificationId: number | null }>, done: { __typename: 'WorkDone', at: string, by: string, action: string } | null };

export type StaffWorklistQueryVariables = Exact<{ [key: string]: never; }>;


export type StaffWorklistQuery = { staffWorklist: { __typename: 'StaffWorklist', asOf: string, items: Array<{ __typename: 'WorkItem', key: string, kind: WorkKind, kindLabel: string, date: string, title: string, detail: string, agreementId: number | null, accountId: number | null, memberId: number | null, memberNumber: string | null, memberName: string | null, actions: Array<{ __typename: 'WorkAction', action: string, label: string, templateName: string | null, notificationId: number | null }>, done: { __typename: 'WorkDone', at: string, by: string, action: string } | null }>, counts: Array<{ __typename: 'WorkCount', kind: WorkKind, label: string, open: number }> } };

export type MarkWorkItemDoneMutationVariables = Exact<{
  key: string;
  action: string;
}>;


export type MarkWorkItemDoneMutation = { markWorkItemDone: { __typename: 'MarkWorkItemDoneResult', ok: boolean, errors: Array<{ __typename: 'UserError', code: string, field: string | null, message: string }> } };


export { FiguresChangedDocument } from './documents/app/figures';
export { InstitutionDayFieldsFragmentDoc, InstitutionDayDocument } from './documents/app/institution-day';
export { ServerSettingsDocument, ClientSettingsFieldsFragmentDoc, ClientSettingsDocument } from './documents/app/settings';
export { LogoutDocument } from './documents/auth/auth';
export { SessionEventsDocument } from './documents/auth/session-events';
export { AccountListDocument } from './documents/features/accounts/accounts';
export { ActivityFieldsFragmentDoc, ActivitiesDocument, ActivityPageFieldsFragmentDoc, ActivityDetailDocument, ActivityAddedDocument } from './documents/features/activity/activities';
export { BankJobRunFieldsFragmentDoc, BankJobsDocument, DemoDayRunFieldsFragmentDoc, DemoClockDocument, RunNextDemoDayDocument } from './documents/features/bank/bank-jobs';
export { AgreementApprovalRequestFieldsFragmentDoc, AgreementApprovalQueueDocument, DecideAgreementApprovalDocument } from './documents/features/bills/agreement-approval-queue';
export { BillForPaymentFieldsFragmentDoc, ConfirmationFiguresFieldsFragmentDoc, BillDashboardDocument, BillAgreementDocument, BillLinkedAccountsDocument, BillToPayDocument, BillConfirmationDocument, PayBillDocument, ReimburseBillDocument, BillsToReverseDocument, ReverseBillDocument, TopUpRainyDayDocument, ArrearsApprovalFieldsFragmentDoc, ArrearsApprovalChangedDocument, RequestArrearsApprovalDocument, ManagerOverrideApprovalDocument, ArrearsApprovalQueueDocument, DecideArrearsApprovalDocument, PaymentQuoteDocument, PayingBpayCheckDocument, OverduePlanDocument } from './documents/features/bills/bills';
export { StaffDashboardPageDocument } from './documents/features/dashboard/dashboard';
export { DepositReviewDocument, DepositReviewDecisionFieldsFragmentDoc, AcceptDepositReviewDocument, ReferDepositReviewDocument, DismissDepositReviewDocument } from './documents/features/deposit-review/deposit-review';
export { OpenHardshipCaseDocument, ArrangeHardshipCaseDocument, CloseHardshipCaseDocument, HardshipArrangementPreviewDocument } from './documents/features/hardship/hardship';
export { HardshipTermsFieldsFragmentDoc, HardshipCaseFieldsFragmentDoc, HardshipCaseDocument } from './documents/features/hardship/hardship-case';
export { MemberContactDocument, RegisterInterestDocument } from './documents/features/interest/interest';
export { AgreementViewDocument, ApproveAgreementDocument } from './documents/features/member/agreement';
export { ChangeItemFieldsFragmentDoc, AgreementChangeReviewDocument, ChangeWaitingFieldsFragmentDoc, DeclineAgreementChangeDocument, WithdrawAgreementChangeDocument } from './documents/features/member/change-review/change-review';
export { AgreementGraphsDocument } from './documents/features/member/graphs';
export { MemberAccountFieldsFragmentDoc, MemberAccountDocument } from './documents/features/member/member';
export { ProfileDocument } from './documents/features/member/profile';
export { TransactionDetailsDocument } from './documents/features/member/transaction';
export { ManualNotificationPreviewsDocument, SendManualNotificationDocument, OutboxMessagesDocument, CapturedMessagesDocument, NotificationTemplateFieldsFragmentDoc, NotificationTemplatesDocument, UpdateNotificationTemplateDocument, ContractApprovingPreviewDocument, ResendNotificationDocument, MemberNoticePreviewsDocument } from './documents/features/notification/notification';
export { CatchUpDepositDocument } from './documents/features/overview/catch-up';
export { ForecastVerdictFieldsFragmentDoc } from './documents/features/overview/home';
export { NoteFieldsFragmentDoc, AddNoteDocument, EditNoteDocument, DeleteNoteDocument } from './documents/features/overview/notes';
export { AgreementSummaryFieldsFragmentDoc, OverviewBillerFieldsFragmentDoc, BillerBillsFieldsFragmentDoc, OverviewBillerBillsDocument, DueBillFieldsFragmentDoc, AgreementProjectionFieldsFragmentDoc, ActivityTotalsFieldsFragmentDoc, OverviewSummaryFieldsFragmentDoc, OverviewBannerFieldsFragmentDoc, OverviewPageDocument } from './documents/features/overview/overview';
export { QueuedChangeStatusUpdatesDocument } from './documents/features/overview/queued-change';
export { ShortfallFixesDocument, ApplyShortfallFixDocument } from './documents/features/overview/shortfall-fix';
export { TermEndChoiceDocument, ChooseTermEndDocument, TermEndFieldsFragmentDoc } from './documents/features/overview/term-end';
export { BankDayRunDocument, BankDayRunFieldsFragmentDoc } from './documents/features/overview/tonight';
export { ReportBranchesDocument, MissedDepositReportDocument, MissedDepositReportFileDocument } from './documents/features/report/missed-deposits';
export { AtRiskAgreementsDocument, AtRiskAgreementsFileDocument } from './documents/features/risk/at-risk';
export { ClosingStatementDocument, SettlementAccountsDocument, CancelAgreementWithSettlementDocument, ResetAccountBalanceDocument } from './documents/features/settlement/settlement';
export { MemberSearchResultFieldsFragmentDoc, SearchMembersDocument, MembersByAccountNumberDocument } from './documents/features/staff/member-search';
export { SendSupportMessageDocument } from './documents/features/support/support';
export { LifecycleOutcomeFieldsFragmentDoc, ActivateAgreementDocument, SaveAllAgreementChangesDocument, SaveAgreementForLaterDocument, ManagedAgreementDocument, ManagedAgreementSummaryDocument, LockAgreementDocument, UnlockAgreementDocument, RenewAgreementDocument, MoveAgreementEndDateDocument, ChangeNeedsMemberDocument } from './documents/features/wizard/activate/activate';
export { AgreementSavedForLaterDocument } from './documents/features/wizard/activate/saved-for-later';
export { WizardBillerFieldsFragmentDoc, WizardSubCategoryFieldsFragmentDoc, BillerFormOptionsDocument, WizardBillerToEditDocument, WizardSubCategoryToEditDocument, BillerFormValidateBpayDocument, BillerFormValidateBsbDocument, BillerFormValidateDirectDebitDocument, BillerFormAssignDirectDebitDocument, SaveWizardBillerDocument, SaveWizardSubCategoryDocument, BillerFormCompanyDocument, PreviewFiguresFieldsFragmentDoc, BillerEditPreviewDocument } from './documents/features/wizard/biller-form/biller-form';
export { WizardListItemFieldsFragmentDoc, WizardItemChangeFieldsFragmentDoc, WizardRemovalFieldsFragmentDoc, WizardBillingItemsDocument, WizardBillerIsLockedDocument, WizardSubCategoryIsLockedDocument, WizardBillerRemovalDocument, WizardSubCategoryRemovalDocument, WizardRemoveBillerDocument, WizardRemoveSubCategoryDocument, WizardReinstateBillerDocument, WizardReinstateSubCategoryDocument } from './documents/features/wizard/billers-list/billers-list';
export { AgreementCapacityDocument, SaveAgreementCapacityDocument } from './documents/features/wizard/capacity/capacity';
export { ConfirmItemFieldsFragmentDoc, AgreementConfirmationDocument } from './documents/features/wizard/confirm/confirm';
export { DepositsApprovalsFieldsFragmentDoc, DepositsApprovalsDocument, DepositsApprovalsChangedDocument, RequestDepositsApprovalDocument, SignDepositsApprovalDocument } from './documents/features/wizard/deposits/approvals';
export { DepositsStepFieldsFragmentDoc, AgreementDepositsDocument, SaveAgreementDepositsDocument } from './documents/features/wizard/deposits/deposits';
export { DepositsNotesDocument } from './documents/features/wizard/deposits/deposits-notes';
export { WizardCompanyFieldsFragmentDoc, WizardBillingCategoriesDocument, WizardAssignBillingCategoryDocument, WizardPopularCompaniesDocument, WizardSearchCompaniesDocument } from './documents/features/wizard/pickers/pickers';
export { ContractPreferencesFieldsFragmentDoc, ContractPreferencesDocument, SaveContractPreferencesDocument } from './documents/features/wizard/preferences/preferences';
export { SaveProfilePreferencesDocument } from './documents/features/wizard/preferences/profile-preferences';
export { WizardSessionFieldsFragmentDoc, WizardEntryFieldsFragmentDoc, AgreementWizardEntriesDocument, AgreementWizardToContinueDocument, StartNewAgreementDocument, StartAgreementModificationDocument, SaveAgreementWizardPositionDocument, CancelAgreementWizardDocument, WizardChecklistDocument, SigningRulesTextDocument } from './documents/features/wizard/wizard';
export { WorkItemFieldsFragmentDoc, StaffWorklistDocument, MarkWorkItemDoneDocument } from './documents/features/worklist/worklist';
