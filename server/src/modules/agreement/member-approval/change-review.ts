import type { EntityManager } from '@mikro-orm/postgresql';
import { intArray } from '../../../database/bulk.js';
import { dateOf, instantOf, moneyOf, optionalDateOf, optionalMoneyOf } from '../../../database/row-values.js';
import { BillerStatus, type ModificationState } from '../../../shared/biller/biller-codes.js';
import { AgreementChangeType } from '../agreement-codes.js';
import { reviewChange, type ChangeReview, type ReviewItem, type ReviewPlan } from './change-review.rules.js';

/** A version as the review reads it: what it changes, whether it is a renewal, and whether staff sent it. */
export interface ReviewedVersion {
  id: number;
  accountId: number;
  status: number;
  previousId: number | null;
  isRenewal: boolean;
  /**
   * Staff sent it to the member (a new agreement activated at step 8, a change by save all): the status writer's
   * `sentToMember`, `activated_by_id` (state/README.md); `sentAt` and `sentBy` say when and who.
   */
  sentToMember: boolean;
  sentAt: Date | null;
  sentBy: string | null;
}

type Row = Record<string, unknown>;

const ITEMS = `select 'biller' as kind, b.id, b.agreement_id, b.previous_id, b.modification_state, b.status, b.nickname,
    b.expected_bill_value::text as expected_bill_value, b.billing_frequency, b.date_of_bill::text as date_of_bill,
    b.second_date_of_bill::text as second_date_of_bill, not b.is_auto_payment as paid_by_hand, b.does_amount_vary,
    b.is_season_bill, b.peak_value_of_bill::text as peak_value, b.off_peak_value_of_bill::text as off_peak_value,
    case when b.is_final_bill_expected then b.expected_final_bill_date::text end as final_bill_date,
    b.payment_method::text as payment_method, b.bpay_biller_code, b.customer_reference_number, b.bsb_number,
    b.eft_account_number, b.eft_account_name, b.eft_reference_number, b.direct_debit_account_number,
    case when b.is_notification_enabled then 'On' else 'Off' end as reminder
  from biller b where b.agreement_id = any(?::int[])
  union all
  select 'subcategory', s.id, s.agreement_id, s.previous_id, s.modification_state, s.status, s.nickname,
    s.expected_bill_value::text, s.billing_frequency, s.date_of_bill::text, s.second_date_of_bill::text, true,
    s.does_amount_vary, false, null, null, null, null, null, null, null, null, null, null, null, null
  from billing_sub_category s where s.agreement_id = any(?::int[])
  order by 1, 7, 2`;

function itemOf(row: Row): ReviewItem {
  const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
  const isSubCategory = row.kind === 'subcategory';
  return {
    key: `${String(row.kind)}:${Number(row.id)}`,
    previousKey: row.previous_id === null ? null : `${String(row.kind)}:${Number(row.previous_id)}`,
    isSubCategory,
    modificationState: Number(row.modification_state) as ModificationState,
    removed: Number(row.status) === BillerStatus.Removed,
    nickname: String(row.nickname),
    expectedBillValue: moneyOf(row.expected_bill_value),
    billingFrequency: Number(row.billing_frequency),
    dateOfBill: dateOf(row.date_of_bill),
    secondDateOfBill: optionalDateOf(row.second_date_of_bill),
    paidByHand: Boolean(row.paid_by_hand),
    amountVaries: Boolean(row.does_amount_vary),
    isSeasonBill: Boolean(row.is_season_bill),
    peakValue: row.is_season_bill ? optionalMoneyOf(row.peak_value) : null,
    offPeakValue: row.is_season_bill ? optionalMoneyOf(row.off_peak_value) : null,
    finalBillDate: optionalDateOf(row.final_bill_date),
    paymentDetails: isSubCategory
      ? {}
      : {
          'Payment method': text(row.payment_method),
          'BPAY biller code': text(row.bpay_biller_code),
          'Customer reference number': text(row.customer_reference_number),
          BSB: text(row.bsb_number),
          'Account number': text(row.eft_account_number),
          'Account name': text(row.eft_account_name),
          'Payment reference': text(row.eft_reference_number),
          'Direct debit account': text(row.direct_debit_account_number),
          Reminder: text(row.reminder),
        },
  };
}

function planOf(row: Row): ReviewPlan {
  return {
    startDate: dateOf(row.start_date),
    endDate: dateOf(row.end_date),
    depositAmount: moneyOf(row.deposit_amount),
    contributionFrequency: Number(row.contribution_frequency),
    contributionDate: optionalDateOf(row.contribution_date),
    biMonthlyFirstDate: optionalDateOf(row.bi_monthly_first_date),
    biMonthlySecondDate: optionalDateOf(row.bi_monthly_second_date),
  };
}

const PLAN = `id, account_id, status, previous_id, start_date::text as start_date, end_date::text as end_date,
  deposit_amount::text as deposit_amount, contribution_frequency, contribution_date::text as contribution_date,
  bi_monthly_first_date::text as bi_monthly_first_date, bi_monthly_second_date::text as bi_monthly_second_date,
  activated_at, activated_by_id`;

/** The version (null when it does not exist). */
export async function reviewedVersion(em: EntityManager, versionId: number): Promise<ReviewedVersion | null> {
  const [row] = await em.execute<Row[]>(
    `select g.id, g.account_id, g.status, g.previous_id, g.activated_at, g.activated_by_id is not null as sent,
       u.display_name as sent_by,
       exists (select 1 from agreement_change c where c.agreement_id = g.id and c.change_type = ?) as is_renewal
     from agreement g left join app_user u on u.id = g.activated_by_id where g.id = ?`,
    [AgreementChangeType.Renewal, versionId],
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    accountId: Number(row.account_id),
    status: Number(row.status),
    previousId: row.previous_id === null ? null : Number(row.previous_id),
    isRenewal: Boolean(row.is_renewal),
    sentToMember: row.sent === true,
    sentAt: row.activated_at === null || row.activated_at === undefined ? null : new Date(instantOf(row.activated_at)),
    sentBy: row.sent_by === null || row.sent_by === undefined ? null : String(row.sent_by),
  };
}

/**
 * What the version `versionId` changes of the version it replaces (change-review.rules.ts); null for a version that
 * replaces none (a new agreement: everything in it is new).
 */
export async function loadChangeReview(em: EntityManager, versionId: number): Promise<ChangeReview | null> {
  const version = await reviewedVersion(em, versionId);
  if (!version || version.previousId === null) return null;
  const ids = intArray([version.id, version.previousId]);
  const plans = await em.execute<Row[]>(`select ${PLAN} from agreement where id = any(?::int[])`, [ids]);
  const plan = plans.find((row) => Number(row.id) === version.id);
  const previousPlan = plans.find((row) => Number(row.id) === version.previousId);
  if (!plan || !previousPlan) return null;
  const rows = await em.execute<Row[]>(ITEMS, [ids, ids]);
  const items = rows.filter((row) => Number(row.agreement_id) === version.id).map(itemOf);
  const previousItems = new Map(
    rows
      .filter((row) => Number(row.agreement_id) === version.previousId)
      .map((row) => [`${String(row.kind)}:${Number(row.id)}`, itemOf(row)] as const),
  );
  return reviewChange({
    isRenewal: version.isRenewal,
    items,
    previousItems,
    plan: planOf(plan),
    previousPlan: planOf(previousPlan),
  });
}
