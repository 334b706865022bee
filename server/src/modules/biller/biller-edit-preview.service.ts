import type { EntityManager } from '@mikro-orm/postgresql';
import type { CurrentUser } from '../../common/auth/current-user.js';
import type { Clock } from '../../shared/clock.js';
import { DomainError } from '../../shared/errors.js';
import type { LocalDate } from '../../shared/local-date.js';
import type { Cents } from '../../shared/money.js';
import {
  AgreementStatus,
  billerPlanData,
  defaultBiMonthlyDates,
  loadAgreementFacts,
  loadBillers,
  plannableBillers,
  storedDepositPlanData,
  wizardVersion,
} from '../agreement/index.js';
import { CONTRIBUTION_FREQUENCY_LABELS, ContributionFrequency } from '../deposit/index.js';
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
 * sub-category in place of its stored self (or added). The stored agreement is the planner's input through
 * `stored-plan.ts`, calculated by `calculateDepositPlan`: the deposits step's own engine, read-only.
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
  /** The lowest closing balance of the forecast at the agreement's own deposit (the required one when none is set). */
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
    return { frequency, label: CONTRIBUTION_FREQUENCY_LABELS[frequency], amount: plan.required.amount };
  });
  const own = calculateDepositPlan(data, today, defaults).plan;
  return { deposits, lowestPoint: own.forecast.lowestPoint };
}

export class BillerEditPreviewService {
  constructor(
    private readonly settings: SettingsService,
    private readonly clock: Clock,
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
  ): Promise<EditPreview> {
    const version = await wizardVersion(em, user, contractId);
    const agreement = await loadAgreementFacts(em, version.id);
    if (!agreement) return { available: false, message: PREVIEW_UNAVAILABLE_MESSAGE, before: null, after: null };
    const billers = await loadBillers(em, [version.id]);
    const opening = await this.openingBalance(em, version.id);
    const settings = await this.settings.serverSettings(em);
    const today = this.clock.today();
    const defaults: PlannerDefaults = plannerDefaultsOf(settings);
    const stored = storedDepositPlanData(agreement, billers, opening);
    // A new agreement has no deposit yet: the forecast then runs on the required one.
    const base: DepositPlanData = {
      ...stored,
      depositAmount: agreement.depositAmount > 0 ? agreement.depositAmount : null,
      isModification: version.mode === 'modify',
    };
    const others = plannableBillers(billers.filter((biller) => biller.key !== replacing)).map(billerPlanData);
    const withEdit: DepositPlanData = { ...base, billers: [...others, { ...edited, key: 'edited' }] };
    let before: PreviewFigures | null = null;
    try {
      before = base.billers.length > 0 ? previewFigures(base, today, defaults) : null;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
    try {
      return { available: true, message: null, before, after: previewFigures(withEdit, today, defaults) };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return { available: false, message: error.message || PREVIEW_UNAVAILABLE_MESSAGE, before, after: null };
    }
  }

  /** What the agreement holds today: a modification's money is still with the version in force. */
  private async openingBalance(em: EntityManager, versionId: number): Promise<Cents> {
    const [row] = await em.execute<{ previous_id: number | null; status: number }[]>(
      'select previous_id, status from agreement where id = ?',
      [versionId],
    );
    const holder =
      row?.previous_id && Number(row.status) === AgreementStatus.ModificationPendingApproval
        ? Number(row.previous_id)
        : versionId;
    const balances = await agreementBalances(em, [holder], { asOf: this.clock.today() });
    return (balances.get(holder) ?? ZERO_BALANCES).total;
  }
}
