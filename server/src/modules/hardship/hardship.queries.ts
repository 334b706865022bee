import type { EntityManager } from '@mikro-orm/postgresql';
import { instantOf } from '../../database/row-values.js';
import type { HardshipRequestKind, HardshipStatus, HardshipTerms } from '../../shared/hardship/hardship.rules.js';
import type { LocalDate } from '../../shared/local-date.js';
import { parseMoney } from '../../shared/money.js';
import { depositsRelieved, type RelievedDeposit } from '../agreement/index.js';

/** A case as the screens read it. */
export interface HardshipCaseRecord {
  id: number;
  accountId: number;
  memberId: number;
  agreementId: number;
  status: HardshipStatus;
  situation: string;
  request: HardshipTerms;
  openedAt: string;
  openedBy: string;
  arrangement: HardshipTerms | null;
  arrangementNote: string | null;
  arrangedAt: string | null;
  arrangedBy: string | null;
  closeNote: string | null;
  closedAt: string | null;
  closedBy: string | null;
  /** The deposits its arrangement changed (rule "deposit relief"), earliest first; none before one is recorded. */
  deposits: RelievedDeposit[];
}

/** The key of a case's deposit relief (`deposit_relief.relief_key`). */
export function reliefKeyOf(caseId: number): string {
  return `hardship_case:${caseId}`;
}

type Row = Record<string, unknown>;

const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

function terms(kind: unknown, from: unknown, until: unknown, amount: unknown): HardshipTerms {
  return {
    kind: kind as HardshipRequestKind,
    from: text(from) as LocalDate | null,
    until: text(until) as LocalDate | null,
    amount: amount === null || amount === undefined ? null : parseMoney(String(amount)),
  };
}

function recordOf(row: Row, deposits: RelievedDeposit[]): HardshipCaseRecord {
  return {
    id: Number(row.id),
    accountId: Number(row.account_id),
    memberId: Number(row.member_id),
    agreementId: Number(row.agreement_id),
    status: Number(row.status) as HardshipStatus,
    situation: String(row.situation),
    request: terms(row.request_kind, row.request_from, row.request_until, row.request_amount),
    openedAt: instantOf(row.opened_at as Date),
    openedBy: String(row.opened_by ?? ''),
    arrangement:
      row.arrangement_kind === null
        ? null
        : terms(row.arrangement_kind, row.arrangement_from, row.arrangement_until, row.arrangement_amount),
    arrangementNote: text(row.arrangement_note),
    arrangedAt: row.arranged_at === null ? null : instantOf(row.arranged_at as Date),
    arrangedBy: text(row.arranged_by),
    closeNote: text(row.close_note),
    closedAt: row.closed_at === null ? null : instantOf(row.closed_at as Date),
    closedBy: text(row.closed_by),
    deposits,
  };
}

const CASE_SELECT = `select h.id, h.account_id, h.member_id, h.agreement_id, h.status, h.situation,
    h.request_kind, h.request_from::text as request_from, h.request_until::text as request_until, h.request_amount,
    h.opened_at, o.display_name as opened_by,
    h.arrangement_kind, h.arrangement_from::text as arrangement_from, h.arrangement_until::text as arrangement_until,
    h.arrangement_amount, h.arrangement_note, h.arranged_at, ar.display_name as arranged_by,
    h.close_note, h.closed_at, c.display_name as closed_by
  from hardship_case h
  join app_user o on o.id = h.opened_by_id
  left join app_user ar on ar.id = h.arranged_by_id
  left join app_user c on c.id = h.closed_by_id`;

/** The account's active case (open or arranged), else its latest one; null when it never had one. */
export async function caseOfAccount(em: EntityManager, accountId: number): Promise<HardshipCaseRecord | null> {
  const rows = await em.execute<Row[]>(
    `${CASE_SELECT} where h.account_id = ? order by (h.status in (1, 2)) desc, h.id desc limit 1`,
    [accountId],
  );
  if (!rows[0]) return null;
  return recordOf(rows[0], await depositsRelieved(em, reliefKeyOf(Number(rows[0].id))));
}

/** The account's active case, row-locked for a step on it; null when none is active. */
export async function lockActiveCase(
  tx: EntityManager,
  accountId: number,
): Promise<{ id: number; status: HardshipStatus; memberId: number; agreementId: number } | null> {
  const [row] = await tx.execute<Row[]>(
    'select id, status, member_id, agreement_id from hardship_case where account_id = ? and status in (1, 2) for update',
    [accountId],
  );
  return row
    ? {
        id: Number(row.id),
        status: Number(row.status) as HardshipStatus,
        memberId: Number(row.member_id),
        agreementId: Number(row.agreement_id),
      }
    : null;
}
