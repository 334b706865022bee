import type { EntityManager } from '@mikro-orm/postgresql';
import type { CurrentUser } from '../../common/auth/current-user.js';
import type { Clock } from '../../common/clock.js';
import { NotFoundError } from '../../common/errors.js';
import { agreementBalances, ZERO_BALANCES } from '../ledger/ledger-balances.js';
import { loadMemberAccount, OVERVIEW_MESSAGES } from '../overview/account-context.js';
import { sampleSeries } from '../planner/deposit-forecast.types.js';
import { calculateDepositPlan } from '../planner/planner.calculations.js';
import type { SettingsService } from '../settings/settings.service.js';
import { loadBillers } from './agreement-billers.js';
import { monthlyFlows } from './agreement-history.js';
import type { AgreementGraphs } from './agreement-view.types.js';
import { allocationByCategory, storedDepositPlanData } from './stored-plan.js';

/**
 * The graphs page. The forecast is the deposits step's own calculation (`calculateDepositPlan`) on the stored
 * agreement: its deposit schedule and amount, its billers, and today's ledger balance as the opening balance,
 * from today (or the start) to the end date.
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
    const today = this.clock.today();
    const [balances, billers, history, settings] = await Promise.all([
      agreementBalances(em, [agreement.id], { asOf: today }),
      loadBillers(em, [agreement.id]),
      monthlyFlows(em, context.accountId),
      this.settings.serverSettings(em),
    ]);
    const opening = (balances.get(agreement.id) ?? ZERO_BALANCES).total;
    const result = calculateDepositPlan(storedDepositPlanData(agreement, billers, opening), today, {
      approvedOverdraw: settings.contractApprovedOverDrawOfAmount,
      upperContractLimit: settings.businessUpperContractLimit,
      overdrawRuleDurationDays: settings.initialOverdrawRuleDays,
    });
    const forecast = result.plan.forecast;
    return {
      allocationByCategory: allocationByCategory(agreement, billers),
      forecast: {
        points: sampleSeries(forecast.days, step),
        lowestPoint: forecast.lowestPoint,
        firstDateBelowZero: forecast.firstDateBelowZero,
        firstDateBelowOverdrawLimit: forecast.firstDateBelowOverdrawLimit,
        overdrawLimit: forecast.overdrawLimit,
      },
      history,
    };
  }
}
