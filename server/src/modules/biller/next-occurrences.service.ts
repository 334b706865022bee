import type { EntityManager } from '@mikro-orm/postgresql';
import type { CurrentUser } from '../../common/auth/current-user.js';
import type { Clock } from '../../shared/clock.js';
import { DomainError, NotFoundError } from '../../shared/errors.js';
import { addDays, type LocalDate } from '../../shared/local-date.js';
import { upcomingDeposits, versionOfAccount } from '../agreement/index.js';
import { nextOccurrences, OCCURRENCE_CAP } from '../../shared/bill/bill-schedule.rules.js';
import type { BillingFrequency } from '../../shared/bill/billing-frequency.js';
import { BillingSource } from '../../shared/biller/biller-codes.js';
import { loadBillers, loadSubCategories } from './biller-wizard.queries.js';

/**
 * PUT /api/contractpaymentdetails (2 §7, 3 §7: memberId, contractId, accountId, billerId, billingSource, limit) for
 * the next transaction occurrences: of a biller (billingSource 5), a sub-category (4, its id in billerId) or the
 * deposits (0, from the agreement's stored schedule), from today, at most `limit` of them (-1, the default: all, up
 * to the 10,000 cap). Any version the caller may see: reading is not editing.
 */
export interface NextOccurrencesRequest {
  memberId: number;
  accountId: number;
  contractId: number;
  billingSource: number;
  /** The biller's or sub-category's id (unused for the deposits). */
  sourceId: number | null;
  limit: number;
}

export const NEXT_OCCURRENCE_SOURCES = [
  BillingSource.Contribution,
  BillingSource.BillingSubCategory,
  BillingSource.Biller,
];

/** A limit as the spec has it: -1 is all of them (1 §9), else 0 up to the occurrence cap. */
export function checkOccurrenceLimit(limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < -1 || limit > OCCURRENCE_CAP) {
    throw new DomainError('INVALID_LIMIT', `limit must be -1 (all) or 0 to ${OCCURRENCE_CAP}.`, 'limit');
  }
  return limit;
}

export class NextOccurrencesService {
  constructor(private readonly clock: Clock) {}

  async next(
    em: EntityManager,
    user: CurrentUser | null,
    request: NextOccurrencesRequest,
  ): Promise<{ nextDate: LocalDate }[]> {
    const limit = checkOccurrenceLimit(request.limit);
    const version = await versionOfAccount(em, user, request);
    const today = this.clock.today();
    if (request.billingSource === BillingSource.Contribution) {
      const deposits = await upcomingDeposits(em, [version.id], today, limit === -1 ? OCCURRENCE_CAP : limit);
      return (deposits.get(version.id) ?? []).map((deposit) => ({ nextDate: deposit.dueDate }));
    }
    if (!NEXT_OCCURRENCE_SOURCES.includes(request.billingSource)) {
      throw new DomainError(
        'INVALID_BILLING_SOURCE',
        'billingSource must be 0 (deposits), 4 (a sub-category) or 5 (a biller).',
        'billingSource',
      );
    }
    const schedule = await this.scheduleOf(em, request, version.id);
    const dates = nextOccurrences(
      { ...schedule, frequency: schedule.frequency as BillingFrequency },
      { start: version.startDate, end: version.endDate },
      addDays(today, -1),
      limit,
    );
    return dates.map((occurrence) => ({ nextDate: occurrence.date }));
  }

  /** The biller's or sub-category's schedule; one refusal when it is not one of this version's. */
  private async scheduleOf(em: EntityManager, request: NextOccurrencesRequest, versionId: number) {
    const id = request.sourceId ?? 0;
    const item =
      request.billingSource === BillingSource.Biller
        ? (await loadBillers(em, { billerId: id }))[0]
        : (await loadSubCategories(em, { subCategoryId: id }))[0];
    if (!item || item.contractId !== versionId) throw new NotFoundError('Could not find the biller.');
    return {
      frequency: item.billingFrequency,
      dateOfBill: item.dateOfBill,
      secondDateOfBill: item.biMonthly2ndDate,
      finalBillDate: 'expectedFinalBillDate' in item ? item.expectedFinalBillDate : null,
    };
  }
}
