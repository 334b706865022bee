import type { EntityManager } from '@mikro-orm/postgresql';
import { toDecimalString, parseMoney } from '../../server/src/shared/money.js';
import { agreementBalances } from '../../server/src/modules/ledger/ledger-balances.js';

/** The kinds of record an operation may name by id; each maps to one of member B's records. */
export type IdKind =
  | 'member'
  | 'account'
  | 'agreement'
  | 'activity'
  | 'transaction'
  | 'bill'
  | 'biller'
  | 'subCategory'
  | 'approval'
  | 'note';

/** Member B's records, by kind (null when the demo data gives B none of that kind). */
export type OwnIds = Record<IdKind, number | null>;

export interface OtherMember {
  ids: OwnIds;
  accountNumber: string;
  linkedAccountNumber: string | null;
  /** Bytes that must never reach member A: number, names, contact details, account numbers. */
  identity: string[];
  /** B's money as the API writes it (decimal strings), checked in every refused response. */
  amounts: string[];
}

/** An id nobody has: refusals for it must read exactly like refusals for B's real records. */
export const MISSING_ID = 987_654;

async function one(em: EntityManager, sql: string, params: unknown[]): Promise<number | null> {
  const rows = await em.execute<{ id: number }[]>(sql, params);
  return rows[0]?.id ?? null;
}

/** Reads member B's ids and identifying strings straight from the database. */
export async function loadOtherMember(em: EntityManager, memberNumber: string): Promise<OtherMember> {
  const [member] = await em.execute<
    { id: number; first_name: string; last_name: string; email: string | null; mobile_phone: string | null }[]
  >('select id, first_name, last_name, email, mobile_phone from member where member_number = ?', [memberNumber]);
  const [account] = await em.execute<{ id: number; account_number: string }[]>(
    `select a.id, a.account_number from member_account_link l join account a on a.id = l.account_id
     where l.member_id = ? and l.is_active order by a.id limit 1`,
    [member.id],
  );
  const mine = 'select id from agreement where account_id = ?';
  const agreement = await one(em, `${mine} and status not in (5, 6, 10) order by id desc limit 1`, [account.id]);
  const ids: OwnIds = {
    member: member.id,
    account: account.id,
    agreement,
    activity: await one(
      em,
      `select id from activity where account_id = ? or agreement_id in (${mine}) order by id limit 1`,
      [account.id, account.id],
    ),
    transaction: await one(
      em,
      `select id from ledger_transaction where agreement_id in (${mine}) order by id limit 1`,
      [account.id],
    ),
    bill: await one(em, 'select id from bill where agreement_id = ? order by due_date desc limit 1', [agreement]),
    biller: await one(em, 'select id from biller where agreement_id = ? order by id limit 1', [agreement]),
    subCategory: await one(em, 'select id from billing_sub_category where agreement_id = ? order by id limit 1', [
      agreement,
    ]),
    approval: await one(em, `select id from approval where agreement_id in (${mine}) order by id limit 1`, [
      account.id,
    ]),
    note: await one(em, `select id from note where agreement_id in (${mine}) order by id limit 1`, [account.id]),
  };
  const linked = await em.execute<{ account_number: string }[]>(
    'select account_number from linked_account where member_id = ? order by id',
    [member.id],
  );
  const amounts = new Set<string>();
  if (agreement !== null) {
    const balances = (await agreementBalances(em, [agreement])).get(agreement);
    for (const value of Object.values(balances ?? {})) amounts.add(toDecimalString(value));
    const rows = await em.execute<{ amount: string }[]>(
      `select deposit_amount::text as amount from agreement where id = ?
       union select expected_amount::text from bill where agreement_id = ?`,
      [agreement, agreement],
    );
    for (const row of rows) amounts.add(toDecimalString(parseMoney(String(row.amount))));
  }
  return {
    ids,
    accountNumber: account.account_number,
    linkedAccountNumber: linked[0]?.account_number ?? null,
    identity: [
      memberNumber,
      member.first_name,
      member.last_name,
      member.email ?? '',
      member.mobile_phone ?? '',
      account.account_number,
      ...linked.map((l) => l.account_number),
    ].filter((text) => text.length >= 3),
    // Round amounts (12.00) are too common to prove anything; B's cents are distinctive.
    amounts: [...amounts].filter((text) => !text.endsWith('.00')),
  };
}

/** The strings of `other` that appear in a response body (nothing, when member A learnt nothing about B). */
export function leakedBytes(body: string, other: OtherMember, withAmounts: boolean): string[] {
  const lower = body.toLowerCase();
  const needles = withAmounts ? [...other.identity, ...other.amounts] : other.identity;
  return needles.filter((needle) => lower.includes(needle.toLowerCase()));
}
