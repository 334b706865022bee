import type { EntityManager } from '@mikro-orm/postgresql';
import { toDecimalString } from '../../shared/money.js';
import { allocateIds, idSequence, insertRows, runSql, type BulkRow } from '../../database/bulk.js';
import { LedgerService, type Posting, type PostingResult, type ReversalPosting } from '../../modules/ledger/index.js';
import { receivedFigures } from './received-figures.js';
import type { ActivityFields, AgreementHistory, NoteTarget, PostingSeed } from './types.js';
import {
  ACTIVITY,
  AGREEMENT,
  APPROVAL,
  BILL,
  BILLER,
  CHANGE,
  DEPOSIT,
  MEMBER_PREFERENCE,
  NOTE,
  NOTIFICATION,
  PREFERENCES,
  SUB_CATEGORY,
} from './writer-columns.js';

export interface StaffIds {
  agent: number | null;
  manager: number | null;
  /** Display names, as notes record them. */
  names: { agent: string; manager: string };
}

/** The ids given to what a history planned (the demo links a renewal's billers to the previous version's). */
export interface WrittenHistory {
  billerIds: number[];
  billIds: number[];
}

export interface WrittenBatch {
  histories: WrittenHistory[];
  /** Rows inserted, all tables together (for rows-per-second figures). */
  rows: number;
}

/** The id at a local index, or null when there is no index. */
function idAt(ids: readonly number[], index: number | null | undefined): number | null {
  return index === null || index === undefined ? null : ids[index];
}

/** An instant no later than `now` (the plans stamp their today's events at fixed hours, which may be still to come). */
export function notAfter(now: Date | undefined): (at: Date) => Date {
  return (at) => (now && at > now ? new Date(now) : at);
}

/** A row's `*_at` timestamps (ISO strings) capped at `now` (the row itself without `now`). */
function capRow(row: BulkRow, now: Date | undefined): BulkRow {
  if (!now) return row;
  const cap = notAfter(now);
  const capped: BulkRow = { ...row };
  for (const [key, value] of Object.entries(row))
    if (key.endsWith('_at') && typeof value === 'string') capped[key] = cap(new Date(value)).toISOString();
  return capped;
}

/**
 * Writes planned histories set-based: a few statements per table for the whole batch, then the ledger postings. With
 * `now`, no timestamp written is later than it (the demo data never happens in the future of the clock).
 */
export async function writeHistories(
  em: EntityManager,
  histories: readonly AgreementHistory[],
  staff: StaffIds,
  templateIds: ReadonlyMap<string, number> = new Map(),
  now?: Date,
): Promise<WrittenBatch> {
  const cap = notAfter(now);
  const iso = (at: Date) => cap(at).toISOString();
  const count = (pick: (h: AgreementHistory) => unknown[]) => histories.reduce((n, h) => n + pick(h).length, 0);
  const billerIds = await allocateIds(
    em,
    idSequence('biller'),
    count((h) => h.billers),
  );
  const subIds = await allocateIds(
    em,
    idSequence('billing_sub_category'),
    count((h) => h.subCategories),
  );
  const billIds = await allocateIds(
    em,
    idSequence('bill'),
    count((h) => h.bills),
  );
  const depositIds = await allocateIds(
    em,
    idSequence('scheduled_deposit'),
    count((h) => h.deposits),
  );
  const staffId = (who: 'agent' | 'manager' | null | undefined) => (who ? staff[who] : null);
  const rows = { billers: [] as BulkRow[], subs: [] as BulkRow[], bills: [] as BulkRow[], deposits: [] as BulkRow[] };
  const rest = {
    activities: [] as BulkRow[],
    notes: [] as BulkRow[],
    approvals: [] as BulkRow[],
    notifications: [] as BulkRow[],
    changes: [] as BulkRow[],
    prefs: [] as BulkRow[],
    memberPrefs: [] as BulkRow[],
    agreements: [] as BulkRow[],
  };
  const postings: Posting[] = [];
  const reversals: { posting: ReversalPosting; original: number }[] = [];
  const writtenHistories: WrittenHistory[] = [];
  let [b, s, bl, d] = [0, 0, 0, 0];

  for (const h of histories) {
    const ids = {
      billers: billerIds.slice(b, (b += h.billers.length)),
      subs: subIds.slice(s, (s += h.subCategories.length)),
      bills: billIds.slice(bl, (bl += h.bills.length)),
      deposits: depositIds.slice(d, (d += h.deposits.length)),
    };
    writtenHistories.push({ billerIds: ids.billers, billIds: ids.bills });
    const base = { agreement_id: h.agreementId };
    h.billers.forEach((x, i) =>
      rows.billers.push({
        ...capRow(x.values, now),
        ...base,
        id: ids.billers[i],
        previous_id: x.previousBillerId ?? null,
      }),
    );
    h.subCategories.forEach((x, i) =>
      rows.subs.push({ ...capRow(x.values, now), ...base, id: ids.subs[i], previous_id: x.previousId ?? null }),
    );
    const figures = receivedFigures(h);
    h.bills.forEach((x, i) => {
      const source = x.source;
      rows.bills.push({
        ...capRow(x.values, now),
        paid_amount: '0',
        amount_owing: '0',
        paid_date: null,
        ...figures.bills.get(i),
        ...base,
        id: ids.bills[i],
        biller_id: 'billerIndex' in source ? ids.billers[source.billerIndex] : null,
        billing_sub_category_id: 'subCategoryIndex' in source ? ids.subs[source.subCategoryIndex] : null,
      });
    });
    h.deposits.forEach((x, i) =>
      rows.deposits.push({
        ...capRow(x.values, now),
        received_amount: '0',
        received_date: null,
        ...figures.deposits.get(i),
        ...base,
        id: ids.deposits[i],
      }),
    );
    const activityRow = (a: ActivityFields): BulkRow => ({
      type: a.type,
      occurred_at: iso(a.occurredAt),
      member_id: h.memberId,
      account_id: h.accountId,
      agreement_id: h.agreementId,
      details: a.details,
      data: a.data ?? null,
      notes: a.notes ?? null,
      agent_name: a.agentName ?? null,
      user_id: staffId(a.staff),
      transaction_status: a.transactionStatus ?? null,
      bill_id: idAt(ids.bills, a.billIndex),
      biller_id: idAt(ids.billers, a.billerIndex),
    });
    rest.activities.push(...h.activities.map(activityRow));
    const offset = postings.length;
    const toPosting = (p: PostingSeed): Posting => ({
      type: p.type,
      agreementId: h.agreementId,
      effectiveDate: p.effectiveDate,
      description: p.description,
      lines: p.lines,
      depositId: idAt(ids.deposits, p.depositIndex),
      billMoneySources: p.sources?.map((x) => ({
        billId: ids.bills[x.billIndex],
        source: x.source,
        amount: x.amount,
        linkedAccountId: x.linkedAccountId ?? null,
      })),
      createdByUserId: staffId(p.staff),
      createdAt: cap(p.activity.occurredAt),
      activity: {
        ...p.activity,
        occurredAt: cap(p.activity.occurredAt),
        memberId: h.memberId,
        accountId: h.accountId,
        userId: staffId(p.activity.staff),
        transactionStatus: p.activity.transactionStatus ?? undefined,
        billId: idAt(ids.bills, p.activity.billIndex),
        billerId: idAt(ids.billers, p.activity.billerIndex),
      },
    });
    let own = 0;
    const positions = new Map<number, number>();
    h.postings.forEach((p, index) => {
      if (p.reverses) {
        reversals.push({
          posting: { ...toPosting(p), reversesTransactionId: 0, reversedType: p.reverses.type },
          original: offset + positions.get(p.reverses.postingIndex)!,
        });
      } else {
        positions.set(index, own++);
        postings.push(toPosting(p));
      }
    });
    const target = (t: NoteTarget): number =>
      'billerIndex' in t
        ? ids.billers[t.billerIndex]
        : 'subCategoryIndex' in t
          ? ids.subs[t.subCategoryIndex]
          : 'billIndex' in t
            ? ids.bills[t.billIndex]
            : h.agreementId;
    for (const n of h.notes)
      rest.notes.push({
        entity_type: n.entityType,
        entity_id: target(n.target),
        agreement_id: h.agreementId,
        text: n.text,
        created_at: iso(n.createdAt),
        created_by_name: staff.names[n.staff],
        created_by_id: staffId(n.staff),
      });
    for (const a of h.approvals)
      rest.approvals.push({
        agreement_id: h.agreementId,
        approval_type: a.approvalType,
        bill_id: idAt(ids.bills, a.billIndex),
        amount: a.amount === null || a.amount === undefined ? null : toDecimalString(a.amount),
        requested_by_id: staff.agent,
        manager_name: a.managerName,
        approver_id: staff.manager,
        note: a.note,
        approval_granted: a.approvalGranted,
        created_at: iso(a.createdAt),
        used_at: a.usedAt ? iso(a.usedAt) : null,
      });
    for (const n of h.notifications)
      rest.notifications.push({
        source_type: n.sourceType,
        name: n.templateName ?? 'Manual',
        template_id: n.templateName ? (templateIds.get(n.templateName) ?? null) : null,
        member_id: h.memberId,
        account_id: h.accountId,
        agreement_id: h.agreementId,
        recipient_email: n.recipientEmail ?? null,
        recipient_mobile: n.recipientMobile ?? null,
        email_subject: n.emailSubject,
        email_body: n.emailBody,
        sms_body: n.smsBody,
        message: n.message ?? null,
        status: n.status,
        queued_at: iso(n.queuedAt),
        sent_at: n.sentAt ? iso(n.sentAt) : null,
        attempts: n.sentAt ? 1 : 0,
        created_by_id: staffId(n.staff),
      });
    for (const c of h.changes)
      rest.changes.push({
        agreement_id: h.agreementId,
        previous_agreement_id: c.previousAgreementId,
        change_type: c.changeType,
        changes: c.changes,
        requested_by_id: staffId(c.staff),
        created_at: iso(c.createdAt),
        applied_at: c.appliedAt ? iso(c.appliedAt) : null,
      });
    rest.prefs.push({ agreement_id: h.agreementId, branch_id: h.preferences.branchId });
    for (const m of h.preferences.members)
      rest.memberPrefs.push({
        agreement_id: h.agreementId,
        member_id: m.memberId,
        notification_preference: m.preference,
      });
    rest.agreements.push({
      ...capRow(h.agreementValues, now),
      id: h.agreementId,
      activated_by_id: staffId(h.activatedBy),
    });
  }

  let written = 0;
  written += await insertRows(em, 'billing_sub_category', SUB_CATEGORY, rows.subs);
  written += await insertRows(em, 'biller', BILLER, rows.billers);
  written += await insertRows(em, 'bill', BILL, rows.bills);
  written += await insertRows(em, 'scheduled_deposit', DEPOSIT, rows.deposits);
  await updateAgreements(em, rest.agreements);
  const ledger = new LedgerService();
  // The bills' and deposits' received figures were inserted already computed (see receivedFigures).
  const results: PostingResult[] = await ledger.postMany(em, postings, { updateReceivedFigures: false });
  const reversed = reversals.map(({ posting, original }) => ({
    ...posting,
    reversesTransactionId: results[original].transactionId,
  }));
  await ledger.postMany(em, reversed, { updateReceivedFigures: false });
  written += [...postings, ...reversed].reduce((n, p) => n + 2 + p.lines.length + (p.billMoneySources?.length ?? 0), 0);
  written += await insertRows(em, 'activity', ACTIVITY, rest.activities);
  written += await insertRows(em, 'note', NOTE, rest.notes);
  written += await insertRows(em, 'approval', APPROVAL, rest.approvals);
  written += await insertRows(em, 'notification', NOTIFICATION, rest.notifications);
  written += await insertRows(em, 'agreement_change', CHANGE, rest.changes);
  written += await insertRows(em, 'contract_preferences', PREFERENCES, rest.prefs);
  written += await insertRows(em, 'member_notification_preference', MEMBER_PREFERENCE, rest.memberPrefs);
  return { histories: writtenHistories, rows: written };
}

async function updateAgreements(em: EntityManager, rows: BulkRow[]): Promise<void> {
  if (rows.length === 0) return;
  const present = AGREEMENT.filter((c) => rows.some((r) => r[c.name] !== undefined));
  const types = [{ name: 'id', type: 'int' }, ...present].map((c) => `"${c.name}" ${c.type}`).join(', ');
  const sets = present.map((c) => `"${c.name}" = coalesce(r."${c.name}", a."${c.name}")`).join(', ');
  await runSql(em, `update agreement a set ${sets} from json_to_recordset(?::json) as r(${types}) where a.id = r.id`, [
    JSON.stringify(rows),
  ]);
}
