import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerService } from '../../server/src/modules/ledger/ledger.service.js';
import { LedgerTransactionType } from '../../server/src/modules/ledger/ledger-transaction-type.js';
import { external, linkedAccount } from '../../server/src/modules/ledger/ledger.types.js';
import { fixedClock, startOfRunOn } from '../../server/src/shared/clock.js';
import type { LocalDate } from '../../server/src/shared/local-date.js';
import { cents } from '../../server/src/shared/money.js';
import { WIZARD_MESSAGES } from '../../server/src/modules/agreement/wizard/wizard.rules.js';
import { AGENT, MEMBER_TWO_ACCOUNTS, REPORTER } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { accountWithStatus, em, gql, memberIdOf, session, sql, type Session } from './portal-support.js';

/**
 * Issue 24 item 1, a shortfall fixed in one tap, on the demo data (the browser tests' day): 100001's active agreement
 * goes short; the member and staff read the first short day, the bill, the shortfall and the fixes with the forecast
 * each would make (the overview verdict's own figures); a top-up applied through the rainy-day top-up (once per key,
 * refused when the figure changed); each deposit raised by staff as a modification of the deposits, or asked for by
 * the member (to the approvals queue when a manager must approve); the reporting role applies none.
 */

const FIXES = `query($m: Int!, $a: Int!) { shortfallFixes(memberId: $m, accountId: $a) {
  accountId agreementId firstShortDate shortfall shortBill { billerName dueDate amount }
  fixes { kind amount deposits from shares words canApply howApplied
    preview { tone headline onTrack firstShortDate lowestPoint { date balance } } } } }`;
const VERDICT = `query($m: Int!, $a: Int!) { accountForecast(memberId: $m, accountId: $a) {
  verdict { firstShortDate firstShortfall topUpToAvoid shortBill { billerName } } } }`;
const APPLY = `mutation($input: ApplyShortfallFixInput!) { applyShortfallFix(input: $input) {
  ok message transactionId changeAgreementId sentToMember waitingForManager errors { code field message } } }`;

interface Fix {
  kind: 'TopUp' | 'Raise' | 'Spread';
  amount: string;
  deposits: number | null;
  from: string | null;
  shares: string[];
  words: string;
  canApply: boolean;
  howApplied: string;
  preview: { tone: string; headline: string; onTrack: boolean; firstShortDate: string | null };
}
interface Fixes {
  accountId: number;
  agreementId: number;
  firstShortDate: string;
  shortfall: string;
  shortBill: { billerName: string; dueDate: string; amount: string } | null;
  fixes: Fix[];
}
interface Applied {
  ok: boolean;
  message: string | null;
  transactionId: number | null;
  changeAgreementId: number | null;
  sentToMember: boolean;
  waitingForManager: boolean;
  errors: { code: string; field: string | null; message: string }[];
}

const TODAY = (process.env.E2E_TODAY ?? '2026-11-23') as LocalDate;
let server: TestServer;
let mary: Session;
let agent: Session;
let maryId: number;
let accountId: number;
let agreementId: number;
let savings: string;

async function fixes(who: Session): Promise<Fixes | null> {
  const body = await gql<{ shortfallFixes: Fixes | null }>(server, who, FIXES, { m: maryId, a: accountId });
  expect(body.errors).toBeUndefined();
  return body.data!.shortfallFixes;
}

async function apply(who: Session, input: Record<string, unknown>): Promise<Applied> {
  const body = await gql<{ applyShortfallFix: Applied }>(server, who, APPLY, {
    input: { memberId: maryId, accountId, accountNumber: savings, idempotencyKey: randomUUID(), ...input },
  });
  expect(body.errors).toBeUndefined();
  return body.data!.applyShortfallFix;
}

const moved = async () =>
  (
    await sql<{ n: number }>(server, 'select count(*)::int as n from ledger_transaction where agreement_id = ?', [
      agreementId,
    ])
  )[0].n;

beforeAll(async () => {
  server = await startTestServer({ clock: fixedClock(TODAY, startOfRunOn(TODAY)) });
  mary = await session(server, MEMBER_TWO_ACCOUNTS);
  agent = await session(server, AGENT);
  maryId = await memberIdOf(server, MEMBER_TWO_ACCOUNTS[0]);
  ({ accountId, agreementId } = await accountWithStatus(server, maryId, 7));
  const [linked] = await sql<{ id: number; account_number: string }>(
    server,
    'select id, account_number from linked_account where member_id = ? and is_active order by id limit 1',
    [maryId],
  );
  savings = linked.account_number;
  // Enough in her savings account for any top-up.
  await em(server).transactional((tx) =>
    new LedgerService().post(tx, {
      type: LedgerTransactionType.CoreBankingCredit,
      memberId: maryId,
      effectiveDate: TODAY,
      description: 'Salary',
      lines: [
        { account: external(), amount: cents(-1_000_000) },
        { account: linkedAccount(Number(linked.id)), amount: cents(1_000_000) },
      ],
    }),
  );
});
afterAll(() => server?.stop());

describe('shortfallFixes', () => {
  it('shows the member and staff the first short day, the bill and the shortfall: the overview verdict’s own', async () => {
    const answer = (await fixes(mary))!;
    const verdict = (
      await gql<{ accountForecast: { verdict: Record<string, unknown> & { shortBill: { billerName: string } } } }>(
        server,
        mary,
        VERDICT,
        { m: maryId, a: accountId },
      )
    ).data!.accountForecast.verdict;
    expect(answer).toMatchObject({
      accountId,
      agreementId,
      firstShortDate: verdict.firstShortDate,
      shortfall: verdict.firstShortfall,
      shortBill: { billerName: verdict.shortBill.billerName },
    });
    const topUp = answer.fixes.find((fix) => fix.kind === 'TopUp')!;
    expect(topUp.amount).toBe(verdict.topUpToAvoid);
    expect(topUp.words).toBe(
      `Top up $${Number(topUp.amount).toLocaleString('en-AU', { minimumFractionDigits: 2 })} now from a linked account.`,
    );
    expect(topUp.canApply).toBe(true);
    // Every fix offered, applied, leaves no short day (the forecast says so before anything is confirmed).
    for (const fix of answer.fixes)
      expect(fix.preview).toMatchObject({ tone: 'onTrack', onTrack: true, firstShortDate: null });
    expect(await fixes(agent)).toEqual(answer);
  });

  it('shows the reporting role every fix as one it cannot apply (read-only)', async () => {
    const reporter = await session(server, REPORTER);
    const answer = (await fixes(reporter))!;
    expect(answer.fixes.length).toBeGreaterThan(0);
    for (const fix of answer.fixes) {
      expect(fix).toMatchObject({ canApply: false, howApplied: 'Your access is read-only: it cannot make changes.' });
    }
    // The member and staff may apply each of them (the member's raise is asked for and approved by her tap).
    for (const who of [mary, agent]) expect((await fixes(who))!.fixes.every((fix) => fix.canApply)).toBe(true);
  });

  it('refuses a figure that is not the one worked out now, an unknown kind and another member, and moves nothing', async () => {
    const before = await moved();
    const answer = (await fixes(mary))!;
    const topUp = answer.fixes.find((fix) => fix.kind === 'TopUp')!;
    const wrong = await apply(mary, { kind: 'TopUp', amount: (Number(topUp.amount) - 0.01).toFixed(2) });
    expect(wrong).toMatchObject({ ok: false, errors: [{ code: 'FIX_CHANGED', field: 'amount' }] });
    const noAccount = await apply(mary, { kind: 'TopUp', amount: topUp.amount, accountNumber: '99999999' });
    expect(noAccount).toMatchObject({ ok: false, errors: [{ code: 'LINKED_ACCOUNT_REQUIRED' }] });
    const jack = await session(server, ['100002', 'member-demo-pass']);
    const other = await gql(server, jack, APPLY, {
      input: {
        memberId: maryId,
        accountId,
        kind: 'TopUp',
        amount: topUp.amount,
        accountNumber: savings,
        idempotencyKey: randomUUID(),
      },
    });
    expect(other.errors?.[0]?.message).toMatch(/do not have access/);
    expect(await moved()).toBe(before);
  });

  it('tops up now from the linked account: once per key, and the forecast no longer goes short', async () => {
    const before = await moved();
    const topUp = (await fixes(mary))!.fixes.find((fix) => fix.kind === 'TopUp')!;
    const key = randomUUID();
    const first = await apply(mary, { kind: 'TopUp', amount: topUp.amount, idempotencyKey: key });
    expect(first).toMatchObject({ ok: true, sentToMember: false, waitingForManager: false, errors: [] });
    expect(first.message).toBe(
      `$${Number(topUp.amount).toLocaleString('en-AU', { minimumFractionDigits: 2 })} was topped up from account ${savings}.`,
    );
    const again = await apply(mary, { kind: 'TopUp', amount: topUp.amount, idempotencyKey: key });
    expect(again.transactionId).toBe(first.transactionId);
    expect(await moved()).toBe(before + 1);
    const [activity] = await sql<{ type: number; details: string }>(
      server,
      'select type, details from activity where ledger_transaction_id = ?',
      [first.transactionId],
    );
    expect(activity.details).toContain(
      `$${Number(topUp.amount).toLocaleString('en-AU', { minimumFractionDigits: 2 })}`,
    );
    expect(await fixes(mary)).toBeNull();
  });

  it('staff raise each deposit: a modification of the deposits, sent to the member or to the approvals queue', async () => {
    // A bill after the next deposits grows: the forecast goes short again, where raising the deposits can help.
    const [next] = await sql<{ due_date: string }>(
      server,
      `select min(due_date)::text as due_date from scheduled_deposit where agreement_id = ? and status = 0 and due_date >= ?`,
      [agreementId, TODAY],
    );
    await sql(
      server,
      `update bill set expected_amount = expected_amount + 900 where id = (select id from bill where agreement_id = ?
         and status in (0, 6) and due_date > ?::date + 20 order by due_date limit 1)`,
      [agreementId, next.due_date],
    );
    const answer = (await fixes(agent))!;
    const raise = answer.fixes.find((fix) => fix.kind === 'Raise')!;
    expect(raise).toMatchObject({ canApply: true, from: next.due_date });
    expect(answer.fixes.find((fix) => fix.kind === 'Spread')).toMatchObject({ canApply: true });
    // The member may ask for it herself (the same figure; see "a raise that needs a manager").
    const forMary = (await fixes(mary))!.fixes.find((fix) => fix.kind === 'Raise')!;
    expect(forMary).toMatchObject({ canApply: true, amount: raise.amount });
    expect(forMary.howApplied).toMatch(/^Confirming asks for the new deposit and approves it/);
    const done = await apply(agent, { kind: 'Raise', amount: raise.amount });
    expect(done.errors).toEqual([]);
    expect(done.sentToMember || done.waitingForManager).toBe(true);
    const [version] = await sql<{ status: number; deposit_amount: string; previous_id: number }>(
      server,
      'select status, deposit_amount::text, previous_id from agreement where id = ?',
      [done.changeAgreementId],
    );
    expect(version).toMatchObject({ status: 9, deposit_amount: raise.amount, previous_id: agreementId });
    if (done.sentToMember) {
      expect(done.message).toBe(
        'The changes have been sent to the member for approval. They will be applied once the member approves them.',
      );
    } else {
      expect(done.message).toMatch(/approvals queue/);
    }
  });
});

describe('a raise that needs a manager', () => {
  it('asked for by the member, goes to the approvals queue and says so, through the same change as staff make', async () => {
    // The member declines the raise sent to her; the upper limit of an agreement's value is set to a dollar, so the
    // deposits step's plan needs a manager's approval (type 2) for the next raise.
    const [open] = await sql<{ id: number }>(
      server,
      'select id from agreement where previous_id = ? and status = 9 order by id desc limit 1',
      [agreementId],
    );
    const declined = await gql(
      server,
      mary,
      'mutation($id: Int!) { declineAgreementChange(agreementId: $id) { ok errors { code message } } }',
      {
        id: Number(open.id),
      },
    );
    expect(declined.errors).toBeUndefined();
    expect(declined.data).toMatchObject({ declineAgreementChange: { ok: true } });
    await sql(
      server,
      `insert into setting (key, value) values ('server', '{"businessUpperContractLimit": "1.00"}'::jsonb)
       on conflict (key) do update set value = setting.value || excluded.value`,
    );
    const raise = (await fixes(mary))!.fixes.find((fix) => fix.kind === 'Raise')!;
    const done = await apply(mary, { kind: 'Raise', amount: raise.amount });
    expect(done).toMatchObject({ ok: true, sentToMember: false, waitingForManager: true, errors: [] });
    expect(done.message).toBe(
      `Your new deposit of $${Number(raise.amount).toLocaleString('en-AU', { minimumFractionDigits: 2 })} was sent to a manager for approval: it waits in the approvals queue, then comes back to you to approve.`,
    );
    const manager = await session(server, ['manager', 'manager-demo-pass']);
    const queue = await gql<{ agreementApprovalQueue: { contractId: number; approvalType: number }[] }>(
      server,
      manager,
      'query { agreementApprovalQueue { contractId approvalType } }',
    );
    expect(queue.data!.agreementApprovalQueue).toContainEqual({ contractId: done.changeAgreementId, approvalType: 2 });
    // The modification of the deposit, prepared as "Shortfall fix" (never as the member, who cannot start one), not
    // yet approved by anyone: it waits for the manager.
    const [version] = await sql<{ deposit_amount: string; previous_id: number; member_approved_at: string | null }>(
      server,
      'select deposit_amount::text, previous_id, member_approved_at from agreement where id = ?',
      [done.changeAgreementId],
    );
    expect(version).toEqual({ deposit_amount: raise.amount, previous_id: agreementId, member_approved_at: null });
    const [request] = await sql<{ display_name: string }>(
      server,
      `select u.display_name from approval a join app_user u on u.id = a.requested_by_id where a.agreement_id = ?`,
      [done.changeAgreementId],
    );
    expect(request.display_name).toBe('Shortfall fix');
  });
});

describe('the spread fix', () => {
  it('adds the shares to the next deposits, once per key, and the forecast no longer goes short', async () => {
    const reporter = await session(server, ['reporter', 'reporter-demo-pass']);
    const spread = (await fixes(mary))!.fixes.find((fix) => fix.kind === 'Spread')!;
    expect(spread).toMatchObject({ canApply: true });
    const before = await sql<{ id: number; due_date: string; expected_amount: string }>(
      server,
      `select id, due_date::text as due_date, expected_amount::text as expected_amount from scheduled_deposit
       where agreement_id = ? and status = 0 and due_date >= ? order by due_date, id`,
      [agreementId, TODAY],
    );
    const notMine = await gql<{ applyShortfallFix: Applied }>(server, reporter, APPLY, {
      input: { memberId: maryId, accountId, kind: 'Spread', amount: spread.amount, idempotencyKey: randomUUID() },
    });
    expect(notMine.errors?.[0]?.message ?? notMine.data?.applyShortfallFix.errors[0]?.message).toMatch(
      /do not have access/,
    );
    const wrong = await apply(mary, { kind: 'Spread', amount: (Number(spread.amount) + 0.01).toFixed(2) });
    expect(wrong).toMatchObject({ ok: false, errors: [{ code: 'FIX_CHANGED', field: 'amount' }] });

    const key = randomUUID();
    const done = await apply(mary, { kind: 'Spread', amount: spread.amount, idempotencyKey: key });
    expect(done).toMatchObject({ ok: true, transactionId: null, changeAgreementId: null, errors: [] });
    const plural = spread.deposits === 1 ? 'deposit' : `${spread.deposits} deposits`;
    expect(done.message).toBe(
      `$${Number(spread.amount).toLocaleString('en-AU', { minimumFractionDigits: 2 })} is spread over the next ${plural}: the forecast shows it.`,
    );
    // By hand: each of the next deposits carries its share more, the rest as they were.
    const after = await sql<{ id: number; expected_amount: string }>(
      server,
      `select id, expected_amount::text as expected_amount from scheduled_deposit
       where agreement_id = ? and status = 0 and due_date >= ? order by due_date, id`,
      [agreementId, TODAY],
    );
    const cent = (text: string) => Math.round(Number(text) * 100);
    expect(after.map((row, i) => cent(row.expected_amount) - cent(before[i].expected_amount))).toEqual([
      ...spread.shares.map(cent),
      ...before.slice(spread.shares.length).map(() => 0),
    ]);
    expect(before[0].due_date).toBe(spread.from);
    expect(await fixes(mary)).toBeNull();
    // A retry with the same key changes nothing more and answers the same.
    const again = await apply(mary, { kind: 'Spread', amount: spread.amount, idempotencyKey: key });
    expect(again).toMatchObject({ ok: true, message: done.message });
    const still = await sql<{ expected_amount: string }>(
      server,
      `select expected_amount::text as expected_amount from scheduled_deposit
       where agreement_id = ? and status = 0 and due_date >= ? order by due_date, id`,
      [agreementId, TODAY],
    );
    expect(still.map((row) => row.expected_amount)).toEqual(after.map((row) => row.expected_amount));
    const activities = await sql<{ details: string }>(
      server,
      'select details from activity where agreement_id = ? and type = 43',
      [agreementId],
    );
    expect(activities.map((a) => a.details)).toEqual([`Shortfall spread over deposits: ${spread.words}`]);
  });
});

describe('a fix the money rule refuses', () => {
  const LOCK = 'mutation($id: Int!, $r: String!) { lockAgreement(agreementId: $id, reason: $r) { errors { code } } }';
  const UNLOCK =
    'mutation($id: Int!, $r: String!) { unlockAgreement(agreementId: $id, reason: $r) { errors { code } } }';
  const LOCKED = 'This agreement is locked. No money moves on it until staff lift the lock.';

  it('on a locked agreement shows the top-up and the spread, and the raise while a change waits, with the reason, not as applicable, and applies none', async () => {
    // Short again: a later bill grows.
    await sql(
      server,
      `update bill set expected_amount = expected_amount + 3000 where id = (select id from bill where agreement_id = ?
         and status in (0, 6) and due_date > ?::date + 20 order by due_date limit 1)`,
      [agreementId, TODAY],
    );
    expect(await fixes(mary)).not.toBeNull();
    const locked = await gql<{ lockAgreement: { errors: unknown[] } }>(server, agent, LOCK, {
      id: agreementId,
      r: 'shortfall test',
    });
    expect(locked.data?.lockAgreement.errors).toEqual([]);
    try {
      for (const who of [mary, agent]) {
        const answer = (await fixes(who))!;
        expect(answer).not.toBeNull();
        for (const kind of ['TopUp', 'Spread'] as const) {
          expect(answer.fixes.find((fix) => fix.kind === kind)).toMatchObject({ canApply: false, howApplied: LOCKED });
        }
        // The raise asked for above still waits for the manager: no other change of the deposit may start (the
        // wizard's Modify entry rule, which applying meets).
        expect(answer.fixes.find((fix) => fix.kind === 'Raise')).toMatchObject({
          canApply: false,
          howApplied: WIZARD_MESSAGES.modificationOpen,
        });
      }
      const raise = (await fixes(agent))!.fixes.find((fix) => fix.kind === 'Raise')!;
      const noRaise = await apply(agent, { kind: 'Raise', amount: raise.amount });
      expect(noRaise).toMatchObject({ ok: false, errors: [{ code: 'MODIFICATION_OPEN' }] });
      const before = await moved();
      const spread = (await fixes(mary))!.fixes.find((fix) => fix.kind === 'Spread')!;
      const refused = await apply(mary, { kind: 'Spread', amount: spread.amount });
      expect(refused).toMatchObject({ ok: false, errors: [{ code: 'AGREEMENT_LOCKED', message: LOCKED }] });
      const topUp = (await fixes(agent))!.fixes.find((fix) => fix.kind === 'TopUp')!;
      const noTopUp = await apply(agent, { kind: 'TopUp', amount: topUp.amount });
      expect(noTopUp).toMatchObject({ ok: false, errors: [{ code: 'AGREEMENT_LOCKED', message: LOCKED }] });
      expect(await moved()).toBe(before);
    } finally {
      await gql(server, agent, UNLOCK, { id: agreementId, r: 'shortfall test done' });
    }
    // Unlocked, the same fixes are applicable again.
    const answer = (await fixes(mary))!;
    for (const kind of ['TopUp', 'Spread'] as const) {
      expect(answer.fixes.find((fix) => fix.kind === kind)).toMatchObject({ canApply: true });
    }
  });
});
