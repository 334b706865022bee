import type { EntityManager } from '@mikro-orm/postgresql';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { ZERO } from '../../shared/money.js';
import { loadMemberAccount } from './account-context.js';
import { sampleSeries } from '../planner/index.js';
import { loadBillers } from './agreement-billers.js';
import { monthlyFlows } from './agreement-history.js';
import type { AccountForecast, AgreementGraphs } from './agreement-view.types.js';
import type { ProjectionService } from './projection/projection.service.js';
import { dailyBalances } from './projection/projection.rules.js';
import { forecastVerdictView } from './projection/projection.views.js';
import { forecastSummaryLines } from './projection/projection-words.rules.js';
import { allocationByCategory } from './stored-plan.js';

/**
 * The graphs page, and the forecast's verdict the overview leads with: both the agreement's projection (today's
 * ledger balance, the stored deposits still to come, the unpaid bills), so the home page, the graphs page, staff and
 * the at-risk list cannot disagree.
 */
export class AgreementGraphsService {
  constructor(private readonly projections: ProjectionService) {}

  async graphs(
    em: EntityManager,
    user: CurrentUser | null,
    memberId: number,
    accountId: number,
    step: number,
  ): Promise<AgreementGraphs> {
    const context = await loadMemberAccount(em, user, memberId, accountId);
    const agreement = context.agreement;
    const history = await monthlyFlows(em, context.accountId);
    // An account with no agreement yet (the header offers Graphs on every account): nothing to allocate or forecast.
    const forecast = agreement ? (await this.projections.forAgreement(em, agreement)).forecast : null;
    const billers = agreement ? await loadBillers(em, [agreement.id]) : [];
    const days = forecast ? dailyBalances(forecast) : [];
    const limit = forecast?.approvedOverdraw ?? ZERO;
    const marks = {
      lowestPoint: forecast?.lowestPoint ?? null,
      firstDateBelowZero: forecast?.firstShortDate ?? null,
      firstDateBelowOverdrawLimit: days.find((day) => day.balance < -limit)?.date ?? null,
    };
    return {
      allocationByCategory: agreement ? allocationByCategory(agreement, billers) : [],
      forecast: {
        points: sampleSeries(days, step),
        ...marks,
        overdrawLimit: limit,
        verdict: forecastVerdictView(forecast, context.memberResigned),
        summary: forecastSummaryLines(marks),
      },
      history,
    };
  }

  /** The overview's summary line (issue 8 item 7): the projection's verdict. Null without a current agreement. */
  async accountForecast(
    em: EntityManager,
    user: CurrentUser | null,
    memberId: number,
    accountId: number,
  ): Promise<AccountForecast> {
    const context = await loadMemberAccount(em, user, memberId, accountId);
    if (!context.agreement) return { accountId: context.accountId, verdict: null };
    const projection = await this.projections.forAgreement(em, context.agreement);
    return { accountId: context.accountId, verdict: forecastVerdictView(projection.forecast, context.memberResigned) };
  }
}
