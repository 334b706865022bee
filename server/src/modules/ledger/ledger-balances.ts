import type { EntityManager } from '@mikro-orm/postgresql';
import { add, parseMoney, ZERO, type Cents } from '../../shared/money.js';
import type { LocalDate } from '../../shared/local-date.js';
import { intArray } from '../../database/bulk.js';
import { LedgerAccountKind } from './ledger-account-kind.js';

/**
 * Balances are sums of ledger entries, never stored figures: each function is one set-based statement for any
 * number of agreements or accounts, optionally as at the end of a date (by the transactions' effective dates).
 */

export interface AgreementBalances {
  allocation: Cents;
  contingency: Cents;
  rainyDay: Cents;
  /** allocation + contingency + rainy day. */
  total: Cents;
}

export interface BalanceOptions {
  /** Only transactions effective on or before this date. */
  asOf?: LocalDate;
}

export const ZERO_BALANCES: AgreementBalances = { allocation: ZERO, contingency: ZERO, rainyDay: ZERO, total: ZERO };

function asOfClause(options: BalanceOptions, params: unknown[]): string {
  if (!options.asOf) return '';
  params.push(options.asOf);
  return 'join ledger_transaction t on t.id = e.transaction_id and t.effective_date <= ?::date';
}

/**
 * Each agreement's three balances, for the agreement ids `ids` (an int[] SQL expression; by default the parameter
 * `?::int[]`, after `asOf`'s own parameter when given): one row per agreement with entries. Sums as text, so that a row reads the same from pg and from a `json_agg`
 * of these rows (the overview's one statement).
 */
export function agreementBalancesSelect(asOf = '', ids = '?::int[]'): string {
  return `select la.agreement_id,
            coalesce(sum(e.amount) filter (where la.kind = ${LedgerAccountKind.Allocation}), 0)::text as allocation,
            coalesce(sum(e.amount) filter (where la.kind = ${LedgerAccountKind.Contingency}), 0)::text as contingency,
            coalesce(sum(e.amount) filter (where la.kind = ${LedgerAccountKind.RainyDay}), 0)::text as rainy_day
     from ledger_account la
     join ledger_entry e on e.ledger_account_id = la.id
     ${asOf}
     where la.agreement_id = any(${ids})
     group by la.agreement_id`;
}

/** A row of agreementBalancesSelect: its agreement and balances. */
export function agreementBalancesOf(row: Record<string, unknown>): [number, AgreementBalances] {
  const allocation = parseMoney(String(row.allocation));
  const contingency = parseMoney(String(row.contingency));
  const rainyDay = parseMoney(String(row.rainy_day));
  return [
    Number(row.agreement_id),
    { allocation, contingency, rainyDay, total: add(allocation, contingency, rainyDay) },
  ];
}

/** Each agreement's three balances (zero for an agreement with no entries). */
export async function agreementBalances(
  em: EntityManager,
  agreementIds: readonly number[],
  options: BalanceOptions = {},
): Promise<Map<number, AgreementBalances>> {
  const result = new Map<number, AgreementBalances>(agreementIds.map((id) => [id, ZERO_BALANCES]));
  if (agreementIds.length === 0) return result;
  const params: unknown[] = [];
  const asOf = asOfClause(options, params);
  params.push(intArray(new Set(agreementIds)));
  const rows = await em.execute<Record<string, unknown>[]>(agreementBalancesSelect(asOf), params);
  for (const row of rows) result.set(...agreementBalancesOf(row));
  return result;
}

/** Each linked savings account's available balance (zero when it has no entries). */
export async function linkedAccountBalances(
  em: EntityManager,
  linkedAccountIds: readonly number[],
  options: BalanceOptions = {},
): Promise<Map<number, Cents>> {
  const result = new Map<number, Cents>(linkedAccountIds.map((id) => [id, ZERO]));
  if (linkedAccountIds.length === 0) return result;
  const params: unknown[] = [];
  const asOf = asOfClause(options, params);
  params.push(intArray(new Set(linkedAccountIds)));
  const rows = await em.execute<{ linked_account_id: number; balance: string }[]>(
    `select la.linked_account_id, coalesce(sum(e.amount), 0) as balance
     from ledger_account la
     join ledger_entry e on e.ledger_account_id = la.id
     ${asOf}
     where la.linked_account_id = any(?::int[])
     group by la.linked_account_id`,
    params,
  );
  for (const row of rows) result.set(row.linked_account_id, parseMoney(String(row.balance)));
  return result;
}

export interface MemberLinkedAccount {
  linkedAccountId: number;
  memberId: number;
  accountNumber: string;
  nickname: string | null;
  isActive: boolean;
  isDefault: boolean;
  availableBalance: Cents;
}

/** The members' linked savings accounts with their available balances (GET /api/members/{id}/availableaccounts). */
export async function memberLinkedAccounts(
  em: EntityManager,
  memberIds: readonly number[],
  options: BalanceOptions = {},
): Promise<MemberLinkedAccount[]> {
  if (memberIds.length === 0) return [];
  const params: unknown[] = [];
  const asOf = asOfClause(options, params);
  params.push(intArray(new Set(memberIds)));
  const rows = await em.execute<
    {
      id: number;
      member_id: number;
      account_number: string;
      nickname: string | null;
      is_active: boolean;
      is_default: boolean;
      balance: string;
    }[]
  >(
    `select l.id, l.member_id, l.account_number, l.nickname, l.is_active, l.is_default,
            coalesce((select sum(e.amount) from ledger_account la join ledger_entry e on e.ledger_account_id = la.id
                      ${asOf} where la.linked_account_id = l.id), 0) as balance
     from linked_account l
     where l.member_id = any(?::int[])
     order by l.member_id, l.is_default desc, l.id`,
    params,
  );
  return rows.map((row) => ({
    linkedAccountId: row.id,
    memberId: row.member_id,
    accountNumber: row.account_number,
    nickname: row.nickname,
    isActive: row.is_active,
    isDefault: row.is_default,
    availableBalance: parseMoney(String(row.balance)),
  }));
}
