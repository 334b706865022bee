import type { EntityManager } from '@mikro-orm/postgresql';
import { EVERY_AGREEMENT, inAgreementRange, type AgreementRange } from '../../../jobs/agreement-ranges.rules.js';
import { insertRows, intArray, runSql, type BulkRow } from '../../../database/bulk.js';
import type { LocalDate } from '../../../shared/local-date.js';
import { DomainError } from '../../../shared/errors.js';
import { parseMoney, toDecimalString, type Cents } from '../../../shared/money.js';
import { AGREEMENT_COLUMNS, agreementFactsOf, type AgreementFacts } from '../agreement-facts.js';
import { DepositReviewStatus, OPEN_REVIEW_STATUSES, REVIEW_REASON_CODES } from './review-codes.js';
import type { ReviewProposal, ReviewReason, ReviewReasonCode } from './review-proposal.rules.js';
import { storedOfferOf, type OpenReview } from './review-record.rules.js';
import { REVIEWED_STATUSES } from './review-rework.rules.js';

export { REVIEWED_STATUSES };

const OPEN = `(${OPEN_REVIEW_STATUSES.join(', ')})`;

const money = (amount: Cents | null) => (amount === null ? null : toDecimalString(amount));

/** Every running version's facts (those of a part of the review: `range`), in one statement. */
export async function runningAgreementFacts(
  em: EntityManager,
  range: AgreementRange = EVERY_AGREEMENT,
): Promise<AgreementFacts[]> {
  const part = inAgreementRange(['g.id'], range);
  const rows = await runSql<Record<string, unknown>>(
    em,
    `select ${AGREEMENT_COLUMNS} from agreement g left join overdraw_rule r on r.id = g.overdraw_rule_id
      where g.status = any(?::smallint[]) and ${part.sql}
      order by g.id`,
    [intArray(REVIEWED_STATUSES), ...part.values],
  );
  return rows.map((row) => agreementFactsOf(row)!);
}

/** The running versions' ids, to split the review into parts. */
export async function runningAgreementIds(em: EntityManager): Promise<number[]> {
  const rows = await runSql<{ id: number }>(em, 'select id from agreement where status = any(?::smallint[])', [
    intArray(REVIEWED_STATUSES),
  ]);
  return rows.map((row) => row.id);
}

/** Open reviews of versions that no longer run (a new version, cancelled, expired) are superseded. */
export async function supersedeStaleReviews(em: EntityManager): Promise<number> {
  const rows = await runSql<{ id: number }>(
    em,
    `update deposit_review d set status = ${DepositReviewStatus.Superseded}, decided_at = now()
       from agreement g
      where g.id = d.agreement_id and d.status in ${OPEN} and not (g.status = any(?::smallint[]))
      returning d.id`,
    [intArray(REVIEWED_STATUSES)],
  );
  return rows.length;
}

const reasonOf = (code: number): ReviewReasonCode =>
  (Object.keys(REVIEW_REASON_CODES) as ReviewReasonCode[]).find((name) => REVIEW_REASON_CODES[name] === code) ??
  'schedule';

/** The explanation's lines as stored (`reasons`, jsonb: each share a decimal string). */
interface StoredReason {
  billerKey: string | null;
  perDeposit: string;
  words: string;
}

const storedReasons = (reasons: readonly ReviewReason[]): StoredReason[] =>
  reasons.map((line) => ({
    billerKey: line.billerKey,
    perDeposit: toDecimalString(line.perDeposit),
    words: line.words,
  }));

const reasonsRead = (stored: readonly StoredReason[] | null): ReviewReason[] =>
  (stored ?? []).map((line) => ({
    billerKey: line.billerKey ?? null,
    perDeposit: parseMoney(String(line.perDeposit)),
    words: String(line.words),
  }));

/** Each agreement's last review day (any outcome) and its open review (all it offers), if any. */
export async function reviewHistory(
  em: EntityManager,
  agreementIds: readonly number[],
): Promise<{ lastReviewed: Map<number, LocalDate>; open: Map<number, OpenReview> }> {
  const rows = await runSql<{
    agreement_id: number;
    last: string;
    open_id: number | null;
    current_deposit: string | null;
    proposed_deposit: string | null;
    top_up_first: string | null;
    summary: string | null;
    reasons: StoredReason[] | null;
    reason: number | null;
  }>(
    em,
    `select h.agreement_id, h.last, o.id as open_id, o.current_deposit::text as current_deposit,
            o.proposed_deposit::text as proposed_deposit, o.top_up_first::text as top_up_first, o.summary, o.reasons,
            o.reason
       from (select agreement_id, max(reviewed_on)::text as last from deposit_review
              where agreement_id = any(?::int[]) group by agreement_id) h
       left join deposit_review o on o.agreement_id = h.agreement_id and o.status in ${OPEN}`,
    [intArray(agreementIds)],
  );
  const lastReviewed = new Map<number, LocalDate>();
  const open = new Map<number, OpenReview>();
  for (const row of rows) {
    lastReviewed.set(Number(row.agreement_id), row.last as LocalDate);
    if (row.open_id !== null) {
      open.set(Number(row.agreement_id), {
        id: Number(row.open_id),
        currentDeposit: parseMoney(String(row.current_deposit)),
        proposedDeposit: row.proposed_deposit === null ? null : parseMoney(row.proposed_deposit),
        topUpFirst: parseMoney(String(row.top_up_first ?? '0')),
        summary: String(row.summary ?? ''),
        reasons: reasonsRead(row.reasons),
        reason: reasonOf(Number(row.reason)),
      });
    }
  }
  return { lastReviewed, open };
}

export const REVIEW_NOT_OPEN = 'This review is no longer open: the page shows the latest one.';

/**
 * Closes an open review (accepted or dismissed) in the caller's transaction: who, when, and the modification made.
 * A review no longer open (superseded, answered meanwhile) is refused, so the caller's transaction rolls back.
 */
export async function closeReview(
  em: EntityManager,
  reviewId: number,
  status: DepositReviewStatus.Accepted | DepositReviewStatus.Dismissed,
  by: { userId: number },
  now: Date,
  changeAgreementId: number | null,
): Promise<void> {
  const rows = await runSql<{ id: number }>(
    em,
    `update deposit_review set status = ?, decided_at = ?, decided_by_id = ?, change_agreement_id = ?
      where id = ? and status in ${OPEN} returning id`,
    [status, now, by.userId, changeAgreementId, reviewId],
  );
  if (rows.length === 0) throw new DomainError('REVIEW_NOT_OPEN', REVIEW_NOT_OPEN);
}

/** The audit record of an answer to a review (who, when, what they said), once per review and action. */
export async function auditReview(
  em: EntityManager,
  by: { userId: number },
  action: 'referDepositReview' | 'dismissDepositReview',
  reviewId: number,
  now: Date,
  request: Record<string, string>,
): Promise<void> {
  await runSql(
    em,
    `insert into audit_record (occurred_at, user_id, action, entity_type, entity_id, idempotency_key, request, response)
     values (?, ?, ?, 'deposit_review', ?, ?, ?, '{}')`,
    [now, by.userId, action, reviewId, `${action}:${reviewId}`, JSON.stringify(request)],
  );
}

/**
 * The agreement's last review when it was closed by an answer (accepted or dismissed), none since: its own, or the
 * accepted review whose change this version is (the member's panel on the new version says it was accepted).
 */
export async function lastClosedReview(em: EntityManager, agreementId: number) {
  const [row] = await runSql<{ id: number; status: number; reviewed_on: string }>(
    em,
    `select id, status, reviewed_on::text as reviewed_on from deposit_review
      where agreement_id = ? or change_agreement_id = ? order by id desc limit 1`,
    [agreementId, agreementId],
  );
  const status = row ? (Number(row.status) as DepositReviewStatus) : null;
  if (status !== DepositReviewStatus.Accepted && status !== DepositReviewStatus.Dismissed) return null;
  return { reviewId: Number(row!.id), reviewedOn: row!.reviewed_on as LocalDate, status };
}

/**
 * Locks these versions (key share: their status cannot change until the caller commits; other reviews and inserts
 * referring to them go on) in id order, and answers those still running. Taken before their reviews' rows, in the
 * status writer's order (the version, then its review).
 */
export async function lockRunningVersions(em: EntityManager, agreementIds: readonly number[]): Promise<Set<number>> {
  if (agreementIds.length === 0) return new Set();
  const rows = await runSql<{ id: number; status: number }>(
    em,
    'select id, status from agreement where id = any(?::int[]) order by id for key share',
    [intArray([...new Set(agreementIds)])],
  );
  return new Set(rows.filter((row) => REVIEWED_STATUSES.includes(Number(row.status))).map((row) => Number(row.id)));
}

/**
 * Supersedes these reviews where they are still open; answers those it superseded. One answered meanwhile (accepted,
 * referred and then dismissed: the row's lock waited for) is left as its answer made it.
 */
export async function supersedeReviews(em: EntityManager, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await runSql<{ id: number }>(
    em,
    `update deposit_review set status = ${DepositReviewStatus.Superseded}, decided_at = now()
      where id = any(?::int[]) and status in ${OPEN} returning id`,
    [intArray(ids)],
  );
  return new Set(rows.map((row) => Number(row.id)));
}

/**
 * Writes these open reviews again in place from their proposals (every stored figure and word: the deposits, the top-up
 * first, the summary, the lines), where they are still open; answers those written. One answered meanwhile (its row's
 * lock waited for) is left as its answer made it. The id, the day, the reason and a referral stand: the same deposit
 * is offered, so a tap on it still means what it meant.
 */
export async function rewriteReviews(
  em: EntityManager,
  reviews: readonly { id: number; proposal: ReviewProposal }[],
): Promise<Set<number>> {
  if (reviews.length === 0) return new Set();
  const rows = await runSql<{ id: number }>(
    em,
    `update deposit_review d
        set current_deposit = r.current_deposit, proposed_deposit = r.proposed_deposit, top_up_first = r.top_up_first,
            summary = r.summary, reasons = r.reasons
       from jsonb_to_recordset(?::jsonb) as r(id int, current_deposit numeric, proposed_deposit numeric,
                                              top_up_first numeric, summary text, reasons jsonb)
      where d.id = r.id and d.status in ${OPEN}
      returning d.id`,
    [
      JSON.stringify(
        reviews.map(({ id, proposal }) => {
          const offer = storedOfferOf(proposal);
          return {
            id,
            current_deposit: money(offer.currentDeposit),
            proposed_deposit: money(offer.proposedDeposit),
            top_up_first: money(offer.topUpFirst),
            summary: offer.summary,
            reasons: storedReasons(offer.reasons),
          };
        }),
      ),
    ],
  );
  return new Set(rows.map((row) => Number(row.id)));
}

/**
 * Closes (supersedes) the open reviews of these versions, in the caller's transaction: a version that stopped running
 * (the status writer, rule `statusEndsReview`). Answers the accounts whose review it closed. One statement, through
 * the reviews' agreement index.
 */
export async function closeReviewsOfVersions(em: EntityManager, agreementIds: readonly number[]): Promise<number[]> {
  if (agreementIds.length === 0) return [];
  const rows = await runSql<{ account_id: number }>(
    em,
    `update deposit_review set status = ${DepositReviewStatus.Superseded}, decided_at = now()
      where agreement_id = any(?::int[]) and status in ${OPEN} returning account_id`,
    [intArray(agreementIds)],
  );
  return [...new Set(rows.map((row) => Number(row.account_id)))];
}

export interface ReviewToRecord {
  agreement: AgreementFacts;
  reason: ReviewReasonCode;
  proposal: ReviewProposal;
  status: DepositReviewStatus.Pending | DepositReviewStatus.Unchanged;
}

/** Writes the reviews in one statement per chunk. */
export async function insertReviews(em: EntityManager, today: LocalDate, reviews: readonly ReviewToRecord[]) {
  const rows: BulkRow[] = reviews.map(({ agreement, reason, proposal, status }) => {
    const offer = storedOfferOf(proposal);
    return {
      agreement_id: agreement.id,
      account_id: agreement.accountId,
      reviewed_on: today,
      reason: REVIEW_REASON_CODES[reason],
      current_deposit: money(offer.currentDeposit),
      proposed_deposit: money(offer.proposedDeposit),
      top_up_first: money(offer.topUpFirst),
      summary: offer.summary,
      // Travels as JSON inside the recordset: the lines themselves, not a string of them.
      reasons: storedReasons(offer.reasons) as unknown as BulkRow[string],
      status,
    };
  });
  return insertRows(
    em,
    'deposit_review',
    [
      { name: 'agreement_id', type: 'int' },
      { name: 'account_id', type: 'int' },
      { name: 'reviewed_on', type: 'date' },
      { name: 'reason', type: 'smallint' },
      { name: 'current_deposit', type: 'numeric' },
      { name: 'proposed_deposit', type: 'numeric' },
      { name: 'top_up_first', type: 'numeric' },
      { name: 'summary', type: 'text' },
      { name: 'reasons', type: 'jsonb' },
      { name: 'status', type: 'smallint' },
    ],
    rows,
  );
}

/** The open reviews of these agreements, as the staff worklist shows them. */
export async function openDepositReviews(em: EntityManager, agreementIds: readonly number[]) {
  if (agreementIds.length === 0) return [];
  const rows = await runSql<{
    id: number;
    agreement_id: number;
    reviewed_on: string;
    status: number;
    current_deposit: string;
    proposed_deposit: string | null;
    summary: string;
  }>(
    em,
    `select id, agreement_id, reviewed_on::text as reviewed_on, status, current_deposit::text as current_deposit,
            proposed_deposit::text as proposed_deposit, summary
       from deposit_review where agreement_id = any(?::int[]) and status in ${OPEN} order by id`,
    [intArray(agreementIds)],
  );
  return rows.map((row) => ({
    reviewId: Number(row.id),
    agreementId: Number(row.agreement_id),
    reviewedOn: row.reviewed_on as LocalDate,
    referred: Number(row.status) === DepositReviewStatus.Referred,
    currentDeposit: parseMoney(row.current_deposit),
    proposedDeposit: row.proposed_deposit === null ? null : parseMoney(row.proposed_deposit),
    summary: row.summary,
  }));
}

/**
 * The agreements with an open review among these accounts' (the accounts whose figures a transaction changed), in one
 * statement through `deposit_review_open_account_index` (only open reviews have entries): nothing else is read for
 * an account without one.
 */
export async function agreementsWithOpenReview(em: EntityManager, accountIds: readonly number[]): Promise<number[]> {
  if (accountIds.length === 0) return [];
  const rows = await runSql<{ agreement_id: number }>(
    em,
    `select agreement_id from deposit_review where account_id = any(?::int[]) and status in ${OPEN} order by agreement_id`,
    [intArray(accountIds)],
  );
  return rows.map((row) => Number(row.agreement_id));
}
