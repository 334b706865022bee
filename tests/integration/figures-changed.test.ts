import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActivityType } from '../../server/src/modules/activity/index.js';
import { LedgerTransactionType } from '../../server/src/modules/ledger/ledger-transaction-type.js';
import { LedgerService } from '../../server/src/modules/ledger/ledger.service.js';
import { allocation, external } from '../../server/src/modules/ledger/ledger.types.js';
import { cents } from '../../server/src/shared/money.js';
import { addDays, type LocalDate } from '../../server/src/shared/local-date.js';
import { realDatabaseUrl } from '../support/database.js';
import { AGENT, MEMBER_MISSED_DEPOSIT, MEMBER_NO_AGREEMENT } from '../support/demo.js';
import { subscribe, wsClient, type LiveSubscription } from '../support/live.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { bpayBillerInput, bpayCompany } from './biller-wizard.fixtures.js';
import { preparedNewAgreement } from './lifecycle.fixtures.js';
import { accountWithStatus, memberIdOf, salaryInto } from './portal-support.js';
import { key, REIMBURSE, SKIP_MESSAGE, startPaymentWorld, type PaymentWorld } from './payment-client.js';
import { createScenario } from './payment-world.js';
import { queueModification } from './modification.fixtures.js';

/**
 * No stale screen (issue 25 item 4): every kind of change announces `figuresChanged` after its commit, so that every
 * open screen (another tab's, staff's) refetches. Each action below waits for its own announcement: a kind that
 * stops announcing fails here. Refusals and rollbacks announce nothing; a member hears only their own accounts.
 */

const FIGURES = 'subscription { figuresChanged { accountIds everyAccount reasons } }';
const TOP_UP = 'mutation T($input: RainyDayTopUpInput!) { topUpRainyDay(input: $input) { ok errors { code } } }';
const REVERSE = 'mutation R($input: ReverseBillInput!) { reverseBill(input: $input) { success errors { code } } }';
const LOCK = 'mutation($id: Int!, $r: String!) { lockAgreement(agreementId: $id, reason: $r) { errors { code } } }';
const UNLOCK = 'mutation($id: Int!, $r: String!) { unlockAgreement(agreementId: $id, reason: $r) { errors { code } } }';

interface Figures {
  figuresChanged: { accountIds: number[]; everyAccount: boolean; reasons: string[] };
}
type Live = LiveSubscription<Figures>;

const clients: Client[] = [];

/** Subscribes and waits for the first answer (LISTENING): from then on, every announcement reaches it. */
async function listen(url: string, token: string): Promise<Live> {
  const client = wsClient(url, token);
  clients.push(client);
  const live = subscribe<Figures>(client, FIGURES);
  await live.waitFor((r) => r.data?.figuresChanged.reasons.includes('LISTENING') === true);
  return live;
}

const changes = (live: Live) => live.received.map((r) => r.result.data?.figuresChanged);

/** Waits for the announcement of `accountId` for `reason` after the `seen` first ones; answers the new count. */
async function announced(live: Live, seen: number, accountId: number, reason: string): Promise<number> {
  await live.waitFor(() =>
    changes(live)
      .slice(seen)
      .some((c) => c?.accountIds.includes(accountId) && c.reasons.includes(reason)),
  );
  return live.received.length;
}

afterAll(async () => {
  await Promise.all(clients.map((client) => client.dispose()));
});

if (!realDatabaseUrl) console.warn(`[skipped] money and status: ${SKIP_MESSAGE}`);

describe.skipIf(!realDatabaseUrl)('figuresChanged: money and status (payment world)', () => {
  let w: PaymentWorld;
  beforeAll(async () => {
    w = await startPaymentWorld();
  });
  afterAll(async () => {
    await w?.server.stop();
  });

  it('announces a payment, a top-up, a reimbursement, a reversal, a lock and an unlock, once each, to staff and the member', async () => {
    const s = await createScenario(w.em(), w.alice, {
      allocation: '150',
      contingency: '10',
      bills: [
        { due: '2026-03-10', allocated: '100', contingency: '10' },
        { due: '2026-03-10', allocated: '50' },
      ],
    });
    const bobs = await createScenario(w.em(), w.bob, { allocation: '40', bills: [] });
    const staff = await listen(w.server.url, w.tokens.agent);
    const alice = await listen(w.server.url, w.tokens.alice);
    const bob = await listen(w.server.url, w.tokens.bob);
    let seen = 1;

    const paid = await w.pay(w.tokens.alice, {
      billId: s.billIds[0],
      billAmount: '80',
      overdueOption: 'ignore',
      idempotencyKey: key(),
    });
    expect(paid.answer?.errors).toEqual([]);
    seen = await announced(staff, seen, s.accountId, 'MONEY_MOVED');
    await announced(alice, 1, s.accountId, 'MONEY_MOVED');

    const topUp = { contractId: s.agreementId, accountNumber: w.alice.savingsAccount, topupAmount: '25' };
    const refused = await w.server.graphql<{ topUpRainyDay: { errors: { code: string }[] } }>(
      TOP_UP,
      { input: { ...topUp, accountNumber: w.alice.poorAccount, idempotencyKey: key() } },
      w.tokens.alice,
    );
    expect(refused.body.data?.topUpRainyDay.errors[0]?.code).toBe('INSUFFICIENT_FUNDS');
    const topped = await w.server.graphql<{ topUpRainyDay: { ok: boolean } }>(
      TOP_UP,
      { input: { ...topUp, idempotencyKey: key() } },
      w.tokens.alice,
    );
    expect(topped.body.data?.topUpRainyDay.ok).toBe(true);
    seen = await announced(staff, seen, s.accountId, 'MONEY_MOVED');

    const reimbursed = await w.pay(
      w.tokens.alice,
      {
        billId: s.billIds[1],
        billAmount: '50',
        reimbursementAccountNumber: w.alice.savingsAccount,
        idempotencyKey: key(),
      },
      REIMBURSE,
    );
    expect(reimbursed.answer?.errors).toEqual([]);
    seen = await announced(staff, seen, s.accountId, 'MONEY_MOVED');

    const reversed = await w.server.graphql<{ reverseBill: { success: boolean } }>(
      REVERSE,
      { input: { transactionId: paid.answer?.transactionId, idempotencyKey: key() } },
      w.tokens.agent,
    );
    expect(reversed.body.data?.reverseBill.success).toBe(true);
    seen = await announced(staff, seen, s.accountId, 'MONEY_MOVED');

    const locked = await w.server.graphql(LOCK, { id: s.agreementId, r: 'Checking a payment' }, w.tokens.agent);
    expect(locked.body.errors).toBeUndefined();
    seen = await announced(staff, seen, s.accountId, 'STATUS_CHANGED');
    const again = await w.server.graphql<{ lockAgreement: { errors: { code: string }[] } }>(
      LOCK,
      { id: s.agreementId, r: 'Twice' },
      w.tokens.agent,
    );
    expect(again.body.data?.lockAgreement.errors.length).toBeGreaterThan(0);
    const unlocked = await w.server.graphql(UNLOCK, { id: s.agreementId, r: 'All good' }, w.tokens.agent);
    expect(unlocked.body.errors).toBeUndefined();
    seen = await announced(staff, seen, s.accountId, 'STATUS_CHANGED');

    // Exactly one announcement per change (the refused top-up and the refused lock: none), in order.
    const reasons = changes(staff)
      .slice(1)
      .map((c) => `${c?.accountIds.join()}:${c?.reasons.join()}`);
    const money = `${s.accountId}:MONEY_MOVED`;
    const status = `${s.accountId}:STATUS_CHANGED`;
    expect(reasons).toEqual([money, money, money, money, status, status]);
    await alice.waitFor(() => alice.received.length === staff.received.length);
    expect(changes(alice).slice(1)).toEqual(changes(staff).slice(1));

    // Bob heard none of it; his own change reaches him (and staff).
    const bobTopUp = await w.server.graphql<{ topUpRainyDay: { ok: boolean } }>(
      TOP_UP,
      {
        input: {
          contractId: bobs.agreementId,
          accountNumber: w.bob.savingsAccount,
          topupAmount: '5',
          idempotencyKey: key(),
        },
      },
      w.tokens.bob,
    );
    expect(bobTopUp.body.data?.topUpRainyDay.ok).toBe(true);
    await announced(bob, 1, bobs.accountId, 'MONEY_MOVED');
    expect(changes(bob)).toEqual([
      { accountIds: [], everyAccount: false, reasons: ['LISTENING'] },
      { accountIds: [bobs.accountId], everyAccount: false, reasons: ['MONEY_MOVED'] },
    ]);
    await announced(staff, seen, bobs.accountId, 'MONEY_MOVED');
    for (const live of [staff, alice, bob]) live.stop();
  });

  it('announces nothing for a transaction that rolls back, one event for a transaction of many movements', async () => {
    // Listening before the scenarios are made, and past their own announcements: an announcement of their set-up
    // arriving late (the bus's NOTIFY on a loaded machine) would otherwise read as one of the transactions below.
    const staff = await listen(w.server.url, w.tokens.agent);
    const s = await createScenario(w.em(), w.alice, { allocation: '10', bills: [] });
    const t = await createScenario(w.em(), w.alice, { allocation: '10', bills: [] });
    await announced(staff, 1, s.accountId, 'MONEY_MOVED');
    const seen = await announced(staff, 1, t.accountId, 'MONEY_MOVED');
    const deposit = (agreementId: number) => ({
      type: LedgerTransactionType.Deposit,
      agreementId,
      effectiveDate: '2026-03-10' as LocalDate,
      description: 'A deposit',
      lines: [
        { account: external(), amount: cents(-100) },
        { account: allocation(), amount: cents(100) },
      ],
      activity: { type: ActivityType.MemberDeposit },
    });
    const ledger = new LedgerService();
    await expect(
      w.em().transactional(async (tx) => {
        await ledger.post(tx, deposit(s.agreementId));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await w.em().transactional(async (tx) => {
      await ledger.post(tx, deposit(t.agreementId));
      await ledger.post(tx, deposit(s.agreementId));
    });
    await staff.waitFor(() => changes(staff).length > seen);
    expect(changes(staff).slice(seen)).toEqual([
      {
        accountIds: [s.accountId, t.accountId].sort((a, b) => a - b),
        everyAccount: false,
        reasons: ['MONEY_MOVED'],
      },
    ]);
    staff.stop();
  });
});

describe('figuresChanged: modify, approve, apply, bank day (demo data, demo clock)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(); // the demo data, in demo mode; no background jobs: the test runs them
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('announces a modification queued and applied, an activation, a member’s approval, its application, a catch-up deposit and every bank day', async () => {
    const staffToken = await server.token(...AGENT);
    const staff = await listen(server.url, staffToken);
    let seen = 1;
    const em = () => server.app.database.orm.em.fork();
    const applier = server.app.services.changeApplier;

    // Modify: a change of 100001's running agreement, queued, then applied by its job.
    const [running] = await em().execute<{ id: number; account_id: number }[]>(
      `select a.id, a.account_id from agreement a join member_account_link l on l.account_id = a.account_id
       join member m on m.id = l.member_id where m.member_number = '100001' and a.status = 7 order by a.id limit 1`,
    );
    const changeId = (await queueModification(server, Number(running.id), staffToken)).agreementId;
    seen = await announced(staff, seen, running.account_id, 'STATUS_CHANGED');
    expect((await applier.applyQueued(em(), changeId)).stage).toBe('APPLIED');
    await announced(staff, seen, running.account_id, 'STATUS_CHANGED');

    // A new agreement: staff activate it, the member approves it (a tab of theirs hears it), the job applies it.
    const prepared = await preparedNewAgreement(server);
    seen = staff.received.length;
    const memberToken = await server.token(...MEMBER_NO_AGREEMENT);
    const member = await listen(server.url, memberToken);
    const activated = await server.graphql(
      'mutation($id: Int!) { activateAgreement(agreementId: $id) { errors { message } } }',
      { id: prepared.agreementId },
      staffToken,
    );
    expect(activated.body.errors).toBeUndefined();
    seen = await announced(staff, seen, prepared.accountId, 'STATUS_CHANGED');
    const approved = await server.graphql<{ approveAgreement: { ok: boolean } }>(
      'mutation($id: Int!) { approveAgreement(agreementId: $id) { ok errors { message } } }',
      { id: prepared.agreementId },
      memberToken,
    );
    expect(approved.body.data?.approveAgreement.ok).toBe(true);
    seen = await announced(staff, seen, prepared.accountId, 'STATUS_CHANGED');
    await announced(member, 1, prepared.accountId, 'STATUS_CHANGED');
    expect((await applier.applyQueued(em(), prepared.agreementId)).stage).toBe('APPLIED');
    // Nothing in force stands in front of it: its claim (2 → 3, "In progress" on the account's screens) and its
    // application each move every screen of the account.
    const ofNew = () =>
      changes(staff)
        .slice(seen)
        .filter((c) => c?.accountIds.includes(prepared.accountId));
    await staff.waitFor(() => ofNew().length >= 2);
    expect(ofNew().map((c) => c?.reasons.includes('STATUS_CHANGED'))).toEqual([true, true]);
    seen = staff.received.length;

    // The arrears journey's catch-up deposit (issue 26 item 5): money in and back to active, one announcement.
    const jackId = await memberIdOf(server, MEMBER_MISSED_DEPOSIT[0]);
    const jack = await accountWithStatus(server, jackId, 4);
    const { account: savings } = await salaryInto(server, jackId);
    const overview = await server.graphql<{ accountOverview: { projection: { arrears: { amount: string } } } }>(
      'query($m: Int!, $a: Int!) { accountOverview(memberId: $m, accountId: $a) { projection { arrears { amount } } } }',
      { m: jackId, a: jack.accountId },
      staffToken,
    );
    const caughtUp = await server.graphql<{ catchUpDeposit: { ok: boolean; arrearsCleared: boolean } }>(
      'mutation($input: CatchUpDepositInput!) { catchUpDeposit(input: $input) { ok arrearsCleared } }',
      {
        input: {
          contractId: jack.agreementId,
          accountNumber: savings.accountNumber,
          amount: overview.body.data!.accountOverview.projection.arrears.amount,
          idempotencyKey: key(),
        },
      },
      await server.token(...MEMBER_MISSED_DEPOSIT),
    );
    expect(caughtUp.body.data?.catchUpDeposit).toEqual({ ok: true, arrearsCleared: true });
    await announced(staff, seen, jack.accountId, 'MONEY_MOVED');
    seen = await announced(staff, seen, jack.accountId, 'STATUS_CHANGED');

    // A bank day (the demo clock's next day): every account, member and staff alike.
    const ran = await server.graphql('mutation { runNextDemoDay { date } }', {}, staffToken);
    expect(ran.body.errors).toBeUndefined();
    const everyAccount = (live: Live, from: number) =>
      live.waitFor(() =>
        changes(live)
          .slice(from)
          .some((c) => c?.everyAccount && c.reasons.includes('BANK_DAY')),
      );
    await everyAccount(staff, seen);
    await everyAccount(member, 1);
    // A member hears no other account's ids, whatever happened that day.
    for (const change of changes(member)) {
      expect(change?.accountIds.every((id) => id === prepared.accountId)).toBe(true);
    }
    staff.stop();
    member.stop();
  });
  it('announces a change’s claim (2 → 3) behind the agreement in force only to its own pages, its application to every screen once', async () => {
    const staffToken = await server.token(...AGENT);
    const em = () => server.app.database.orm.em.fork();
    const [running] = await em().execute<{ id: number; account_id: number }[]>(
      `select a.id, a.account_id from agreement a join member_account_link l on l.account_id = a.account_id
       join member m on m.id = l.member_id where m.member_number = '100001' and a.status = 7 order by a.id desc limit 1`,
    );
    const accountId = Number(running.account_id);
    const changeId = (await queueModification(server, Number(running.id), staffToken)).agreementId;
    const staff = await listen(server.url, staffToken);
    const forAccount = () => changes(staff).filter((c) => c?.accountIds.includes(accountId));
    const claim = () => forAccount().findIndex((c) => c?.reasons.includes('WAITING_CHANGE_STAGE'));

    expect((await server.app.services.changeApplier.applyQueued(em(), changeId)).stage).toBe('APPLIED');
    await staff.waitFor(() => claim() >= 0 && forAccount().length > claim() + 1);
    // The claim: no figure and no screen of the account but the change's own pages (the queued-change dialog
    // follows the stages on its own subscription). The application: every screen, in one announcement.
    const fromClaim = forAccount().slice(claim());
    expect(fromClaim[0]).toEqual({ accountIds: [accountId], everyAccount: false, reasons: ['WAITING_CHANGE_STAGE'] });
    expect(fromClaim[1]?.reasons).toContain('STATUS_CHANGED');
    expect(fromClaim[1]?.reasons).not.toContain('WAITING_CHANGE_STAGE');
    // Nothing more comes of it: another change of the account (a money movement) is the next thing heard.
    const seen = staff.received.length;
    await em().transactional((tx) =>
      new LedgerService().post(tx, {
        type: LedgerTransactionType.Deposit,
        agreementId: changeId,
        effectiveDate: server.app.services.projections.today(),
        description: 'A deposit',
        lines: [
          { account: external(), amount: cents(-100) },
          { account: allocation(), amount: cents(100) },
        ],
        activity: { type: ActivityType.MemberDeposit },
      }),
    );
    await announced(staff, seen, accountId, 'MONEY_MOVED');
    expect(forAccount().slice(claim())).toHaveLength(3);
    staff.stop();
  });
});

describe('figuresChanged: a new agreement as staff set it up (demo data)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  // The member's overview shows the agreement staff are setting up (its billers, its deposit, its forecast): each
  // biller and each deposits step saved is heard by the member's open screens and staff's, not only its activation.
  it('announces each biller saved and removed and the deposits saved, to staff and the member', async () => {
    const staffToken = await server.token(...AGENT);
    const staff = await listen(server.url, staffToken);
    const member = await listen(server.url, await server.token(...MEMBER_NO_AGREEMENT));
    const { agreementId, accountId } = await preparedNewAgreement(server, MEMBER_NO_AGREEMENT[0], { complete: false });
    let seen = staff.received.length;
    let memberSeen = member.received.length;

    const bpay = await bpayCompany(server);
    const today = server.app.services.clock.today();
    const biller = (nickname: string) => bpayBillerInput(bpay, agreementId, addDays(today, 120), { nickname });
    const SAVE_BILLER = `mutation($input: BillerInput!) { saveBiller(input: $input) { biller { billerId } errors { message } } }`;
    const saved = await server.graphql<{ saveBiller: { biller: { billerId: number }; errors: unknown[] } }>(
      SAVE_BILLER,
      { input: biller('Electricity') },
      staffToken,
    );
    expect(saved.body.data?.saveBiller.errors).toEqual([]);
    seen = await announced(staff, seen, accountId, 'AGREEMENT_EDITED');
    memberSeen = await announced(member, memberSeen, accountId, 'AGREEMENT_EDITED');

    const second = await server.graphql<{ saveBiller: { biller: { billerId: number } } }>(
      SAVE_BILLER,
      { input: biller('Gas') },
      staffToken,
    );
    seen = await announced(staff, seen, accountId, 'AGREEMENT_EDITED');
    const removed = await server.graphql<{ removeBiller: { errors: unknown[] } }>(
      'mutation($id: Int!) { removeBiller(billerId: $id) { errors { message } } }',
      { id: second.body.data!.saveBiller.biller.billerId },
      staffToken,
    );
    expect(removed.body.errors).toBeUndefined();
    seen = await announced(staff, seen, accountId, 'AGREEMENT_EDITED');

    const deposits = await server.graphql<{ saveAgreementDeposits: { errors: unknown[] } }>(
      `mutation($id: Int!, $input: DepositsInput!) { saveAgreementDeposits(agreementId: $id, input: $input) {
         errors { code message } } }`,
      {
        id: agreementId,
        input: {
          contributionFrequency: 2,
          contributionDate: today,
          depositType: 1,
          remitterName: 'Acme Payroll',
          remitterNumber: 'E-1234',
        },
      },
      staffToken,
    );
    expect(deposits.body.data?.saveAgreementDeposits.errors).toEqual([]);
    await announced(staff, seen, accountId, 'AGREEMENT_EDITED');
    await announced(member, memberSeen, accountId, 'AGREEMENT_EDITED');
    staff.stop();
    member.stop();
  });
});
