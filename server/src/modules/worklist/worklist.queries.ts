import type { EntityManager } from '@mikro-orm/postgresql';
import { addDays, type LocalDate } from '../../shared/local-date.js';
import { intArray } from '../../database/bulk.js';
import { AGREEMENT_COLUMNS, type AgreementRow, OPEN_CHANGE_STATUSES, RUNNING_STATUSES } from '../agreement/index.js';
import { BillStatus } from '../bill/index.js';
import { BillerStatus } from '../../shared/biller/biller-codes.js';
import { ActivityType } from '../activity/index.js';
import { holderLinksSql } from '../branch/index.js';
import {
  MemberNoticeStatus,
  NotificationChannel,
  NotificationStatus,
} from '../../shared/notification/notification-codes.js';

/** Agreements whose deposits and bills run: in force, in arrears, or locked. */

export type RunningRow = AgreementRow & {
  account_number: string;
  holder_links: unknown;
  preference_branch_id: number | null;
  locked_on: string | null;
  locked_at: Date | string | null;
  /** Who locked it (the lock's activity, 26). */
  locked_by: string | null;
  lock_reason: string | null;
  renewal_under_way: boolean;
};

/** The running agreements (not past their end date), with their holders, lock and whether a renewal is under way. */
export function runningAgreements(em: EntityManager, today: LocalDate, timeZone: string): Promise<RunningRow[]> {
  return em.execute<RunningRow[]>(
    `select ${AGREEMENT_COLUMNS}, a.account_number, cp.branch_id as preference_branch_id, g.lock_reason,
       (g.locked_at at time zone ?)::date::text as locked_on, g.locked_at,
       (select v.agent_name from activity v where v.agreement_id = g.id and v.type = ${ActivityType.LockedAgreement}
        order by v.id desc limit 1) as locked_by,
       ${holderLinksSql('g.account_id')} as holder_links,
       exists (select 1 from agreement n where n.account_id = g.account_id and n.id <> g.id
               and n.status = any(?::smallint[])) as renewal_under_way
     from agreement g
     join account a on a.id = g.account_id
     left join overdraw_rule r on r.id = g.overdraw_rule_id
     left join contract_preferences cp on cp.agreement_id = g.id
     where g.status = any(?::smallint[]) and g.end_date >= ?
     order by g.id`,
    [timeZone, intArray(OPEN_CHANGE_STATUSES), intArray(RUNNING_STATUSES), today],
  );
}

/** The last message sent to a member of each account: when, and what (its subject, or "a text message"). */
export async function lastContacts(
  em: EntityManager,
  accountIds: readonly number[],
  timeZone: string,
): Promise<Map<number, { at: LocalDate; what: string }>> {
  if (accountIds.length === 0) return new Map();
  const rows = await em.execute<{ account_id: number; day: string; channel: number; subject: string | null }[]>(
    `select distinct on (account_id) account_id, (sent_at at time zone ?)::date::text as day, channel,
       email_subject as subject
     from notification where status = ? and member_id is not null and account_id = any(?::int[])
     order by account_id, sent_at desc`,
    [timeZone, NotificationStatus.Sent, intArray(accountIds)],
  );
  return new Map(
    rows.map((row) => [
      Number(row.account_id),
      {
        at: row.day as LocalDate,
        what: Number(row.channel) === NotificationChannel.Sms ? 'a text message' : `“${row.subject ?? ''}”`,
      },
    ]),
  );
}

/** An account's active hardship case (open or arranged), as the worklist shows it. */
export interface HardshipRow {
  id: number;
  account_id: number;
  status: number;
  opened_on: string;
  situation: string;
  request_kind: string;
  request_from: string | null;
  request_until: string | null;
  request_amount: string | null;
  arrangement_kind: string | null;
  arrangement_from: string | null;
  arrangement_until: string | null;
  arrangement_amount: string | null;
  arrangement_note: string | null;
}

/** The active hardship cases of these accounts (modules/hardship writes them; one per account). */
export async function activeHardshipCases(
  em: EntityManager,
  accountIds: readonly number[],
  timeZone: string,
): Promise<Map<number, HardshipRow>> {
  if (accountIds.length === 0) return new Map();
  const rows = await em.execute<HardshipRow[]>(
    `select id, account_id, status, (opened_at at time zone ?)::date::text as opened_on, situation, request_kind,
       request_from::text as request_from, request_until::text as request_until, request_amount, arrangement_kind,
       arrangement_from::text as arrangement_from, arrangement_until::text as arrangement_until, arrangement_amount,
       arrangement_note
     from hardship_case where status in (1, 2) and account_id = any(?::int[])`,
    [timeZone, intArray(accountIds)],
  );
  return new Map(rows.map((row) => [Number(row.account_id), row]));
}

export interface ProblemBillRow {
  id: number;
  agreement_id: number;
  status: number;
  due_date: string;
  amount: string;
  name: string;
  on_hold: boolean;
}

/** Bills of running agreements whose payment was returned (5) or left part-paid (9). */
export function problemBills(em: EntityManager, agreementIds: readonly number[]): Promise<ProblemBillRow[]> {
  return em.execute<ProblemBillRow[]>(
    `select b.id, b.agreement_id, b.status, b.due_date::text as due_date, b.expected_amount::text as amount,
       coalesce(br.nickname, sc.nickname, '') as name, coalesce(br.status = ${BillerStatus.OnHold}, false) as on_hold
     from bill b left join biller br on br.id = b.biller_id
     left join billing_sub_category sc on sc.id = b.billing_sub_category_id
     where b.agreement_id = any(?::int[]) and b.status in (${BillStatus.Failed}, ${BillStatus.ShortPaid})
     order by b.id`,
    [intArray(agreementIds)],
  );
}

/** Each agreement's latest reconciliation mismatch (activity 18) of the last week. */
export function recentMismatches(
  em: EntityManager,
  agreementIds: readonly number[],
  today: LocalDate,
  timeZone: string,
): Promise<{ id: number; agreement_id: number; day: string; details: string }[]> {
  return em.execute(
    `select distinct on (agreement_id) id, agreement_id, (occurred_at at time zone ?)::date::text as day, details
     from activity where type = ? and agreement_id = any(?::int[]) and occurred_at >= ?::date
     order by agreement_id, occurred_at desc, id desc`,
    [timeZone, ActivityType.Reconciliation, intArray(agreementIds), addDays(today, -7)],
  );
}

export interface FailedMessageRow {
  id: number;
  name: string;
  channel: number;
  subject: string | null;
  recipient: string | null;
  attempts: number;
  last_error: string | null;
  day: string;
  agreement_id: number | null;
}

/** Messages that failed for good (the outbox's Failed), newest first. */
export function failedMessages(em: EntityManager, timeZone: string): Promise<FailedMessageRow[]> {
  return em.execute<FailedMessageRow[]>(
    `select id, name, channel, email_subject as subject, coalesce(recipient_email, recipient_mobile) as recipient,
       attempts, last_error, (queued_at at time zone ?)::date::text as day, agreement_id
     from notification where status = ? order by queued_at desc, id desc limit 200`,
    [timeZone, NotificationStatus.Failed],
  );
}

/** Member notices that could not be composed (nothing was sent), newest first. */
export function failedNotices(
  em: EntityManager,
  timeZone: string,
): Promise<{ id: number; kind: string; agreement_id: number; error: string | null; day: string }[]> {
  return em.execute(
    `select id, kind, agreement_id, error, (created_at at time zone ?)::date::text as day
     from member_notice where status = ? order by created_at desc, id desc limit 200`,
    [timeZone, MemberNoticeStatus.Failed],
  );
}

/** The done marks of the keys listed: who marked each, when, and by doing what. */
export async function doneMarks(
  em: EntityManager,
  keys: readonly string[],
): Promise<Map<string, { at: Date; by: string; action: string }>> {
  if (keys.length === 0) return new Map();
  const rows = await em.execute<{ item_key: string; done_at: Date | string; by: string; action: string }[]>(
    `select d.item_key, d.done_at, coalesce(u.display_name, '') as by, d.action
     from worklist_done d left join app_user u on u.id = d.done_by_id
     where d.item_key in (select jsonb_array_elements_text(?::jsonb))`,
    [JSON.stringify(keys)],
  );
  return new Map(rows.map((row) => [row.item_key, { at: new Date(row.done_at), by: row.by, action: row.action }]));
}

/** Marks a worklist row done (once: a second mark keeps the first), in the caller's transaction when it has one. */
export async function recordWorkDone(
  em: EntityManager,
  done: { key: string; action: string; userId: number },
  clock: { now(): Date },
): Promise<void> {
  await em.execute(
    `insert into worklist_done (item_key, action, done_by_id, done_at) values (?, ?, ?, ?)
     on conflict (item_key) do nothing`,
    [done.key.slice(0, 200), done.action, done.userId, clock.now()],
    'run',
  );
}
