import type { EntityManager } from '@mikro-orm/postgresql';
import type { CurrentUser } from '../../common/auth/current-user.js';
import type { Clock } from '../../common/clock.js';
import { DomainError, NotFoundError } from '../../common/errors.js';
import type { LocalDate } from '../../common/local-date.js';
import { agreementBalances, ZERO_BALANCES } from '../ledger/ledger-balances.js';
import { loadMemberAccount, OVERVIEW_MESSAGES } from '../overview/account-context.js';
import { sampleSeries } from '../planner/deposit-forecast.types.js';
import { calculateDepositPlan } from '../planner/planner.calculations.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { AgreementFacts } from './agreement-facts.js';
import { loadBillers } from './agreement-billers.js';
import { monthlyFlows } from './agreement-history.js';
import type { AccountForecast, AgreementGraphs } from './agreement-view.types.js';
import { forecastVerdict } from './forecast-verdict.rules.js';
import { allocationByCategory, storedDepositPlanData } from './stored-plan.js';

/**
 * The graphs page, and the forecast's verdict the overview leads with. The forecast is the deposits step's own
 * calculation (`calculateDepositPlan`) on the stored agreement: its deposit schedule and amount, its billers, and
 * today's ledger balance as the opening balance, from today (or the start) to the end date. Both read it from
 * `forecastOf`, so the home page and the graphs page cannot disagree.
 */
export class AgreementGraphsService {
  constructor(
    private readonly settings: SettingsService,
    private readonly clock: Clock,
  ) {}

  async graphs(
    em: EntityManager,
    user: CurrentUser | null,
    memberId: number,
    accountId: number,
    step: number,
  ): Promise<AgreementGraphs> {
    const context = await loadMemberAccount(em, user, memberId, accountId);
    const agreement = context.agreement;
    if (!agreement) throw new NotFoundError(OVERVIEW_MESSAGES.notFound);
    const [stored, history] = await Promise.all([
      this.forecastOf(em, agreement, this.clock.today()),
      monthlyFlows(em, context.accountId),
    ]);
    const forecast = stored.result.plan.forecast;
    return {
      allocationByCategory: allocationByCategory(agreement, stored.billers),
      forecast: {
        points: sampleSeries(forecast.days, step),
        lowestPoint: forecast.lowestPoint,
        firstDateBelowZero: forecast.firstDateBelowZero,
        firstDateBelowOverdrawLimit: forecast.firstDateBelowOverdrawLimit,
        overdrawLimit: forecast.overdrawLimit,
        verdict: stored.verdict,
      },
      history,
    };
  }

  /**
   * The overview's summary line (issue 8 item 7): the graphs page's verdict, nothing else computed. Null when the
   * account has no current agreement, or its stored data breaks a planner rule (the graphs page says why).
   */
  async accountForecast(
    em: EntityManager,
    user: CurrentUser | null,
    memberId: number,
    accountId: number,
  ): Promise<AccountForecast> {
    const context = await loadMemberAccount(em, user, memberId, accountId);
    if (!context.agreement) return { accountId: context.accountId, verdict: null };
    try {
      const { verdict } = await this.forecastOf(em, context.agreement, this.clock.today());
      return { accountId: context.accountId, verdict };
    } catch (error) {
      if (error instanceof DomainError) return { accountId: context.accountId, verdict: null };
      throw error;
    }
  }

  private async forecastOf(em: EntityManager, agreement: AgreementFacts, today: LocalDate) {
    const [balances, billers, settings] = await Promise.all([
      agreementBalances(em, [agreement.id], { asOf: today }),
      loadBillers(em, [agreement.id]),
      this.settings.serverSettings(em),
    ]);
    const opening = (balances.get(agreement.id) ?? ZERO_BALANCES).total;
    const result = calculateDepositPlan(storedDepositPlanData(agreement, billers, opening), today, {
      approvedOverdraw: settings.contractApprovedOverDrawOfAmount,
      upperContractLimit: settings.businessUpperContractLimit,
      overdrawRuleDurationDays: settings.initialOverdrawRuleDays,
    });
    const verdict = forecastVerdict({
      days: result.plan.forecast.days,
      today,
      approvedOverdraw: result.plan.forecast.overdrawLimit,
      depositAmount: agreement.depositAmount,
      minimum: result.plan.minimum,
    });
    return { result, billers, verdict };
  }
}
