import type { EntityManager } from '@mikro-orm/postgresql';
import type { LocalDate } from '../../../shared/local-date.js';
import { toDecimalString, ZERO, type Cents } from '../../../shared/money.js';
import { intArray } from '../../../database/bulk.js';
import { loadPlannerDefaults } from '../../planner/index.js';
import { SettingsService } from '../../settings/index.js';
import { DepositStatus } from '../agreement-codes.js';
import { loadBillers, type BillerFacts } from '../agreement-billers.js';
import { AGREEMENT_COLUMNS, agreementFactsOf, type AgreementRow } from '../agreement-facts.js';
import { AgreementStatus } from '../agreement-status.js';
import { agreedPlanOf, type AgreedPlan } from './agreed-plan.rules.js';
import { PlanSource } from './plan-codes.js';
import type { HeldBills } from '../stored-plan.js';

/** Deposits that can still receive money: the ones a stored plan splits when they arrive. */
const OPEN_DEPOSIT_STATUSES = `{${[DepositStatus.Scheduled, DepositStatus.Missed, DepositStatus.PartlyReceived].join(',')}}`;

/** Versions that run (or wait for their start) with deposits to come: what the backfill stores a plan for. */
export const PLANNED_STATUSES: readonly AgreementStatus[] = [
  AgreementStatus.Approved,
  AgreementStatus.Active,
  AgreementStatus.MissedDeposit,
  AgreementStatus.Locked,
];

export interface PlanRequest {
  versionId: number;
  /** Default: the version's start date. */
  effectiveDate?: LocalDate;
  /** Default: 0 (nothing held). */
  openingBalance?: Cents;
  /** The bank's first day for a deposit now (`bankFirstDepositDay`): deposits dated before it move to it. */
  firstBankDay?: LocalDate;
  /** A change's dates whose deposit stayed with the version in force (received or missed): not counted; default none. */
  heldDepositDates?: readonly LocalDate[];
  /** What a change's stored bills say (`../held-bills.ts`): owed, and paid already; default none. */
  heldBills?: HeldBills;
}

export interface StoredPlanRef {
  planId: number;
  /** The plan as computed now; null when it was stored before (then it is left as it is). */
  plan: AgreedPlan | null;
}

/** Agreements per statement in the backfill. */
const BATCH = 200;

/**
 * Stores the agreed plan of each version that has none (plan/README.md), in the caller's transaction: the plan row,
 * its lines, and its open scheduled deposits pointed at it. A version with a plan keeps it: the plan is stored once
 * and never recomputed. Answers every requested version's plan id.
 */
export async function storeAgreedPlans(
  tx: EntityManager,
  requests: readonly PlanRequest[],
  source: PlanSource,
): Promise<Map<number, StoredPlanRef>> {
  const result = new Map<number, StoredPlanRef>();
  if (requests.length === 0) return result;
  const ids = requests.map((r) => r.versionId);
  const existing = await tx.execute<{ id: number; agreement_id: number }[]>(
    'select id, agreement_id from agreement_plan where agreement_id = any(?::int[])',
    [intArray(ids)],
  );
  for (const row of existing) result.set(Number(row.agreement_id), { planId: Number(row.id), plan: null });
  const wanted = requests.filter((r) => !result.has(r.versionId));
  if (wanted.length === 0) return result;
  const rows = await tx.execute<AgreementRow[]>(
    `select ${AGREEMENT_COLUMNS} from agreement g left join overdraw_rule r on r.id = g.overdraw_rule_id
     where g.id = any(?::int[]) order by g.id`,
    [intArray(wanted.map((r) => r.versionId))],
  );
  const [billers, defaults] = [
    await loadBillers(
      tx,
      wanted.map((r) => r.versionId),
    ),
    await loadPlannerDefaults(tx, new SettingsService()),
  ];
  const billersOf = new Map<number, BillerFacts[]>();
  for (const biller of billers)
    billersOf.set(biller.agreementId, [...(billersOf.get(biller.agreementId) ?? []), biller]);
  const byId = new Map(wanted.map((r) => [r.versionId, r]));
  const plans: { versionId: number; plan: AgreedPlan }[] = [];
  for (const row of rows) {
    const facts = agreementFactsOf(row);
    if (!facts) continue;
    const request = byId.get(facts.id)!;
    const plan = agreedPlanOf(facts, billersOf.get(facts.id) ?? [], {
      effectiveDate: request.effectiveDate ?? facts.startDate,
      openingBalance: request.openingBalance ?? ZERO,
      defaults,
      firstBankDay: request.firstBankDay,
      heldDepositDates: request.heldDepositDates,
      heldBills: request.heldBills,
    });
    plans.push({ versionId: facts.id, plan });
  }
  const inserted = await insertPlans(tx, plans, source);
  for (const { versionId, plan } of plans) result.set(versionId, { planId: inserted.get(versionId)!, plan });
  await attachOpenDeposits(tx, [...inserted.keys()]);
  return result;
}

/** The agreed plan of one version (stored now, or the one it already has). */
export async function storeAgreedPlan(
  tx: EntityManager,
  request: PlanRequest,
  source: PlanSource,
): Promise<StoredPlanRef> {
  return (await storeAgreedPlans(tx, [request], source)).get(request.versionId)!;
}

/**
 * Stores the plan of every running version that has none, as the bank day split its deposits until plans were
 * stored (from its start, nothing held): the migration, the demo data and `npm run seed` call it. A change approved
 * and waiting to be applied (1 with a previous version) is left to the change applier. `onlyVersions`: just these
 * (a seed batch). Answers how many.
 */
export async function storeMissingPlans(tx: EntityManager, onlyVersions?: readonly number[]): Promise<number> {
  let stored = 0;
  for (;;) {
    const rows = await tx.execute<{ id: number }[]>(
      `select g.id from agreement g where g.status = any(?::smallint[])
         and not (g.status = ${AgreementStatus.Approved} and g.previous_id is not null)
         and not exists (select 1 from agreement_plan p where p.agreement_id = g.id)
         and (?::int[] is null or g.id = any(?::int[]))
       order by g.id limit ?`,
      [`{${PLANNED_STATUSES.join(',')}}`, ...Array(2).fill(onlyVersions ? intArray(onlyVersions) : null), BATCH],
    );
    if (rows.length === 0) return stored;
    await storeAgreedPlans(
      tx,
      rows.map((row) => ({ versionId: Number(row.id) })),
      PlanSource.Backfill,
    );
    stored += rows.length;
  }
}

/** Points the versions' deposits that can still receive money at their version's plan. */
export async function attachOpenDeposits(tx: EntityManager, versionIds: readonly number[]): Promise<void> {
  if (versionIds.length === 0) return;
  await tx.execute(
    `update scheduled_deposit d set plan_id = p.id from agreement_plan p
     where p.agreement_id = d.agreement_id and d.agreement_id = any(?::int[])
       and d.status = any(?::smallint[]) and d.plan_id is distinct from p.id`,
    [intArray(versionIds), OPEN_DEPOSIT_STATUSES],
    'run',
  );
}

async function insertPlans(
  tx: EntityManager,
  plans: readonly { versionId: number; plan: AgreedPlan }[],
  source: PlanSource,
): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  if (plans.length === 0) return ids;
  const planRows = plans.map(({ versionId, plan }) => ({
    agreement_id: versionId,
    effective_date: plan.effectiveDate,
    contribution_frequency: plan.contributionFrequency,
    first_deposit_date: plan.firstDepositDate,
    deposit_amount: toDecimalString(plan.depositAmount),
    deposit_dates: plan.depositDates,
    opening_balance: toDecimalString(plan.openingBalance),
    allocation_share: toDecimalString(plan.shares.allocation),
    contingency_share: toDecimalString(plan.shares.contingency),
    rainy_day_share: toDecimalString(plan.shares.rainyDay),
  }));
  const rows = await tx.execute<{ id: number; agreement_id: number }[]>(
    `insert into agreement_plan (agreement_id, effective_date, contribution_frequency, first_deposit_date,
       deposit_amount, deposit_dates, opening_balance, allocation_share, contingency_share, rainy_day_share, source)
     select agreement_id, effective_date, contribution_frequency, first_deposit_date, deposit_amount, deposit_dates,
       opening_balance, allocation_share, contingency_share, rainy_day_share, ?
     from jsonb_to_recordset(?::jsonb) as t(agreement_id int, effective_date date, contribution_frequency smallint,
       first_deposit_date date, deposit_amount numeric, deposit_dates date[], opening_balance numeric,
       allocation_share numeric, contingency_share numeric, rainy_day_share numeric)
     returning id, agreement_id`,
    [source, JSON.stringify(planRows)],
  );
  for (const row of rows) ids.set(Number(row.agreement_id), Number(row.id));
  const idOf = (key: string | null, prefix: string) =>
    key !== null && key.startsWith(prefix) ? Number(key.slice(prefix.length)) : null;
  const lineRows = plans.flatMap(({ versionId, plan }) =>
    plan.lines.map((line, position) => ({
      plan_id: ids.get(versionId)!,
      position,
      kind: line.kind,
      biller_id: idOf(line.billerKey, 'biller:'),
      billing_sub_category_id: idOf(line.billerKey, 'subcategory:'),
      label: line.label.slice(0, 200),
      amount: toDecimalString(line.amount),
      period_total: toDecimalString(line.periodTotal),
      bill_count: line.billCount,
    })),
  );
  if (lineRows.length === 0) return ids;
  await tx.execute(
    `insert into agreement_plan_line (plan_id, position, kind, biller_id, billing_sub_category_id, label, amount,
       period_total, bill_count)
     select plan_id, position, kind, biller_id, billing_sub_category_id, label, amount, period_total, bill_count
     from jsonb_to_recordset(?::jsonb) as t(plan_id int, position smallint, kind smallint, biller_id int,
       billing_sub_category_id int, label text, amount numeric, period_total numeric, bill_count int)`,
    [JSON.stringify(lineRows)],
    'run',
  );
  return ids;
}
