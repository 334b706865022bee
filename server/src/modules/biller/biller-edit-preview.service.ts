import type { EntityManager } from '@mikro-orm/postgresql';
import type { CurrentUser } from '../../common/auth/current-user.js';
import type { Clock } from '../../shared/clock.js';
import { DomainError } from '../../shared/errors.js';
import type { LocalDate } from '../../shared/local-date.js';
import type { Cents } from '../../shared/money.js';
import {
  AgreementStatus,
  billerFactsWith,
  billerPlanData,
  forecastOf,
  heldBillDates,
  inputWithBiller,
  type ChangeApplier,
  type ProjectionInput,
  type ProjectionService,
  type SavedBillerBasis,
  defaultBiMonthlyDates,
  loadAgreementFacts,
  loadBillers,
  heldBills,
  loadHeldBillRows,
  loadOverdueOptions,
  NO_HELD_BILLS,
  overdueOptionFacts,
  plannableBillers,
  storedDepositPlanData,
  wizardVersion,
} from '../agreement/index.js';
import { ContributionFrequency, contributionFrequencyLabel } from '../deposit/index.js';
import { agreementBalances, ZERO_BALANCES } from '../ledger/index.js';
import {
  calculateDepositPlan,
  plannerDefaultsOf,
  type DepositPlanBillerData,
  type DepositPlanData,
  type PlannerDefaults,
} from '../planner/index.js';
import type { SettingsService } from '../settings/index.js';

/**
 * The effect of an edit before it is saved (issue 9 item 9): the deposit each frequency would need and the
 * agreement's lowest forecast point, for the version open in the wizard as it is and with the edited biller or
 * sub-category in place of its stored self (or added). The deposits are the planner's (`stored-plan.ts`,
 * `calculateDepositPlan`: the deposits step's own engine, read-only). The lowest point, once the version has a
 * deposit, is the one projection's forecast (`forecastOf`) of the version as applying it would make it (the member's
 * review of the change reads the same: the applier's rolled-back preview), with the edited biller saved in place
 * (`inputWithBiller`: its bills exactly as the projection will read them once the edit is saved): the planner's
 * own forecast left out the unpaid overdue bills and took each bill's contingency out too, so the form said
 * 'now $558.10' where the member's screens said -$149.50 that day. A version with no deposit yet (a new agreement
 * before its deposits step) keeps the planner's lowest point at the required deposit. The form's overdue option
 * (`overdueOption`) prices the edited item's unpaid overdue bills as applying will (the applier's `overdueBillChanges`,
 * in the deposits' held bills and in the projection's input alike): "All unpaid overdue, current and future bills"
 * at the edit's amount.
 */

/** The deposit frequencies the preview prices: the six of the deposits step's option cards, in its order. */
export const PREVIEW_FREQUENCIES = [
  ContributionFrequency.Weekly,
  ContributionFrequency.Fortnightly,
  ContributionFrequency.Monthly,
  ContributionFrequency.Quarterly,
  ContributionFrequency.Annually,
  ContributionFrequency.BiMonthly,
] as const;

/** Ours: the edit's details cannot be calculated yet (the form says why at its fields). */
export const PREVIEW_UNAVAILABLE_MESSAGE = 'The effect shows once the amount, frequency and date can be calculated.';

export interface PreviewFigures {
  /** The deposit each frequency would need (`PREVIEW_FREQUENCIES` order). */
  deposits: { frequency: number; label: string; amount: Cents }[];
  /**
   * The lowest closing balance of the forecast at the agreement's own deposit: the projection's (`forecastOf`) once it
   * has one, the planner's at the required deposit when none is set.
   */
  lowestPoint: { date: LocalDate; balance: Cents };
}

export interface EditPreview {
  available: boolean;
  message: string | null;
  before: PreviewFigures | null;
  after: PreviewFigures | null;
}

/** The figures of one plan: a required deposit per frequency and the lowest point on the agreement's schedule. */
export function previewFigures(data: DepositPlanData, today: LocalDate, defaults: PlannerDefaults): PreviewFigures {
  const deposits = PREVIEW_FREQUENCIES.map((frequency) => {
    // Twice a month is priced on the deposits step's default pair of dates from the first deposit date.
    const biMonthly =
      frequency === ContributionFrequency.BiMonthly
        ? defaultBiMonthlyDates(data.firstDepositDate ?? data.startDate)
        : null;
    const plan = calculateDepositPlan(
      {
        ...data,
        depositFrequency: frequency,
        biMonthlyFirstDate: biMonthly?.first ?? null,
        biMonthlySecondDate: biMonthly?.second ?? null,
        preferredDay: null,
        depositAmount: null,
      },
      today,
      defaults,
    ).plan;
    return { frequency, label: contributionFrequencyLabel(frequency), amount: plan.required.amount };
  });
  const own = calculateDepositPlan(data, today, defaults).plan;
  return { deposits, lowestPoint: own.forecast.lowestPoint };
}

export class BillerEditPreviewService {
  constructor(
    private readonly settings: SettingsService,
    private readonly clock: Clock,
    private readonly projections?: ProjectionService,
    private readonly applier?: ChangeApplier,
  ) {}

  /**
   * `replacing`: the stored item's key (`biller:12`, `subcategory:3`), null for a new one. The edited details are
   * the planner's biller input; details the planner refuses answer `available: false`, never an error.
   */
  async preview(
    em: EntityManager,
    user: CurrentUser | null,
    contractId: number,
    replacing: string | null,
    edited: DepositPlanBillerData,
    /** The overdue option the form will save with the edit (null: none chosen). */
    overdueOption: number | null = null,
  ): Promise<EditPreview> {
    const version = await wizardVersion(em, user, contractId);
    const agreement = await loadAgreementFacts(em, version.id);
    if (!agreement) return { available: false, message: PREVIEW_UNAVAILABLE_MESSAGE, before: null, after: null };
    const billers = await loadBillers(em, [version.id]);
    const today = this.clock.today();
    const { opening, previousId, holder } = await this.openingBalance(em, version.id);
    // A modification's stored bills, as its deposits step reads them: owed ones on the first day (overdue ones at the
    // amount its saved overdue options give them), paid ones not again. With the edit: as saving it would make them.
    const period = { start: agreement.startDate, end: agreement.endDate };
    const editedBiller = billerFactsWith(
      billers.find((stored) => stored.key === replacing) ?? null,
      edited,
      version.id,
    );
    let held = NO_HELD_BILLS;
    let heldWithEdit = NO_HELD_BILLS;
    if (holder !== version.id && agreement.startDate <= today) {
      const rows = await loadHeldBillRows(em, [holder, version.id], today);
      const options = await loadOverdueOptions(em, version.id, billers, period);
      held = heldBills(billers, rows, today, options);
      if (replacing !== null) {
        options.set(replacing, overdueOptionFacts(editedBiller, 'changed', overdueOption, period));
      }
      heldWithEdit = heldBills(billers, rows, today, options);
    }
    const settings = await this.settings.serverSettings(em);
    const defaults: PlannerDefaults = plannerDefaultsOf(settings);
    const stored = storedDepositPlanData(agreement, billers, opening, held);
    // A new agreement has no deposit yet: the forecast then runs on the required one.
    const base: DepositPlanData = {
      ...stored,
      depositAmount: agreement.depositAmount > 0 ? agreement.depositAmount : null,
      isModification: version.mode === 'modify',
    };
    const others = plannableBillers(billers.filter((biller) => biller.key !== replacing)).map(billerPlanData);
    // The edited item's bills paid already stay paid: its new occurrences on their dates are not billed again.
    const paidBills = heldWithEdit.paid.map((bill) =>
      bill.billerKey === replacing ? { ...bill, billerKey: 'edited' } : bill,
    );
    const withEdit: DepositPlanData = {
      ...base,
      owedBills: heldWithEdit.owed,
      paidBills,
      billers: [...others, { ...edited, key: 'edited' }],
    };
    let before: PreviewFigures | null = null;
    try {
      before = base.billers.length > 0 ? previewFigures(base, today, defaults) : null;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
    try {
      const after = previewFigures(withEdit, today, defaults);
      // The lowest point is the one projection's (the overview's forecast), not the planner's: the overdue bills
      // still unpaid, the stored deposits, each bill at its expected amount (agreement/projection/README.md).
      const projected =
        agreement.depositAmount > 0 ? await this.projectionInput(em, { id: version.id, previousId }) : null;
      if (projected) {
        const { input, held: heldDates } = projected;
        if (before) before = { ...before, lowestPoint: lowestOf(input) ?? before.lowestPoint };
        // The edited biller as saving it would store it, its bills as the projection would then read them.
        const basis: SavedBillerBasis = heldDates
          ? { applied: true, held: heldDates.get(replacing ?? '') ?? [], overdueOption }
          : { applied: false };
        after.lowestPoint = lowestOf(inputWithBiller(input, editedBiller, replacing, basis)) ?? after.lowestPoint;
      }
      return { available: true, message: null, before, after };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return { available: false, message: error.message || PREVIEW_UNAVAILABLE_MESSAGE, before, after: null };
    }
  }

  /**
   * The projection's input of the version as applying it would make it (the member's change review's own: a
   * modification through the applier's rolled-back preview, with the dates its items' bills stayed with the version in
   * force), or of the version as it stands (a new agreement: the schedule the applier will store).
   */
  private async projectionInput(
    em: EntityManager,
    version: { id: number; previousId: number | null },
  ): Promise<{ input: ProjectionInput; held: Map<string, LocalDate[]> | null } | null> {
    const projections = this.projections;
    if (!projections) return null;
    const read = async (tx: EntityManager, asApplied: boolean) => {
      const facts = await loadAgreementFacts(tx, version.id);
      if (!facts) return null;
      return projections.inputFor(tx, asApplied ? { ...facts, status: AgreementStatus.Active } : facts);
    };
    const previousId = version.previousId;
    const previewed =
      this.applier && previousId !== null
        ? await this.applier.preview(em, version.id, async (tx) => {
            const input = await read(tx, true);
            const held = await heldBillDates(tx, version.id, previousId, this.clock.today());
            return input ? { input, held } : null;
          })
        : null;
    if (previewed) return previewed;
    const input = await read(em, false);
    return input ? { input, held: null } : null;
  }

  /**
   * What the agreement holds today (a modification's money is still with the version in force), the version holding
   * it, and the version in force.
   */
  private async openingBalance(
    em: EntityManager,
    versionId: number,
  ): Promise<{ opening: Cents; previousId: number | null; holder: number }> {
    const [row] = await em.execute<{ previous_id: number | null; status: number }[]>(
      'select previous_id, status from agreement where id = ?',
      [versionId],
    );
    const holder =
      row?.previous_id && Number(row.status) === AgreementStatus.ModificationPendingApproval
        ? Number(row.previous_id)
        : versionId;
    const balances = await agreementBalances(em, [holder], { asOf: this.clock.today() });
    const previousId = row?.previous_id ? Number(row.previous_id) : null;
    return { opening: (balances.get(holder) ?? ZERO_BALANCES).total, previousId, holder };
  }
}

function lowestOf(input: ProjectionInput): { date: LocalDate; balance: Cents } | null {
  const forecast = forecastOf(input);
  return forecast ? { date: forecast.lowestPoint.date, balance: forecast.lowestPoint.balance } : null;
}
