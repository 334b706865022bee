import type { EntityManager } from '@mikro-orm/postgresql';
import type { LocalDate } from '../../shared/local-date.js';
import type { Cents } from '../../shared/money.js';
import { dateOf, moneyOf, optionalDateOf, optionalMoneyOf } from '../../database/row-values.js';
import { AgreementStatus, OPEN_CHANGE_STATUSES } from './agreement-status.js';

/** Versions that no longer speak for the account: expired, cancelled, renewed (as AccountService decides). */
export const SUPERSEDED_AGREEMENT_STATUSES: readonly AgreementStatus[] = [
  AgreementStatus.Expired,
  AgreementStatus.Cancelled,
  AgreementStatus.Renewed,
];

/**
 * SQL ordering that puts an account's current agreement version first among its versions: the newest, except that a
 * change waiting to be applied is not current until it is: a modification being edited or awaiting the member's
 * approval (9) or approved by the member (1) that changes another one (it has a previous version), or a queued or
 * in-progress change (2, 3); the version it changes stays current (it keeps running: bills are paid from it).
 * Every "current agreement of an account" query orders by this (overview, account list, bill dashboard, member
 * search).
 */
export function currentAgreementFirst(alias?: string): string {
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
  const waiting =
    `(${column('status')} in (${AgreementStatus.Queued}, ${AgreementStatus.InProgress})` +
    ` or (${column('status')} in (${AgreementStatus.Approved}, ${AgreementStatus.ModificationPendingApproval})` +
    ` and ${column('previous_id')} is not null))`;
  return `${waiting}, ${column('id')} desc`;
}

/**
 * SQL joining each row of `accountAlias` (an `account` row) to its current agreement version `g` (none: nulls) and
 * that version's overdraw rule `r`, the columns AGREEMENT_COLUMNS reads: the overview's account context and the
 * account summary read an account's agreement this way.
 */
export function currentAgreementJoin(accountAlias: string): string {
  return `left join lateral (
         select * from agreement x
         where x.account_id = ${accountAlias}.id and x.status not in (${SUPERSEDED_AGREEMENT_STATUSES.join(',')})
         order by ${currentAgreementFirst('x')} limit 1
       ) g on true
       left join overdraw_rule r on r.id = g.overdraw_rule_id`;
}

/** What the portal screens read of an agreement row (and its overdraw rule's limit). */
export interface AgreementFacts {
  id: number;
  accountId: number;
  status: AgreementStatus;
  startDate: LocalDate;
  endDate: LocalDate;
  contributionFrequency: number;
  depositAmount: Cents;
  contributionDate: LocalDate | null;
  nextDepositDate: LocalDate | null;
  nextDepositAmount: Cents | null;
  biMonthlyFirstDate: LocalDate | null;
  biMonthlySecondDate: LocalDate | null;
  /** Which of the two twice-a-month dates the deposits start on (1 or 2); null: the contribution date decides. */
  selectedContributionDate: number | null;
  overdrawRuleDurationDays: number;
  overrideOverdrawRule: boolean;
  overrideOverdrawRuleDurationDays: number | null;
  /** The agreement's approved overdraw, else its rule's maximum; null: the server setting. */
  approvedOverdrawAmount: Cents | null;
  totalContractValue: Cents | null;
  memberApprovedAt: Date | null;
}

/** The select list for an `agreement g` (left) joined to `overdraw_rule r` on `r.id = g.overdraw_rule_id`. */
export const AGREEMENT_COLUMNS = `g.id as g_id, g.account_id as g_account_id, g.status as g_status,
  g.start_date::text as g_start_date, g.end_date::text as g_end_date,
  g.contribution_frequency as g_contribution_frequency, g.deposit_amount as g_deposit_amount,
  g.contribution_date::text as g_contribution_date, g.next_deposit_date::text as g_next_deposit_date,
  g.next_deposit_amount as g_next_deposit_amount,
  g.bi_monthly_first_date::text as g_bi_monthly_first_date, g.bi_monthly_second_date::text as g_bi_monthly_second_date,
  g.selected_contribution_date as g_selected_contribution_date,
  g.overdraw_rule_duration_days as g_overdraw_rule_duration_days, g.override_overdraw_rule as g_override_overdraw_rule,
  g.override_overdraw_rule_duration_days as g_override_overdraw_rule_duration_days,
  coalesce(g.approved_overdraw_amount, r.max_overdraw_amount) as g_approved_overdraw_amount,
  g.total_contract_value as g_total_contract_value, g.member_approved_at as g_member_approved_at`;

export type AgreementRow = Record<string, unknown>;

/** The facts from a row selected with AGREEMENT_COLUMNS; null when the left join found no agreement. */
export function agreementFactsOf(row: AgreementRow): AgreementFacts | null {
  if (row.g_id === null || row.g_id === undefined) return null;
  const approvedAt = row.g_member_approved_at;
  return {
    id: Number(row.g_id),
    accountId: Number(row.g_account_id),
    status: Number(row.g_status) as AgreementStatus,
    startDate: dateOf(row.g_start_date),
    endDate: dateOf(row.g_end_date),
    contributionFrequency: Number(row.g_contribution_frequency),
    depositAmount: moneyOf(row.g_deposit_amount),
    contributionDate: optionalDateOf(row.g_contribution_date),
    nextDepositDate: optionalDateOf(row.g_next_deposit_date),
    nextDepositAmount: optionalMoneyOf(row.g_next_deposit_amount),
    biMonthlyFirstDate: optionalDateOf(row.g_bi_monthly_first_date),
    biMonthlySecondDate: optionalDateOf(row.g_bi_monthly_second_date),
    selectedContributionDate:
      row.g_selected_contribution_date === null || row.g_selected_contribution_date === undefined
        ? null
        : Number(row.g_selected_contribution_date),
    overdrawRuleDurationDays: Number(row.g_overdraw_rule_duration_days),
    overrideOverdrawRule: Boolean(row.g_override_overdraw_rule),
    overrideOverdrawRuleDurationDays:
      row.g_override_overdraw_rule_duration_days === null ? null : Number(row.g_override_overdraw_rule_duration_days),
    approvedOverdrawAmount: optionalMoneyOf(row.g_approved_overdraw_amount),
    totalContractValue: optionalMoneyOf(row.g_total_contract_value),
    memberApprovedAt:
      approvedAt === null || approvedAt === undefined
        ? null
        : approvedAt instanceof Date
          ? approvedAt
          : new Date(String(approvedAt)),
  };
}

/** One agreement by id (any status). */
export async function loadAgreementFacts(em: EntityManager, agreementId: number): Promise<AgreementFacts | null> {
  const rows = await em.execute<AgreementRow[]>(
    `select ${AGREEMENT_COLUMNS} from agreement g left join overdraw_rule r on r.id = g.overdraw_rule_id where g.id = ?`,
    [agreementId],
  );
  return rows.length === 0 ? null : agreementFactsOf(rows[0]);
}

/** The account's current agreement (its newest version not expired, cancelled or renewed), as the overview finds it. */
export async function loadCurrentAgreementFacts(em: EntityManager, accountId: number): Promise<AgreementFacts | null> {
  const rows = await em.execute<AgreementRow[]>(
    `select ${AGREEMENT_COLUMNS} from agreement g left join overdraw_rule r on r.id = g.overdraw_rule_id
     where g.account_id = ? and g.status not in (${SUPERSEDED_AGREEMENT_STATUSES.join(',')})
     order by ${currentAgreementFirst('g')} limit 1`,
    [accountId],
  );
  return rows.length === 0 ? null : agreementFactsOf(rows[0]);
}

/**
 * SQL for the start date (text) of the version that took over from the agreement `alias`: its newest later version
 * not still on its way (once replaced, a version gets no new ones; a failed change before it is older). Null: none.
 */
export function successorStartSql(alias: string): string {
  return `case when ${alias}.status = ${AgreementStatus.Renewed} then (select s.start_date::text from agreement s
    where s.previous_id = ${alias}.id and s.status not in (${OPEN_CHANGE_STATUSES.join(',')})
    order by s.id desc limit 1) end`;
}

/** The start date of the version that replaced `agreement` (only a version in status 10 was replaced; the SQL says none for others). */
export async function loadSuccessorStart(
  em: EntityManager,
  agreement: Pick<AgreementFacts, 'id' | 'status'>,
): Promise<{ startDate: LocalDate } | null> {
  if (agreement.status !== AgreementStatus.Renewed) return null;
  const [row] = await em.execute<{ start_date: string | null }[]>(
    `select ${successorStartSql('g')} as start_date from agreement g where g.id = ?`,
    [agreement.id],
  );
  const startDate = optionalDateOf(row?.start_date);
  return startDate === null ? null : { startDate };
}
