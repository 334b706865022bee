import { BillerEditPreviewService } from './modules/biller/biller-edit-preview.service.js';
import type { Logger } from 'pino';
import { DemoClock, type Clock } from './common/clock.js';
import type { Config } from './config.js';
import { AtRiskService } from './modules/risk/at-risk.service.js';
import { MissedDepositReportService } from './modules/report/missed-deposits.service.js';
import { AccountService } from './modules/account/account.service.js';
import { ActivityService } from './modules/activity/activity.service.js';
import { AgreementGraphsService } from './modules/agreement/agreement-graphs.service.js';
import { AgreementViewService } from './modules/agreement/agreement-view.service.js';
import { AuthService } from './modules/auth/auth.service.js';
import { BillingCategoryService } from './modules/billing-category/billing-category.service.js';
import { SubCategoryService } from './modules/billing-category/sub-category.service.js';
import { BillerWizardService } from './modules/biller/biller-wizard.service.js';
import { CompanyService } from './modules/company/company.service.js';
import { NoteService } from './modules/note/note.service.js';
import { NotificationDelivery } from './modules/notification/delivery.js';
import { MailCapture } from './modules/notification/mail-capture.js';
import { Mailer } from './modules/notification/mailer.js';
import { registerNotificationJobs } from './modules/notification/notification-jobs.js';
import { EventNotifier } from './modules/notification/events.js';
import { NotificationOutbox } from './modules/notification/outbox.js';
import { OutboxViewService } from './modules/notification/outbox-view.service.js';
import { ReportingService } from './modules/reporting/reporting.service.js';
import { CapturingSmsProvider } from './modules/notification/sms-provider.js';
import { NotificationService } from './modules/notification/notification.service.js';
import { SupportService } from './modules/notification/support.service.js';
import { MemberService } from './modules/member/member.service.js';
import { MemberSearchService } from './modules/member/member-search.service.js';
import { MemberDirectoryService } from './modules/member/member-directory.service.js';
import { QueuedChangeService } from './modules/agreement/queued-change.service.js';
import { AgreementWizardService } from './modules/agreement/wizard/wizard.service.js';
import { CapacityService } from './modules/agreement/completion/capacity.service.js';
import { ConfirmService } from './modules/agreement/completion/confirm.service.js';
import { ExportService } from './modules/export/export.service.js';
import { AgreementDepositsService } from './modules/agreement/deposits/deposits.service.js';
import { AgreementLifecycleService } from './modules/agreement/lifecycle/lifecycle.service.js';
import { AgreementApprovalService } from './modules/approval/agreement-approval.service.js';
import { PreferencesService } from './modules/preferences/preferences.service.js';
import { ChangeApplier } from './modules/agreement/change-applier.js';
import { registerChangeJobs } from './modules/agreement/change-jobs.js';
import { JobQueue } from './jobs/job-queue.js';
import { BankDayService } from './modules/core-banking/bank-day.service.js';
import { registerBankJobs } from './modules/core-banking/core-banking.jobs.js';
import { DemoDayRunner } from './modules/core-banking/demo-day.js';
import { CoreBankingSimulator } from './modules/core-banking/core-banking.simulator.js';
import { AccountSummaryService } from './modules/overview/account-summary.service.js';
import { OverviewService } from './modules/overview/overview.service.js';
import { PlannerService } from './modules/planner/planner.service.js';
import { ApprovalService } from './modules/approval/approval.service.js';
import { SignInThrottle, throttlePolicy } from './modules/auth/throttle.js';
import { LedgerService } from './modules/ledger/ledger.service.js';
import { BillQueryService } from './modules/payment/bill-query.service.js';
import { PaymentService } from './modules/payment/payment.service.js';
import { ReversalService } from './modules/payment/reversal.service.js';
import { ProfileService } from './modules/profile/profile.service.js';
import { SettingsService } from './modules/settings/settings.service.js';
import { TransactionService } from './modules/transaction/transaction.service.js';
import type { EventBus } from './graphql/event-bus.js';

/** The services, built once per server; GraphQL resolvers and REST handlers both call these. */
export interface Services {
  config: Config;
  clock: Clock;
  /** Sign-in sessions' clock: the real one even when the demo clock has moved the bank's day. */
  sessionClock: Clock;
  logger: Logger;
  events: EventBus;
  /** Background jobs (pg-boss); started and stopped with the app. */
  jobs: JobQueue;
  auth: AuthService;
  settings: SettingsService;
  members: MemberService;
  accounts: AccountService;
  planner: PlannerService;
  memberSearch: MemberSearchService;
  memberDirectory: MemberDirectoryService;
  queuedChanges: QueuedChangeService;
  changeApplier: ChangeApplier;
  /** The bank side: deposits, automatic payments, windows (on the core-banking simulator by default). */
  bankDay: BankDayService;
  /** Demo mode's "run the next day" (refused when demo mode is off). */
  demoDay: DemoDayRunner;
  overview: OverviewService;
  accountSummaries: AccountSummaryService;
  activities: ActivityService;
  agreements: AgreementViewService;
  agreementGraphs: AgreementGraphsService;
  transactions: TransactionService;
  profiles: ProfileService;
  billQueries: BillQueryService;
  payments: PaymentService;
  reversals: ReversalService;
  approvals: ApprovalService;
  billingCategories: BillingCategoryService;
  companies: CompanyService;
  /** The at-risk worklist: active agreements whose forecast goes short within N weeks. */
  atRisk: AtRiskService;
  missedDeposits: MissedDepositReportService;
  notes: NoteService;
  agreementWizard: AgreementWizardService;
  /** The wizard's deposits step (modules/agreement/deposits). */
  agreementDeposits: AgreementDepositsService;
  /** After the wizard: activate, save all, save for later, renew, end date, cancel, lock (agreement/lifecycle). */
  lifecycle: AgreementLifecycleService;
  /** Agreement approvals 1 and 2 (maker-checker). */
  agreementApprovals: AgreementApprovalService;
  billerWizard: BillerWizardService;
  /** The effect of a biller edit before it is saved (item 9 of issue 9). */
  billerEditPreview: BillerEditPreviewService;
  /** The capacity-to-pay step (agreement/completion). */
  capacity: CapacityService;
  /** The confirm page's view (agreement/completion). */
  confirm: ConfirmService;
  /** The printed agreement and the html-to-PDF export (modules/export). */
  exports: ExportService;
  /** The preferences step and the profile page's own preferences. */
  preferences: PreferencesService;
  subCategories: SubCategoryService;
  /** The local SMTP capture (started with the app when SMTP_URL is unset). */
  mailCapture: MailCapture;
  mailer: Mailer;
  /** The one place every module sends a message through (modules/notification/README.md). */
  outbox: NotificationOutbox;
  /** Subscribed-event notifications (spec 3 §9): `notifyEvent(tx, …)` inside the event's transaction. */
  eventNotifier: EventNotifier;
  outboxView: OutboxViewService;
  /** The reporting API's keyset connections (modules/reporting). */
  reporting: ReportingService;
  /** Contact member: templates, previews, the manual send. */
  notifications: NotificationService;
  support: SupportService;
}

export function createServices(config: Config, clock: Clock, logger: Logger, events: EventBus): Services {
  const settings = new SettingsService();
  // Sign-in sessions and throttling keep the real time when the demo clock moves the bank's day forward.
  const sessionClock = clock instanceof DemoClock ? clock.base : clock;
  // One throttle for every password check (sign-in and the manager's override), counted in the database.
  const throttle = new SignInThrottle(throttlePolicy(config.throttle), sessionClock);
  const ledger = new LedgerService(clock);
  const accounts = new AccountService();
  const jobs = new JobQueue({ pollingSeconds: config.jobPollingSeconds, timeZone: config.timeZone }, logger);
  const coreBanking = new CoreBankingSimulator();
  const billingCategories = new BillingCategoryService();
  const outbox = new NotificationOutbox(jobs, clock);
  const eventNotifier = new EventNotifier(outbox, settings);
  const changeApplier = new ChangeApplier(clock, logger, events, ledger, coreBanking, eventNotifier);
  registerChangeJobs(jobs, changeApplier);
  const payments = new PaymentService(ledger, settings, clock, eventNotifier);
  // Four agreements at a time on PostgreSQL's pool; one on the embedded database (a single connection).
  const bankConcurrency = config.databaseUrl ? 4 : 1;
  const bankDay = new BankDayService(
    clock,
    config.timeZone,
    ledger,
    payments,
    settings,
    eventNotifier,
    coreBanking,
    bankConcurrency,
  );
  registerBankJobs(jobs, bankDay);
  const companies = new CompanyService(billingCategories);
  const agreementWizard = new AgreementWizardService(clock);
  const notes = new NoteService(clock);
  const confirm = new ConfirmService(settings, agreementWizard);
  const agreementApprovals = new AgreementApprovalService(throttle, settings, clock, events);
  const billerWizard = new BillerWizardService(clock, billingCategories, companies, agreementWizard);
  const mailCapture = new MailCapture(logger);
  const mailer = new Mailer(() => config.mail.smtpUrl ?? mailCapture.url, config.mail.from);
  registerNotificationJobs(jobs, new NotificationDelivery(mailer, new CapturingSmsProvider(), clock, logger));
  return {
    config,
    clock,
    sessionClock,
    logger,
    events,
    jobs,
    auth: new AuthService(config, sessionClock, throttle, events),
    settings,
    members: new MemberService(clock),
    accounts,
    planner: new PlannerService(settings, clock),
    memberSearch: new MemberSearchService(),
    memberDirectory: new MemberDirectoryService(accounts),
    queuedChanges: new QueuedChangeService(events, jobs, clock),
    changeApplier,
    bankDay,
    demoDay: new DemoDayRunner(clock, jobs, bankDay, events),
    overview: new OverviewService(clock),
    accountSummaries: new AccountSummaryService(clock),
    activities: new ActivityService(),
    agreements: new AgreementViewService(clock, events, jobs),
    agreementGraphs: new AgreementGraphsService(settings, clock),
    transactions: new TransactionService(),
    profiles: new ProfileService(),
    billQueries: new BillQueryService(clock),
    payments,
    reversals: new ReversalService(ledger, clock, config.timeZone),
    approvals: new ApprovalService(throttle, events),
    billingCategories,
    atRisk: new AtRiskService(settings, clock),
    missedDeposits: new MissedDepositReportService(clock, settings),
    companies,
    notes,
    agreementWizard,
    capacity: new CapacityService(clock, settings, agreementWizard, notes),
    confirm,
    exports: new ExportService(clock, settings, confirm, agreementWizard),
    agreementDeposits: new AgreementDepositsService(clock, settings, agreementWizard),
    lifecycle: new AgreementLifecycleService(clock, events, jobs, agreementApprovals, eventNotifier),
    agreementApprovals,
    billerWizard,
    billerEditPreview: new BillerEditPreviewService(settings, clock),
    preferences: new PreferencesService(clock, agreementWizard, billerWizard),
    subCategories: new SubCategoryService(clock, billingCategories, agreementWizard),
    mailCapture,
    mailer,
    outbox,
    eventNotifier,
    outboxView: new OutboxViewService(),
    reporting: new ReportingService(config.timeZone),
    notifications: new NotificationService(outbox, settings, clock, logger),
    support: new SupportService(outbox, settings, logger),
  };
}
