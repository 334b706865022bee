import type { EntityManager } from '@mikro-orm/postgresql';
import type { LocalDate } from '../../../shared/local-date.js';
import type { Cents } from '../../../shared/money.js';
import { intArray } from '../../../database/bulk.js';
import { dateOf, moneyOf, optionalDateOf } from '../../../database/row-values.js';
import { DepositStatus } from '../agreement-codes.js';
import { loadAgreementFacts, type AgreementFacts } from '../agreement-facts.js';
import { expectsDeposits } from '../projection/projection.rules.js';
import { onBankDays, scheduledDepositDates } from './plan-schedule.rules.js';
import type { PlanLineKind, PlanSource } from './plan-codes.js';
import type { PlanShares } from './agreed-plan.rules.js';

/** A version's stored plan as readers see it (plan/README.md). */
export interface StoredPlan {
  planId: number;
  agreementId: number;
  source: PlanSource;
  effectiveDate: LocalDate;
  contributionFrequency: number;
  firstDepositDate: LocalDate | null;
  depositAmount: Cents;
  depositDates: LocalDate[];
  openingBalance: Cents;
  shares: PlanShares;
  lines: StoredPlanLine[];
}

export interface StoredPlanLine {
  kind: PlanLineKind;
  billerId: number | null;
  subCategoryId: number | null;
  label: string;
  amount: Cents;
  periodTotal: Cents;
  billCount: number;
}

/** A deposit of the stored schedule still to come. */
export interface UpcomingDeposit {
  depositId: number;
  dueDate: LocalDate;
  amount: Cents;
}

type Row = Record<string, unknown>;

function datesOf(value: unknown): LocalDate[] {
  if (Array.isArray(value)) return value.map((date) => dateOf(date));
  const text = String(value ?? '{}').replace(/^\{|\}$/g, '');
  return text === '' ? [] : text.split(',').map((date) => dateOf(date));
}

/** The stored plans of these versions (a version without one is absent). */
export async function loadStoredPlans(
  em: EntityManager,
  versionIds: readonly number[],
): Promise<Map<number, StoredPlan>> {
  const plans = new Map<number, StoredPlan>();
  if (versionIds.length === 0) return plans;
  const rows = await em.execute<Row[]>(
    `select p.id, p.agreement_id, p.source, p.effective_date::text as effective_date, p.contribution_frequency,
       p.first_deposit_date::text as first_deposit_date, p.deposit_amount, p.deposit_dates::text[] as deposit_dates,
       p.opening_balance, p.allocation_share, p.contingency_share, p.rainy_day_share,
       coalesce((select json_agg(json_build_object('kind', l.kind, 'billerId', l.biller_id,
                  'subCategoryId', l.billing_sub_category_id, 'label', l.label, 'amount', l.amount::text,
                  'periodTotal', l.period_total::text, 'billCount', l.bill_count) order by l.position)
                 from agreement_plan_line l where l.plan_id = p.id), '[]') as lines
     from agreement_plan p where p.agreement_id = any(?::int[])`,
    [intArray(versionIds)],
  );
  for (const row of rows) {
    const lines = (typeof row.lines === 'string' ? JSON.parse(row.lines) : row.lines) as Row[];
    plans.set(Number(row.agreement_id), {
      planId: Number(row.id),
      agreementId: Number(row.agreement_id),
      source: Number(row.source) as PlanSource,
      effectiveDate: dateOf(row.effective_date),
      contributionFrequency: Number(row.contribution_frequency),
      firstDepositDate: optionalDateOf(row.first_deposit_date),
      depositAmount: moneyOf(row.deposit_amount),
      depositDates: datesOf(row.deposit_dates),
      openingBalance: moneyOf(row.opening_balance),
      shares: {
        allocation: moneyOf(row.allocation_share),
        contingency: moneyOf(row.contingency_share),
        rainyDay: moneyOf(row.rainy_day_share),
      },
      lines: lines.map((line) => ({
        kind: Number(line.kind) as PlanLineKind,
        billerId: line.billerId === null ? null : Number(line.billerId),
        subCategoryId: line.subCategoryId === null ? null : Number(line.subCategoryId),
        label: String(line.label),
        amount: moneyOf(line.amount),
        periodTotal: moneyOf(line.periodTotal),
        billCount: Number(line.billCount),
      })),
    });
  }
  return plans;
}

/**
 * When each version's stored plan took effect (a version without one is absent): the stored plans' effective date
 * alone, for a reader of many versions that needs nothing else of them (the deposit review's calendar), without
 * reading each plan's deposit dates and lines as `loadStoredPlans` does.
 */
export async function loadPlanEffectiveDates(
  em: EntityManager,
  versionIds: readonly number[],
): Promise<Map<number, LocalDate>> {
  const dates = new Map<number, LocalDate>();
  if (versionIds.length === 0) return dates;
  const rows = await em.execute<Row[]>(
    `select agreement_id, effective_date::text as effective_date from agreement_plan where agreement_id = any(?::int[])`,
    [intArray(versionIds)],
  );
  for (const row of rows) dates.set(Number(row.agreement_id), dateOf(row.effective_date));
  return dates;
}

export async function loadStoredPlan(em: EntityManager, versionId: number): Promise<StoredPlan | null> {
  return (await loadStoredPlans(em, [versionId])).get(versionId) ?? null;
}

/**
 * The stored schedule's deposits still to come from `today` (scheduled, due today or later), earliest first, at
 * most `limit` per agreement: "next deposit" and the deposit dates a screen lists.
 */
export async function upcomingDeposits(
  em: EntityManager,
  agreementIds: readonly number[],
  today: LocalDate,
  limit = 1,
): Promise<Map<number, UpcomingDeposit[]>> {
  const result = new Map<number, UpcomingDeposit[]>(agreementIds.map((id) => [id, []]));
  if (agreementIds.length === 0) return result;
  const rows = await em.execute<Row[]>(
    `select id, agreement_id, due_date::text as due_date, expected_amount from (
       select d.*, row_number() over (partition by d.agreement_id order by d.due_date, d.id) as n
       from scheduled_deposit d
       where d.agreement_id = any(?::int[]) and d.status = ? and d.due_date >= ?::date) x
     where n <= ? order by agreement_id, due_date, id`,
    [intArray(agreementIds), DepositStatus.Scheduled, today, limit],
  );
  for (const row of rows) {
    result.get(Number(row.agreement_id))!.push({
      depositId: Number(row.id),
      dueDate: dateOf(row.due_date),
      amount: moneyOf(row.expected_amount),
    });
  }
  return result;
}

/**
 * A version's next deposit in its stored schedule (its scheduled deposits still to come from `today`): what the change
 * applier wrote for it. Read inside the applier's rolled-back preview (`ChangeApplier.preview`), it is the first
 * deposit applying the change now will give it (on the bank's days, without the dates the version in force holds).
 */
export async function nextStoredDeposit(
  em: EntityManager,
  versionId: number,
  today: LocalDate,
): Promise<LocalDate | null> {
  return (await upcomingDeposits(em, [versionId], today, 1)).get(versionId)?.[0]?.dueDate ?? null;
}

/** The view-agreement page lists the next 12 deposits. */
export const DEPOSIT_DATES_SHOWN = 12;

/**
 * The next deposit dates from today: the stored schedule's deposits still to come; a version not yet in effect (no
 * stored schedule: awaiting approval or being applied) shows the schedule its saved deposits step would store.
 */
export async function nextDepositDates(
  em: EntityManager,
  agreement: AgreementFacts,
  today: LocalDate,
  count = DEPOSIT_DATES_SHOWN,
): Promise<LocalDate[]> {
  if (!expectsDeposits(agreement.status)) return []; // ended: its stored schedule is asked no more
  const [row] = await em.execute<{ scheduled: boolean }[]>(
    'select exists (select 1 from scheduled_deposit where agreement_id = ?) as scheduled',
    [agreement.id],
  );
  if (!row?.scheduled) {
    return scheduledDepositDates(agreement)
      .filter((date) => date >= today)
      .slice(0, count);
  }
  const upcoming = await upcomingDeposits(em, [agreement.id], today, count);
  return (upcoming.get(agreement.id) ?? []).map((deposit) => deposit.dueDate);
}

/**
 * A version's first deposit: its stored plan's (an applied version: read, never planned again), or (a version still
 * in the wizard) the first date of the schedule its deposits step saved from today on (a change's chosen next date; a
 * new agreement's start) on the bank's days: `firstBankDay` (plan-schedule.rules.ts#bankFirstDepositDay, tomorrow
 * once today's deposits step ran) moves an earlier first date to it, as applying the version now would
 * (`onBankDays`). The confirm page and the printed agreement read it.
 */
export async function firstDepositFrom(
  em: EntityManager,
  versionId: number,
  today: LocalDate,
  firstBankDay: LocalDate = today,
): Promise<LocalDate | null> {
  const stored = await loadStoredPlan(em, versionId);
  if (stored) return stored.firstDepositDate;
  const agreement = await loadAgreementFacts(em, versionId);
  if (!agreement) return null;
  const dates = scheduledDepositDates(agreement).filter((date) => date >= today);
  return onBankDays(dates, firstBankDay)[0] ?? null;
}
