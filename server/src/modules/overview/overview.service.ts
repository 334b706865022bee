import type { EntityManager } from '@mikro-orm/postgresql';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { isStaff } from '../../common/auth/roles.js';
import type { Clock } from '../../shared/clock.js';
import { filterTotals } from '../activity-history/index.js';
import {
  allocationByCategory,
  billersOnHold,
  loadMemberAccountWith,
  projectFacts,
  projectionView,
  splitBillers,
  termEndDue,
  termEndFactsOf,
  toAgreementSummary,
} from '../agreement/index.js';
import { coreBankingSettingsOf, serverSettingsOf } from '../settings/index.js';
import { accountAgreementNotes } from '../note/index.js';
import { OVERVIEW_COLUMNS, overviewRowsOf } from './overview.queries.js';
import { upcomingBills } from './overview.rules.js';
import type { AccountOverview } from './overview.types.js';

/**
 * The overview page in a constant number of statements whatever the size of the agreement: ONE for a member (the
 * account with its link and agreement, the access check, and the balances, billers and sub-categories, bills, stored
 * deposits and activity counts as JSON columns: overview.queries.ts), and the notes after it for staff. Its figures
 * are the agreement's projection (agreement/projection/), computed from those rows.
 * tests/integration/overview-sql-count.test.ts holds it to that.
 */
export class OverviewService {
  constructor(private readonly clock: Clock) {}

  async accountOverview(
    em: EntityManager,
    user: CurrentUser | null,
    memberId: number,
    accountId: number | null | undefined,
    { withNotes = true }: { withNotes?: boolean } = {},
  ): Promise<AccountOverview> {
    const staff = user !== null && isStaff(user.roles);
    const { context, row } = await loadMemberAccountWith(em, user, memberId, accountId, OVERVIEW_COLUMNS);
    const notes = staff && withNotes ? await this.notes(em, context.accountId) : null;
    const agreement = context.agreement;
    const { balances, billers, bills, deposits, activityCounts, serverSettings, termEnd, coreBankingSettings } =
      overviewRowsOf(row, agreement?.id ?? null);
    const today = this.clock.today();
    // The agreement as of today: every figure of the page (summary, What's next, bills due, forecast) reads it.
    const projection = agreement
      ? projectFacts(
          { agreement, balances, billers, bills, deposits },
          today,
          serverSettingsOf(serverSettings).contractApprovedOverDrawOfAmount,
        )
      : null;
    const view = projection ? projectionView(projection, context.memberResigned, staff, context.accountNumber) : null;
    // The two billers tables are built when read: the page's first query does not ask for them (each table loads
    // its own), and a view of every bill of the agreement is most of the work here (issue 13 item 8).
    let lists: ReturnType<typeof splitBillers> | undefined;
    const split = () => (lists ??= splitBillers(billers, bills, today));
    return {
      accountId: context.accountId,
      memberId,
      agreement:
        agreement && projection
          ? {
              ...toAgreementSummary(agreement, projection, billersOnHold(billers, bills), context.memberResigned),
              // Read on the same statement (the term-end service reads the same facts on its own).
              termEndDueRead: termEndDue(
                termEndFactsOf(agreement, termEnd, coreBankingSettingsOf(coreBankingSettings).renewalNoticeDays, today),
              ),
            }
          : null,
      projection: view,
      allocationByCategory: agreement ? allocationByCategory(agreement, billers) : [],
      get autoBillers() {
        return split().auto;
      },
      get manualBillers() {
        return split().manual;
      },
      upcomingBills: view ? upcomingBills(view.billsDue) : [],
      activityTotals: filterTotals(activityCounts, staff),
      notes,
    };
  }

  /**
   * Staff's notes of the account's agreement, newest first. GraphQL reads them as a field of their own (`notes`), so
   * that a failure there leaves the rest of the page (`accountOverview` is read with `withNotes: false`); the REST
   * overview carries them as before. The access check is the overview's, which the field's parent has passed.
   */
  notes(em: EntityManager, accountId: number) {
    return accountAgreementNotes(em, accountId);
  }
}
