import type { EntityManager } from '@mikro-orm/postgresql';
import type { LocalDate } from '../shared/local-date.js';
import {
  AGREEMENT_COLUMNS,
  agreementFactsOf,
  type AgreementProjection,
  currentAgreementFirst,
  DepositStatus,
  SUPERSEDED_AGREEMENT_STATUSES,
} from '../modules/agreement/index.js';
import type { Services } from '../services.js';

/**
 * What the simulation reads of the world each day (read only: every change goes through the app's API). An account's
 * current agreement version (as every screen picks it), the member who holds it and that member's savings accounts.
 */

export interface SimAccount {
  accountId: number;
  agreementId: number;
  status: number;
  endDate: LocalDate;
  /** The deposit frequency code (the renewal's deposits step keeps it). */
  frequency: number;
  memberId: number;
  username: string;
  /** The member's linked savings accounts, richest first. */
  savings: string[];
  /** A member of the account has resigned: no deposit is taken, the verdict is "Suspended". */
  resigned: boolean;
  /** The account's projection as the owner computes it (the reference every view is compared with). */
  projection: AgreementProjection;
}

interface AccountRow {
  agreement_id: number;
  account_id: number;
  status: number;
  member_id: number | null;
  username: string | null;
  savings: string[] | null;
  resigned: boolean;
}

/**
 * Every account with an agreement, its current version (as the overview picks it: one that has not ended, else the
 * last one that did)'s projection, the member who holds it, id order. */
export async function loadAccounts(em: EntityManager, services: Services): Promise<SimAccount[]> {
  const rows = await em.execute<AccountRow[]>(
    `select c.id as agreement_id, c.account_id, c.status, m.member_id, u.username,
            (select array_agg(la.account_number order by la.id) from linked_account la
              where la.member_id = m.member_id) as savings,
            exists (select 1 from member_account_link l join member mm on mm.id = l.member_id
                    where l.account_id = c.account_id and mm.is_resigned) as resigned
     from (select distinct on (g.account_id) g.id, g.account_id, g.status from agreement g
           order by g.account_id, g.status in (${SUPERSEDED_AGREEMENT_STATUSES.join(', ')}),
                    ${currentAgreementFirst('g')}) c
     left join lateral (select l.member_id from member_account_link l join member mm on mm.id = l.member_id
                        where l.account_id = c.account_id and l.is_active order by l.member_id limit 1) m on true
     left join app_user u on u.member_id = m.member_id
     order by c.account_id`,
  );
  const ids = rows.map((row) => Number(row.agreement_id));
  const facts = (
    await em.execute<Record<string, unknown>[]>(
      `select ${AGREEMENT_COLUMNS} from agreement g left join overdraw_rule r on r.id = g.overdraw_rule_id
       where g.id = any(?::int[]) order by g.id`,
      [`{${ids.join(',')}}`],
    )
  ).map((row) => agreementFactsOf(row)!);
  const byId = new Map(facts.map((f) => [f.id, f]));
  const projections = await services.projections.forAgreements(em, facts);
  const accounts: SimAccount[] = [];
  for (const row of rows) {
    const agreementId = Number(row.agreement_id);
    if (row.member_id === null || row.username === null) continue;
    accounts.push({
      accountId: Number(row.account_id),
      agreementId,
      status: Number(row.status),
      endDate: byId.get(agreementId)!.endDate,
      frequency: byId.get(agreementId)!.contributionFrequency,
      memberId: Number(row.member_id),
      username: row.username,
      savings: row.savings ?? [],
      resigned: Boolean(row.resigned),
      projection: projections.get(agreementId)!,
    });
  }
  return accounts;
}

/** Agreements whose bills the bank paid short or whose payment failed or was reversed today (the plan went off). */
export async function agreementsOffPlanToday(em: EntityManager, today: LocalDate): Promise<Set<number>> {
  const rows = await em.execute<{ agreement_id: number }[]>(
    `select distinct agreement_id from bill where paid_date = ? and status in (5, 7, 9)`,
    [today],
  );
  return new Set(rows.map((row) => Number(row.agreement_id)));
}

/**
 * Agreements with a deposit due by today that the bank's day has not taken (still scheduled tonight: the agreement was
 * locked when the day ran, or its version took effect after it). The projection puts it on today, as it does an
 * overdue bill (what is owed falls on the forecast's first day); it arrives on a later bank day, so tonight's balance
 * cannot hold it and the forecast is not held to account that evening.
 */
export async function agreementsAwaitingDeposits(em: EntityManager, today: LocalDate): Promise<Set<number>> {
  const rows = await em.execute<{ agreement_id: number }[]>(
    `select distinct agreement_id from scheduled_deposit where due_date <= ? and status = ?`,
    [today, DepositStatus.Scheduled],
  );
  return new Set(rows.map((row) => Number(row.agreement_id)));
}

/**
 * What moved the agreement's money from `after` (exclusive) to `to`: its ledger transactions with their effect on the
 * agreement, and its status now (the first disagreement's explanation).
 */
export async function moneyMovedOn(
  em: EntityManager,
  agreementId: number,
  after: LocalDate,
  to: LocalDate,
): Promise<string[]> {
  const rows = await em.execute<{ effective_date: string; type: number; description: string; change: string }[]>(
    `select t.effective_date::text, t.type, t.description, sum(e.amount)::text as change
     from ledger_transaction t join ledger_entry e on e.transaction_id = t.id
     join ledger_account la on la.id = e.ledger_account_id and la.agreement_id = ?
     where t.effective_date > ? and t.effective_date <= ?
     group by t.id order by t.id`,
    [agreementId, after, to],
  );
  const [agreement] = await em.execute<{ status: number; end_date: string }[]>(
    'select status, end_date::text from agreement where id = ?',
    [agreementId],
  );
  const bills = await em.execute<Record<string, unknown>[]>(
    `select b.id, b.due_date::text as due, b.expected_amount::text as expected, b.status, b.paid_amount::text as paid,
            b.paid_date::text as paid_on, r.nickname, r.is_auto_payment as auto
     from bill b left join biller r on r.id = b.biller_id
     where b.agreement_id = ? and (b.due_date > ? and b.due_date <= ? or b.paid_date > ? and b.paid_date <= ?)
     order by b.due_date, b.id`,
    [agreementId, after, to, after, to],
  );
  const deposits = await em.execute<Record<string, unknown>[]>(
    `select id, due_date::text as due, expected_amount::text as expected, received_amount::text as received, status
     from scheduled_deposit where agreement_id = ? and due_date > ? and due_date <= ? order by due_date`,
    [agreementId, after, to],
  );
  return [
    `agreement ${agreementId}: status ${agreement?.status}, ends ${agreement?.end_date}`,
    ...bills.map((b) => `  bill ${JSON.stringify(b)}`),
    ...deposits.map((d) => `  deposit ${JSON.stringify(d)}`),
    ...rows.map((r) => `  ${r.effective_date} type ${r.type} ${r.change}: ${r.description}`),
  ];
}
