import type { EntityManager } from '@mikro-orm/postgresql';
import type { CurrentUser } from '../../../common/auth/current-user.js';
import type { Clock } from '../../../shared/clock.js';
import { DomainError, NotFoundError } from '../../../shared/errors.js';
import type { LocalDate } from '../../../shared/local-date.js';
import { cents, toDecimalString, ZERO, type Cents } from '../../../shared/money.js';
import { ContributionFrequency, contributionFrequencyLabel } from '../../deposit/index.js';
import { agreementBalances, memberLinkedAccounts, ZERO_BALANCES } from '../../ledger/index.js';
import {
  calculateDepositPlan,
  plannerDefaultsOf,
  toDepositPlanView,
  type DepositPlan,
  type DepositPlanData,
} from '../../planner/index.js';
import { overdrawRuleTextFor, type SettingsService } from '../../settings/index.js';
import { loadBillers, type BillerFacts } from '../agreement-billers.js';
import { DepositType } from '../agreement-codes.js';
import type { AgreementStatus } from '../agreement-status.js';
import { loadAgreementFacts, type AgreementFacts } from '../agreement-facts.js';
import { NO_HELD_BILLS, storedDepositPlanData, type HeldBills } from '../stored-plan.js';
import { loadHeldBills } from '../held-bills.js';
import { loadOverdueOptions } from '../modification-schedule.js';
import { versionEdited, wizardVersion } from '../wizard/wizard-version.js';
import { noDepositDateLeftMessage } from '../lifecycle/lifecycle.rules.js';
import { upcomingDeposits } from '../plan/plan-reader.js';
import { forecastBalanceOn } from '../projection/projection.rules.js';
import { carriedIntoRenewal, renewalHeldBills } from '../term-end/term-end.rules.js';
import { storedTermEndChoice } from '../term-end/term-end-payout.js';
import type { ProjectionService } from '../projection/projection.service.js';
import { chosenFirstDeposit } from '../plan/plan-schedule.rules.js';
import { WIZARD_OPEN_STATUSES } from '../wizard/wizard.rules.js';
import type { AgreementWizardService } from '../wizard/wizard.service.js';
import {
  checkBiMonthlyDates,
  checkBiMonthlySelection,
  checkContributionDate,
  checkOverdrawChoice,
  checkPaymentPreference,
  contributionDateAfterLoad,
  storedBiMonthlyDates,
  storedContributionDate,
  contributionDateRange,
  defaultBiMonthlyDates,
  firstContributionDay,
  DEPOSIT_OPTION_FREQUENCIES,
  DEPOSITS_MESSAGES,
  noMoreDepositsNote,
  durationInWeeks,
  isContributionFrequency,
  overdrawChoiceOf,
  periodFor,
  syncedBiMonthlyDates,
  type DepositsMode,
  type DepositsRefusal,
  feeDisplay,
  incorrectTransactionOccurrences,
  transactionOccurrences,
} from './deposits.rules.js';
import type {
  DepositAccount,
  DepositOption,
  DepositOptionAmounts,
  DepositsStep,
  DepositsView,
  PaymentDetails,
} from './deposits.types.js';

/** The step's input (GraphQL `DepositsInput`, or a REST body): the whole draft; a missing field is not chosen. */
export interface DepositsData {
  contributionFrequency?: number | null;
  contributionAmount?: Cents | null;
  contributionDate?: LocalDate | null;
  biMonthly1stDate?: LocalDate | null;
  biMonthly2ndDate?: LocalDate | null;
  selectedContributionDate?: number | null;
  depositType?: number | null;
  remitterName?: string | null;
  remitterNumber?: string | null;
  periodicalPaymentAccount?: number | null;
  isTopupPerformed?: boolean | null;
  isRemoveBillPerformed?: boolean | null;
  topupAccount?: number | null;
}

/** Every refusal of a save at once (code, field, message); REST answers the first. */
export class DepositsRefused extends DomainError {
  constructor(readonly refusals: readonly DepositsRefusal[]) {
    super(refusals[0].code, refusals[0].message, refusals[0].field);
    this.name = 'DepositsRefused';
  }
}

/** What is stored on the version, besides the facts the portal reads. */
interface StoredDeposits {
  selectedContributionDate: number | null;
  depositType: number | null;
  remitterName: string | null;
  remitterNumber: string | null;
  periodicalPaymentAccount: number | null;
  topupAccount: number | null;
  isTopupPerformed: boolean;
  isRemoveBillPerformed: boolean;
  previousId: number | null;
  /** The next deposit date of the version in force (modify). */
  oldNextDate: LocalDate | null;
  /** Its next two deposit dates (a twice-a-month modification goes on from them). */
  inForceNextDates: LocalDate[];
}

interface StepContext {
  facts: AgreementFacts;
  stored: StoredDeposits;
  billers: BillerFacts[];
  mode: DepositsMode;
  today: LocalDate;
  /** A modification: the bank's deposits step of today has run (`BankDayDeposits`); a deposit today would be late. */
  todaysDepositsTaken: boolean;
  openingBalance: Cents;
  /**
   * What the stored bills say (`../held-bills.ts`): the unpaid ones, which the opening balance has not paid, fall due on
   * the first day; those paid from it already are not billed again. A modification's: the ledger's total has not paid
   * them. A renewal's: the old term's bills overdue today, which it takes over with the money held for them
   * (`renewalHeldBills`). None in setup.
   */
  heldBills: HeldBills;
  /**
   * A renewal: what the opening balance holds for the old term's bills it takes over, beyond the closing balance the
   * term-end choice carries (`renewalHeldBills`); zero otherwise.
   */
  heldForBills: Cents;
  accounts: DepositAccount[];
  defaults: { approvedOverdraw: Cents; upperContractLimit: Cents; overdrawRuleDurationDays: number };
  /** The server setting's fee per deposit (null: none). */
  fee: Cents | null;
  /** The overdraw rule in the institution's words, for one member or many. */
  overdrawRuleText: string;
}

/** The draft after the stored values and the input are merged and the step's date rules applied. */
interface Draft {
  frequency: number | null;
  amount: Cents | null;
  date: LocalDate | null;
  first: LocalDate | null;
  second: LocalDate | null;
  selected: number | null;
  depositType: number | null;
  remitterName: string | null;
  remitterNumber: string | null;
  periodicalPaymentAccount: number | null;
  isTopupPerformed: boolean;
  isRemoveBillPerformed: boolean;
  topupAccount: number | null;
  period: { startDate: LocalDate; endDate: LocalDate };
}

type PlanOutcome =
  { plan: DepositPlan; bypass: boolean; bills: { key: string; date: LocalDate }[] } | { error: DepositsRefusal };

/**
 * Whether the bank's deposits step of a day has run: core-banking knows it (its keys of the day's step,
 * `BankDayRunService#depositsTakenOn`), given to this service at its construction (core-banking imports this module,
 * not the other way round).
 */
export interface BankDayDeposits {
  depositsTakenOn(em: EntityManager, date: LocalDate): Promise<boolean>;
}

/**
 * The wizard's deposits step (spec 3 §3-§5) for a version open in the wizard: the view model, the option cards, the
 * payment details and the chosen option explained, from the planner's `calculateDepositPlan` on the version's
 * billers (`stored-plan.ts`); the save checks every rule and writes nothing on a refusal.
 */
export class AgreementDepositsService {
  constructor(
    private readonly clock: Clock,
    private readonly settings: SettingsService,
    private readonly wizard: AgreementWizardService,
    /** A renewal's opening balance: what the version in force is forecast to hold when it ends. */
    private readonly projections: Pick<ProjectionService, 'forAgreement'> | null = null,
    /** Whether today's deposits were taken: a modification's next deposit is then tomorrow at the earliest. */
    private readonly bankDay: BankDayDeposits | null = null,
  ) {}

  /** The step as stored, or as the draft would make it (nothing is written). */
  async load(
    em: EntityManager,
    user: CurrentUser | null,
    agreementId: number,
    input: DepositsData | null = null,
  ): Promise<DepositsStep> {
    await this.wizard.session(em, user, agreementId);
    const context = await this.context(em, agreementId);
    return this.stepOf(context, this.draftOf(context, input));
  }

  /**
   * The step as stored, of any version the caller may see (GET /api/contractpaymentdetails: reading is not
   * editing, so an agreement in force answers too, where `load` wants a version open in the wizard).
   */
  async read(em: EntityManager, user: CurrentUser | null, agreementId: number): Promise<DepositsStep> {
    await wizardVersion(em, user, agreementId);
    const context = await this.context(em, agreementId);
    return this.stepOf(context, this.draftOf(context, null));
  }

  /** Saves the deposits step: every refusal at once (nothing written), else the step as saved. */
  async save(
    em: EntityManager,
    user: CurrentUser | null,
    agreementId: number,
    input: DepositsData,
  ): Promise<DepositsStep> {
    await this.wizard.openForEditing(em, user, agreementId);
    const context = await this.context(em, agreementId);
    const draft = this.draftOf(context, input);
    const outcome = this.planOf(context, draft, draft.frequency ?? ContributionFrequency.Fortnightly, draft.amount);
    const refusals = this.refusalsOf(context, draft, outcome);
    if (refusals.length > 0) throw new DepositsRefused(refusals);
    if (!('plan' in outcome)) throw new DepositsRefused([outcome.error]);
    await this.write(em, context, draft, outcome.plan, outcome.bypass);
    const saved = await this.context(em, agreementId);
    return this.stepOf(saved, this.draftOf(saved, null));
  }

  /**
   * A renewal's saved deposits worked out again with what it now opens with (the term-end choice changed after its
   * deposits were saved or agreed, `term-end/README.md`): the stored step as the save reads it, the required deposit
   * of its saved frequency and first deposit, checked and written by the save's own rules and writer. Refused: every
   * refusal, nothing written. Returns the deposit before and after.
   */
  async rederiveRenewal(
    em: EntityManager,
    renewalId: number,
    statuses: readonly AgreementStatus[],
  ): Promise<{ before: Cents; after: Cents } | { refusals: DepositsRefusal[] }> {
    const context = await this.context(em, renewalId);
    const draft = this.draftOf(context, null);
    const outcome = this.planOf(context, draft, draft.frequency ?? ContributionFrequency.Fortnightly, null);
    const refusals = this.refusalsOf(context, draft, outcome);
    if (refusals.length > 0 || !('plan' in outcome)) {
      return { refusals: refusals.length > 0 ? refusals : [(outcome as { error: DepositsRefusal }).error] };
    }
    await this.write(em, context, draft, outcome.plan, outcome.bypass, statuses, true);
    return { before: context.facts.depositAmount, after: outcome.plan.depositAmount };
  }

  /**
   * What a renewal's saved deposits step makes its deposit when it opens with each of `openings` (what each
   * term-end choice carries into it): the same draft and calculation as `rederiveRenewal` (null: refused).
   */
  async renewalDepositWith(
    em: EntityManager,
    renewalId: number,
    openings: readonly Cents[],
  ): Promise<(Cents | null)[]> {
    const context = await this.context(em, renewalId);
    const draft = this.draftOf(context, null);
    return openings.map((carried) => {
      // Whatever the choice carries, the money held for the bills it takes over comes with them.
      const openingBalance = cents(carried + context.heldForBills);
      const outcome = this.planOf(
        { ...context, openingBalance },
        draft,
        draft.frequency ?? ContributionFrequency.Fortnightly,
        null,
      );
      return 'plan' in outcome ? outcome.plan.depositAmount : null;
    });
  }

  /**
   * What a modification's stored deposits step still needs (save all of one saved at 0.00,
   * `lifecycle.rules.ts#depositsProblem`): the plan's money still to deposit over what it holds now, to its end date,
   * and the deposit dates left. Null for a new agreement or a step that cannot be worked out.
   */
  async depositNeed(
    em: EntityManager,
    agreementId: number,
  ): Promise<{ stillToDepositCents: number; depositDatesLeft: number; endDate: LocalDate } | null> {
    const context = await this.context(em, agreementId);
    if (context.mode !== 'modify') return null;
    const draft = this.draftOf(context, null);
    if (!isContributionFrequency(draft.frequency)) return null;
    const outcome = this.planOf(context, draft, draft.frequency, null);
    if (!('plan' in outcome)) return null;
    const { required } = outcome.plan;
    return {
      stillToDepositCents: required.toBeDeposited,
      depositDatesLeft: required.depositCount,
      endDate: draft.period.endDate,
    };
  }

  private async context(em: EntityManager, agreementId: number): Promise<StepContext> {
    const facts = await loadAgreementFacts(em, agreementId);
    if (!facts) throw new NotFoundError('Could not load contract');
    const [row] = await em.execute<Record<string, unknown>[]>(
      `select g.selected_contribution_date, g.deposit_type, g.remitter_name, g.remitter_number,
              g.periodical_payment_account_id, g.topup_account_id, g.is_topup_performed, g.is_remove_bill_performed,
              g.previous_id
       from agreement g where g.id = ?`,
      [agreementId],
    );
    const int = (value: unknown) => (value === null || value === undefined ? null : Number(value));
    const today = this.clock.today();
    const previousId = int(row.previous_id);
    // The version in force's next deposits: its stored schedule's next two from today.
    const inForceNext =
      previousId === null ? [] : ((await upcomingDeposits(em, [previousId], today, 2)).get(previousId) ?? []);
    const oldNext = inForceNext[0] ?? null;
    const stored: StoredDeposits = {
      selectedContributionDate: int(row.selected_contribution_date),
      depositType: int(row.deposit_type),
      remitterName: (row.remitter_name as string | null) ?? null,
      remitterNumber: (row.remitter_number as string | null) ?? null,
      periodicalPaymentAccount: int(row.periodical_payment_account_id),
      topupAccount: int(row.topup_account_id),
      isTopupPerformed: row.is_topup_performed === true,
      isRemoveBillPerformed: row.is_remove_bill_performed === true,
      previousId,
      oldNextDate: oldNext?.dueDate ?? null,
      inForceNextDates: inForceNext.map((deposit) => deposit.dueDate),
    };
    const mode: DepositsMode = stored.previousId === null ? 'setup' : 'modify';
    const todaysDepositsTaken = mode === 'modify' && (await this.bankDay?.depositsTakenOn(em, today)) === true;
    const memberRows = await em.execute<{ member_id: number }[]>(
      'select member_id from member_account_link where account_id = ? and is_active',
      [facts.accountId],
    );
    const billers = await loadBillers(em, [agreementId]);
    const balances =
      stored.previousId === null ? null : await agreementBalances(em, [stored.previousId], { asOf: today });
    const linked = await memberLinkedAccounts(
      em,
      memberRows.map((r) => Number(r.member_id)),
    );
    const settings = await this.settings.serverSettings(em);
    // A renewal (a change that starts after today) opens with what the version in force is forecast to hold when it
    // ends (the projection's forecast): that is carried over when it takes over (../plan/README.md).
    const renewal = stored.previousId !== null && facts.startDate > today;
    // A modification opens with the ledger's total, which has not paid the bills still owed (owed on the first day, as
    // the change review's forecast owes them) and has paid those paid early. A renewal takes over the old term's bills
    // overdue today with the money held for them (the forecast's closing balance has paid them): it opens with that
    // money too and owes them on its first day, as the plan stored when it takes over does (rule "the bills the
    // renewal takes over").
    const held =
      stored.previousId === null
        ? NO_HELD_BILLS
        : await loadHeldBills(
            em,
            [stored.previousId, agreementId],
            billers,
            renewal ? facts.startDate : today,
            // A modification's overdue bills its biller form gives the new amount are owed at it, as applying it
            // writes them.
            renewal
              ? undefined
              : await loadOverdueOptions(em, agreementId, billers, { start: facts.startDate, end: facts.endDate }),
          );
    const taken = renewal ? renewalHeldBills(held, today) : { held, heldFor: ZERO };
    const heldBills = taken.held;
    const openingBalance =
      stored.previousId === null
        ? ZERO
        : renewal
          ? cents((await this.heldAtTheEnd(em, stored.previousId)) + taken.heldFor)
          : (balances?.get(stored.previousId) ?? ZERO_BALANCES).total;
    return {
      facts,
      stored,
      billers,
      mode,
      today,
      todaysDepositsTaken,
      openingBalance,
      heldBills,
      heldForBills: taken.heldFor,
      accounts: linked
        .filter((account) => account.isActive)
        .map((account) => ({
          id: account.linkedAccountId,
          memberId: account.memberId,
          accountNumber: account.accountNumber,
          nickname: account.nickname,
          availableBalance: account.availableBalance,
        })),
      defaults: plannerDefaultsOf(settings),
      fee: settings.agreementFee,
      overdrawRuleText: overdrawRuleTextFor(memberRows.length, settings),
    };
  }

  /**
   * What a version is forecast to hold on its end date and carry into its renewal (nothing when it has no forecast;
   * nothing of a surplus refunded or moved to savings by the term-end choice).
   */
  private async heldAtTheEnd(em: EntityManager, agreementId: number): Promise<Cents> {
    const facts = this.projections ? await loadAgreementFacts(em, agreementId) : null;
    if (!facts || !this.projections) return ZERO;
    const { forecast } = await this.projections.forAgreement(em, facts);
    const closing = (forecast && forecastBalanceOn(forecast, facts.endDate)) ?? ZERO;
    // A surplus the member chose to refund or move to savings at term end is not carried over (term-end/).
    return carriedIntoRenewal(closing, await storedTermEndChoice(em, agreementId));
  }

  /**
   * The stored step (after the load rules: an expired agreement's end date, a past date becomes today) when there
   * is no input; else the input is the whole draft (GraphQL hands an omitted field over as null: "not chosen").
   */
  private draftOf(context: StepContext, input: DepositsData | null): Draft {
    const { facts, stored, mode, today } = context;
    if (input === null) {
      const firstDay = firstContributionDay(mode, today, facts, context.todaysDepositsTaken);
      const date = contributionDateAfterLoad({
        date: storedContributionDate(mode, facts, stored.oldNextDate),
        endDate: facts.endDate,
        today,
        firstDay,
      });
      const storedBiMonthly = storedBiMonthlyDates(
        mode,
        {
          contributionFrequency: facts.contributionFrequency,
          nextDepositDate: facts.nextDepositDate,
          first: facts.biMonthlyFirstDate,
          second: facts.biMonthlySecondDate,
          selected: stored.selectedContributionDate,
          endDate: facts.endDate,
        },
        stored.inForceNextDates,
        firstDay,
      );
      const biMonthly = syncedBiMonthlyDates(facts.contributionFrequency, date, storedBiMonthly);
      return {
        frequency: facts.contributionFrequency,
        amount: facts.depositAmount > 0 ? facts.depositAmount : null,
        date,
        first: biMonthly.first,
        second: biMonthly.second,
        selected: storedBiMonthly.selected,
        depositType: stored.depositType,
        remitterName: stored.remitterName,
        remitterNumber: stored.remitterNumber,
        periodicalPaymentAccount: stored.periodicalPaymentAccount,
        isTopupPerformed: stored.isTopupPerformed,
        isRemoveBillPerformed: stored.isRemoveBillPerformed,
        topupAccount: stored.topupAccount,
        period: periodFor(mode, facts, date),
      };
    }
    const date = input.contributionDate ?? null;
    const frequency = input.contributionFrequency ?? null;
    const biMonthly = syncedBiMonthlyDates(frequency, date, {
      first: input.biMonthly1stDate ?? null,
      second: input.biMonthly2ndDate ?? null,
    });
    return {
      frequency,
      amount: input.contributionAmount ?? null,
      date,
      first: biMonthly.first,
      second: biMonthly.second,
      selected: input.selectedContributionDate ?? null,
      depositType: input.depositType ?? null,
      remitterName: input.remitterName ?? null,
      remitterNumber: input.remitterNumber ?? null,
      periodicalPaymentAccount: input.periodicalPaymentAccount ?? null,
      isTopupPerformed: input.isTopupPerformed === true,
      isRemoveBillPerformed: input.isRemoveBillPerformed === true,
      topupAccount: input.topupAccount ?? null,
      period: periodFor(mode, facts, date),
    };
  }

  /** The planner on the version's billers, for one frequency and deposit (the required one when null). */
  private planOf(context: StepContext, draft: Draft, frequency: number, amount: Cents | null): PlanOutcome {
    // The date's own rule first (issue 26 item 7): a past or out-of-range date is said at once at the date, not
    // worked out into deposits (a past start gave "Annually $0.00" until the save refused it).
    const dateRefusal = checkContributionDate({
      date: draft.date,
      mode: context.mode,
      today: context.today,
      period: draft.period,
      todaysDepositsTaken: context.todaysDepositsTaken,
    });
    if (dateRefusal || draft.date === null) {
      return {
        error: dateRefusal ?? {
          code: 'DATE_NOT_IN_RANGE',
          field: 'contributionDate',
          message: DEPOSITS_MESSAGES.dateNotInRange,
        },
      };
    }
    const biMonthly = frequency === ContributionFrequency.BiMonthly;
    const dates =
      biMonthly && (draft.first === null || draft.second === null)
        ? defaultBiMonthlyDates(draft.date)
        : { first: draft.first, second: draft.second };
    const facts = { ...context.facts, ...draft.period };
    const firstDeposit = chosenFirstDeposit({
      ...draft.period,
      contributionFrequency: frequency,
      contributionDate: draft.date,
      biMonthlyFirstDate: dates.first,
      biMonthlySecondDate: dates.second,
      selectedContributionDate: draft.selected,
    });
    const data: DepositPlanData = {
      ...storedDepositPlanData(facts, context.billers, context.openingBalance, context.heldBills),
      depositFrequency: frequency,
      firstDepositDate: firstDeposit,
      biMonthlyFirstDate: biMonthly ? dates.first : null,
      biMonthlySecondDate: biMonthly ? dates.second : null,
      depositAmount: amount,
      totalContractValue: null,
      isModification: context.mode === 'modify',
    };
    try {
      const result = calculateDepositPlan(data, context.today, context.defaults);
      const bills = result.billers.flatMap((summary) =>
        summary.bills.map((bill) => ({ key: summary.billerKey, date: bill.date })),
      );
      return { plan: toDepositPlanView(result), bypass: result.payTodayBypass, bills };
    } catch (error) {
      if (error instanceof DomainError) {
        // The planner names its own input; the step answers in the deposits view model's names.
        const renamed: Record<string, string> = {
          firstDepositDate: 'contributionDate',
          depositAmount: 'contributionAmount',
        };
        const field = error.field ? (renamed[error.field] ?? error.field) : 'contributionDate';
        const message = error.message.replace(/^depositAmount\b/, 'The deposit');
        return { error: { code: error.code, field, message } };
      }
      throw error;
    }
  }

  private refusalsOf(context: StepContext, draft: Draft, outcome: PlanOutcome): DepositsRefusal[] {
    const refusals: DepositsRefusal[] = [];
    const add = (refusal: DepositsRefusal | null) => {
      if (refusal && !refusals.some((r) => r.field === refusal.field)) refusals.push(refusal);
    };
    if (!isContributionFrequency(draft.frequency)) {
      add({ code: 'FREQUENCY_REQUIRED', field: 'contributionFrequency', message: DEPOSITS_MESSAGES.frequencyRequired });
    }
    const dateRefusal = checkContributionDate({
      date: draft.date,
      mode: context.mode,
      today: context.today,
      period: draft.period,
      todaysDepositsTaken: context.todaysDepositsTaken,
    });
    add(dateRefusal);
    if (draft.frequency === ContributionFrequency.BiMonthly) {
      const common = { mode: context.mode, today: context.today, period: draft.period };
      add(checkBiMonthlyDates({ first: draft.first, second: draft.second, ...common }));
      add(
        checkBiMonthlySelection({
          selected: draft.selected,
          date: draft.date,
          first: draft.first,
          second: draft.second,
        }),
      );
    }
    add(
      checkPaymentPreference({
        showOptions: true,
        depositType: draft.depositType,
        remitterName: draft.remitterName,
        remitterNumber: draft.remitterNumber,
        periodicalPaymentAccount: draft.periodicalPaymentAccount,
        periodicalAccountIsMembers: context.accounts.some((a) => a.id === draft.periodicalPaymentAccount),
      }),
    );
    if (refusals.some((r) => r.field.startsWith('contribution') || r.field.startsWith('biMonthly'))) return refusals;
    if ('error' in outcome) {
      add(outcome.error);
      return refusals;
    }
    const { plan } = outcome;
    if (!plan.coverage.ok) {
      // No deposit date left before the end (the term's last days): no deposit can cover it, so say why.
      add(
        plan.depositCount === 0
          ? {
              code: 'NO_DEPOSIT_DATE_LEFT',
              field: 'contributionDate',
              message: noDepositDateLeftMessage(draft.period.endDate),
            }
          : { code: 'EXPENSES_NOT_COVERED', field: 'contributionAmount', message: plan.coverage.message ?? '' },
      );
    }
    const account = context.accounts.find((a) => a.id === draft.topupAccount) ?? null;
    add(
      checkOverdrawChoice({
        overdrawnWithinInitialDuration: plan.overdraw.overdrawnWithinInitialDuration,
        durationDays: plan.overdrawRuleDurationDays,
        choice: overdrawChoiceOf(draft),
        topUpNeeded: plan.overdraw.topUpNeeded,
        topupAccount: account,
      }),
    );
    return refusals;
  }

  private async write(
    em: EntityManager,
    context: StepContext,
    draft: Draft,
    plan: DepositPlan,
    bypass: boolean,
    statuses: readonly AgreementStatus[] = WIZARD_OPEN_STATUSES,
    /** Worked out again (not saved by staff): a top-up chosen stays chosen for when the plan needs one again. */
    keepTopupChoice = false,
  ) {
    const biMonthly = draft.frequency === ContributionFrequency.BiMonthly;
    const topup = plan.overdraw.overdrawnWithinInitialDuration && draft.isTopupPerformed;
    const topupChosen = topup || (keepTopupChoice && draft.isTopupPerformed);
    const topupAccount = topupChosen ? (context.accounts.find((a) => a.id === draft.topupAccount) ?? null) : null;
    const payroll = draft.depositType === DepositType.PayrollDeduction;
    const periodical = draft.depositType === DepositType.PeriodicalPayment;
    await em.transactional(async (tx) => {
      await tx.execute(
        `update agreement set contribution_frequency = ?, deposit_amount = ?, contribution_date = ?,
           next_deposit_date = ?, next_deposit_amount = null, bi_monthly_first_date = ?, bi_monthly_second_date = ?,
           selected_contribution_date = ?, deposit_type = ?, remitter_name = ?, remitter_number = ?,
           periodical_payment_account_id = ?, start_date = ?, end_date = ?, total_contract_value = ?,
           total_overdraw_amount = ?, overdraw_duration_amount = ?, topup_amount = ?, topup_account_id = ?,
           topup_member_id = ?, is_topup_performed = ?, is_remove_bill_performed = false,
           allow_payment_today_bypass = ?, updated_at = ?
         where id = ? and status = any(?::smallint[])`,
        [
          draft.frequency,
          toDecimalString(plan.depositAmount),
          draft.date,
          plan.depositDates[0] ?? draft.date,
          biMonthly ? draft.first : null,
          biMonthly ? draft.second : null,
          biMonthly ? draft.selected : null,
          draft.depositType,
          payroll ? draft.remitterName!.trim() : null,
          payroll ? draft.remitterNumber!.trim() : null,
          periodical ? draft.periodicalPaymentAccount : null,
          draft.period.startDate,
          draft.period.endDate,
          toDecimalString(plan.overdraw.totalContractValue),
          toDecimalString(plan.overdraw.overdrawAmount),
          toDecimalString(plan.overdraw.initialDurationOverdrawAmount),
          topup ? toDecimalString(plan.overdraw.topUpNeeded) : null,
          topupAccount?.id ?? null,
          topupAccount?.memberId ?? null,
          topupChosen && topupAccount !== null,
          bypass,
          this.clock.now(),
          context.facts.id,
          `{${statuses.join(',')}}`,
        ],
      );
      versionEdited(tx, context.facts);
    });
  }

  private stepOf(context: StepContext, draft: Draft): DepositsStep {
    const chosen = isContributionFrequency(draft.frequency) ? draft.frequency : null;
    const outcomes = new Map<number, PlanOutcome>();
    for (const frequency of DEPOSIT_OPTION_FREQUENCIES) {
      outcomes.set(frequency, this.planOf(context, draft, frequency, null));
    }
    const chosenOutcome =
      chosen === null
        ? null
        : draft.amount === null
          ? outcomes.get(chosen)!
          : this.planOf(context, draft, chosen, draft.amount);
    const options: DepositOption[] = DEPOSIT_OPTION_FREQUENCIES.map((frequency) => {
      const outcome = outcomes.get(frequency)!;
      return {
        frequency,
        label: contributionFrequencyLabel(frequency),
        depositAmount: 'plan' in outcome ? outcome.plan.required.amount : null,
        depositCount: 'plan' in outcome ? outcome.plan.depositCount : 0,
        selected: frequency === chosen,
        message: 'error' in outcome ? outcome.error.message : null,
      };
    });
    const amountOf = (f: ContributionFrequency) => options.find((o) => o.frequency === f)?.depositAmount ?? null;
    const depositOptions: DepositOptionAmounts = {
      weekly: amountOf(ContributionFrequency.Weekly),
      fortnightly: amountOf(ContributionFrequency.Fortnightly),
      monthly: amountOf(ContributionFrequency.Monthly),
      quarterly: amountOf(ContributionFrequency.Quarterly),
      annually: amountOf(ContributionFrequency.Annually),
      biMonthly: amountOf(ContributionFrequency.BiMonthly),
    };
    const plan = chosenOutcome && 'plan' in chosenOutcome ? chosenOutcome.plan : null;
    const planError =
      chosen === null
        ? { code: 'FREQUENCY_REQUIRED', field: 'contributionFrequency', message: DEPOSITS_MESSAGES.frequencyRequired }
        : chosenOutcome && 'error' in chosenOutcome
          ? chosenOutcome.error
          : null;
    const range = contributionDateRange(context.mode, context.today, draft.period, context.todaysDepositsTaken);
    const overdrawn = plan?.overdraw.overdrawnWithinInitialDuration ?? false;
    const deposits: DepositsView = {
      contractId: context.facts.id,
      isSetup: context.mode === 'setup',
      contributionFrequency: draft.frequency,
      contributionAmount: plan?.depositAmount ?? draft.amount,
      contributionDate: draft.date,
      oldContributionDate: context.mode === 'modify' ? context.stored.oldNextDate : null,
      biMonthly1stDate: draft.first,
      biMonthly2ndDate: draft.second,
      selectedContributionDate: draft.selected,
      startDate: draft.period.startDate,
      endDate: draft.period.endDate,
      dateRangeFrom: range.from,
      dateRangeTo: context.mode === 'modify' && draft.period.endDate < range.to ? draft.period.endDate : range.to,
      depositType: draft.depositType,
      remitterName: draft.remitterName,
      remitterNumber: draft.remitterNumber,
      periodicalPaymentAccount: draft.periodicalPaymentAccount,
      depositOptions,
      overrideOverdrawRule: context.facts.overrideOverdrawRule,
      topupAmount: overdrawn ? plan!.overdraw.topUpNeeded : ZERO,
      topupAccount: draft.topupAccount,
      topupMember: context.accounts.find((a) => a.id === draft.topupAccount)?.memberId ?? null,
      isTopupPerformed: overdrawn && draft.isTopupPerformed,
      isTopupDisabled: !overdrawn,
      isRemoveBillPerformed: overdrawn && draft.isRemoveBillPerformed,
      totalOverDrawOfAmount: plan?.overdraw.overdrawAmount ?? ZERO,
      isDepositScheduleCoveringExpenses: plan?.coverage.ok ?? false,
      notCoveringExpensesError: plan && !plan.coverage.ok ? plan.coverage.message : null,
      allowPaymentTodayBypass: plan?.coverage.bypassed ?? false,
      fee: context.fee,
      feeDisplay: feeDisplay(context.fee),
      transactionOccurrences: transactionOccurrences(plan?.depositDates ?? []),
      incorrectTransactionOccurrences:
        plan && chosenOutcome && 'bills' in chosenOutcome
          ? incorrectTransactionOccurrences(chosenOutcome.bills, plan.depositDates)
          : [],
    };
    return {
      deposits,
      options,
      paymentDetails: plan ? this.paymentDetailsOf(context, draft, plan) : null,
      plan,
      planError,
      note: noMoreDepositsNote(context.mode, plan?.depositAmount ?? null, draft.period.endDate),
      accounts: context.accounts,
    };
  }

  private paymentDetailsOf(context: StepContext, draft: Draft, plan: DepositPlan): PaymentDetails {
    const o = plan.overdraw;
    const account =
      context.accounts.find((a) => a.id === draft.topupAccount) ??
      (o.overdrawnWithinInitialDuration ? (context.accounts[0] ?? null) : null);
    return {
      hasOverDrawOfAmount: o.beyondApprovedOverdraw,
      isUpperLimitReached: o.upperLimitApprovalNeeded,
      hasOverDrawDuration: o.overdrawnWithinInitialDuration,
      overrideOverdrawRuleDuration: durationInWeeks(plan.overdrawRuleDurationDays),
      totalOverDrawDurationAmount: o.initialDurationOverdrawAmount,
      totalOverDrawOfAmount: o.overdrawAmount,
      contractTopupAmount: o.topUpNeeded,
      upperContractLimit: o.upperContractLimit,
      approvedOverDrawOfAmount: o.approvedOverdraw,
      showDepositPaymentOptions: true,
      totalContractValue: o.totalContractValue,
      topupAccount: account
        ? { accountNumber: account.accountNumber, availableBalance: account.availableBalance }
        : null,
      approvalsNeeded: o.approvalsNeeded,
      overdrawWarning: o.warning,
      overdrawRuleText: context.overdrawRuleText,
    };
  }
}
