import { BillerEditPreviewService, BillerWizardService, NextOccurrencesService } from './modules/biller/index.js';
import type { Logger } from 'pino';
import { DemoClock, type Clock } from './shared/clock.js';
import type { Config } from './config.js';
import { AtRiskService } from './modules/risk/index.js';
import { MissedDepositReportService } from './modules/report/index.js';
import { AccountService } from './modules/account/index.js';
import { ActivityService } from './modules/activity-history/index.js';
import {
  AgreementDepositsService,
  AgreementGraphsService,
  AgreementLifecycleService,
  AgreementSettlementService,
  AgreementViewService,
  AgreementWizardService,
  CapacityService,
  ChangeApplier,
  ConfirmService,
  DepositChangeService,
  DepositReviewService,
  MemberApprovalService,
  ProjectionService,
  QueuedChangeService,
  registerChangeJobs,
  registerDepositReviewJobs,
  ShortfallFixService,
  TermEndService,
} from './modules/agreement/index.js';
import { AuthService, SignInThrottle, throttlePolicy } from './modules/auth/index.js';
import { BillingCategoryService, SubCategoryService } from './modules/billing-category/index.js';
import { CompanyService } from './modules/company/index.js';
import { NoteService } from './modules/note/index.js';
import {
  CapturingSmsProvider,
  EventNotifier,
  MailCapture,
  Mailer,
  NoticePreviewService,
  NotificationDelivery,
  NotificationOutbox,
  NotificationService,
  OutboxViewService,
  registerNotificationJobs,
  SupportService,
} from './modules/notification/index.js';
import { WorklistService } from './modules/worklist/index.js';
import { HardshipService } from './modules/hardship/index.js';
import { ReportingService } from './modules/reporting/index.js';
import { MemberDirectoryService, MemberSearchService, MemberService } from './modules/member/index.js';
import { ExportService } from './modules/export/index.js';
import { AgreementApprovalService, ApprovalService } from './modules/approval/index.js';
import { PreferencesService } from './modules/preferences/index.js';
import { JobQueue } from './jobs/job-queue.js';
import { registerDatabaseVacuumJob } from './jobs/database-vacuum.js';
import {
  BankDayRunService,
  BankDayService,
  CoreBankingSimulator,
  DemoDayRunner,
  autopayAfterStep,
  registerBankJobs,
} from './modules/core-banking/index.js';
import { AccountSummaryService, OverviewService } from './modules/overview/index.js';
import { PlannerService } from './modules/planner/index.js';
import { LedgerService } from './modules/ledger/index.js';
import { BillQueryService, CatchUpService, PaymentService, ReversalService } from './modules/payment/index.js';
import { ProfileService } from './modules/profile/index.js';
import { SettingsService } from './modules/settings/index.js';
import { TransactionService } from './modules/transaction/index.js';
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
  /** Tonight's run, in sight: the next bank day for an agreement and what the last one did. */
  bankDayRun: BankDayRunService;
  /** Demo mode's "run the next day" (refused when demo mode is off). */
  demoDay: DemoDayRunner;
  overview: OverviewService;
  /** The agreement as of today (agreement/projection/): every figure a person sees. */
  projections: ProjectionService;
  accountSummaries: AccountSummaryService;
  activities: ActivityService;
  agreements: AgreementViewService;
  memberApproval: MemberApprovalService;
  agreementGraphs: AgreementGraphsService;
  /** The deposit that reviews itself (agreement/review). */
  depositReviews: DepositReviewService;
  /** A shortfall fixed in one tap (agreement/shortfall). */
  shortfallFixes: ShortfallFixService;
  /** A choice at term end (agreement/term-end). */
  termEnd: TermEndService;
  transactions: TransactionService;
  profiles: ProfileService;
  billQueries: BillQueryService;
  payments: PaymentService;
  reversals: ReversalService;
  /** The member's catch-up deposit towards missed deposits (payment/catch-up.service.ts). */
  catchUps: CatchUpService;
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
  /** A cancelled agreement's settlement, closing statement and the account's reset (agreement/settlement). */
  settlement: AgreementSettlementService;
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
  nextOccurrences: NextOccurrencesService;
  /** The local SMTP capture (started with the app when SMTP_URL is unset). */
  mailCapture: MailCapture;
  mailer: Mailer;
  /** The one place every module sends a message through (modules/notification/README.md). */
  outbox: NotificationOutbox;
  /** Subscribed-event notifications (spec 3 §9): `notifyEvent(tx, …)` inside the event's transaction. */
  eventNotifier: EventNotifier;
  outboxView: OutboxViewService;
  /** Staff's previews of every member notice for an agreement. */
  noticePreviews: NoticePreviewService;
  /** The staff worklist (modules/worklist). */
  worklist: WorklistService;
  /** A way through hardship (modules/hardship): members' requests for help and staff's arrangements. */
  hardship: HardshipService;
  /** The reporting API's keyset connections (modules/reporting). */
  reporting: ReportingService;
  /** Contact member: templates, previews, the manual send. */
  notifications: NotificationService;
  support: SupportService;
}

export function createServices(config: Config, clock: Clock, logger: Logger, events: EventBus): Services {
  const settings = new SettingsService();
  const projections = new ProjectionService(settings, clock);
  // Sign-in sessions and throttling keep the real time when the demo clock moves the bank's day forward.
  const sessionClock = clock instanceof DemoClock ? clock.base : clock;
  // One throttle for every password check (sign-in and the manager's override), counted in the database.
  const throttle = new SignInThrottle(throttlePolicy(config.throttle), sessionClock);
  const ledger = new LedgerService(clock);
  const accounts = new AccountService();
  const jobs = new JobQueue(
    {
      pollingSeconds: config.jobPollingSeconds,
      timeZone: config.timeZone,
      maintenanceSeconds: config.jobMaintenanceSeconds,
    },
    logger,
  );
  const coreBanking = new CoreBankingSimulator();
  const billingCategories = new BillingCategoryService();
  const outbox = new NotificationOutbox(jobs, clock);
  const eventNotifier = new EventNotifier(jobs, outbox, settings, projections, clock, logger);
  // A new agreement applied after today's deposits step ran has its first deposit on the bank's next day; applied
  // after today's automatic payments step began, its bills due today are paid by their own job.
  const changeApplier = new ChangeApplier(clock, logger, ledger, coreBanking, {
    depositsTakenOn: (em, date): Promise<boolean> => bankDay.depositsTakenOn(em, date),
    autopayAfterStep: (tx, agreementId, date): Promise<boolean> => autopayAfterStep(jobs, tx, agreementId, date),
  });
  registerChangeJobs(jobs, changeApplier);
  const payments = new PaymentService(ledger, settings, clock, eventNotifier);
  // Four agreements at a time on PostgreSQL's pool; one on the embedded database (a single connection).
  const bankConcurrency = config.databaseUrl ? 4 : 1;
  const bankDay = new BankDayService(
    clock,
    config.timeZone,
    ledger,
    payments,
    eventNotifier,
    coreBanking,
    bankConcurrency,
    changeApplier,
  );
  registerBankJobs(jobs, bankDay, config.bankDay);
  const companies = new CompanyService(billingCategories);
  const agreementWizard = new AgreementWizardService(clock);
  const notes = new NoteService(clock);
  const settlement = new AgreementSettlementService(ledger, clock);
  const confirm = new ConfirmService(settings, agreementWizard, clock, bankDay, changeApplier);
  const agreementApprovals = new AgreementApprovalService(throttle, settings, clock, events);
  const approvals = new ApprovalService(throttle, events, clock);
  const reversals = new ReversalService(ledger, clock, config.timeZone);
  // The deposits step's first day for a modification's next deposit follows the bank's day (issue 25).
  const agreementDeposits = new AgreementDepositsService(clock, settings, agreementWizard, projections, bankDay);
  const lifecycle = new AgreementLifecycleService(clock, jobs, agreementApprovals, settlement, agreementDeposits);
  const agreements = new AgreementViewService(clock, jobs, projections);
  const depositChanges = new DepositChangeService(
    agreementWizard,
    agreementDeposits,
    lifecycle,
    agreementApprovals,
    agreements,
  );
  const termEnd = new TermEndService(projections, clock, agreementDeposits);
  const depositReviews = new DepositReviewService(projections, settings, clock, depositChanges);
  registerDepositReviewJobs(jobs, depositReviews, () => clock.today(), config.bankDay);
  // The embedded database has no autovacuum: the portal vacuums it nightly (jobs/database-vacuum.ts).
  const databaseKind = config.databaseUrl ? 'postgresql' : 'embedded';
  registerDatabaseVacuumJob(jobs, databaseKind);
  const billerWizard = new BillerWizardService(clock, billingCategories, companies, agreementWizard);
  const mailCapture = new MailCapture(logger);
  const mailer = new Mailer(() => config.mail.smtpUrl ?? mailCapture.url, config.mail.from);
  registerNotificationJobs(
    jobs,
    new NotificationDelivery(mailer, new CapturingSmsProvider(), settings, clock, logger),
    eventNotifier,
  );
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
    queuedChanges: new QueuedChangeService(events),
    changeApplier,
    bankDay,
    bankDayRun: new BankDayRunService(clock, config.timeZone),
    demoDay: new DemoDayRunner(clock, jobs, bankDay, events, databaseKind),
    overview: new OverviewService(clock),
    projections,
    accountSummaries: new AccountSummaryService(clock, projections),
    activities: new ActivityService(),
    agreements,
    memberApproval: new MemberApprovalService(clock, changeApplier, projections, termEnd),
    agreementGraphs: new AgreementGraphsService(projections),
    depositReviews,
    shortfallFixes: new ShortfallFixService(projections, reversals, depositChanges, clock),
    termEnd,
    transactions: new TransactionService(),
    profiles: new ProfileService(),
    billQueries: new BillQueryService(clock),
    payments,
    reversals,
    catchUps: new CatchUpService(ledger, coreBanking, clock),
    approvals,
    billingCategories,
    atRisk: new AtRiskService(settings, clock, projections),
    missedDeposits: new MissedDepositReportService(clock, settings, projections),
    companies,
    notes,
    agreementWizard,
    capacity: new CapacityService(clock, settings, agreementWizard, notes),
    confirm,
    exports: new ExportService(clock, settings, confirm, agreementWizard),
    agreementDeposits,
    lifecycle,
    settlement,
    agreementApprovals,
    billerWizard,
    billerEditPreview: new BillerEditPreviewService(settings, clock, projections, changeApplier),
    preferences: new PreferencesService(clock, agreementWizard, billerWizard),
    subCategories: new SubCategoryService(clock, billingCategories, agreementWizard),
    nextOccurrences: new NextOccurrencesService(clock),
    mailCapture,
    mailer,
    outbox,
    eventNotifier,
    outboxView: new OutboxViewService(outbox, clock),
    noticePreviews: new NoticePreviewService(settings, projections, clock),
    worklist: new WorklistService(projections, approvals, agreementApprovals, clock, config.timeZone),
    hardship: new HardshipService(projections, eventNotifier, clock),
    reporting: new ReportingService(config.timeZone, projections),
    notifications: new NotificationService(outbox, settings, projections, clock, logger),
    support: new SupportService(outbox, settings, logger),
  };
}
