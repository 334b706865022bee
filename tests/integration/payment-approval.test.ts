import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realDatabaseUrl } from '../support/database.js';
import { subscribe, wsClient } from '../support/live.js';
import { key, SKIP_MESSAGE, startPaymentWorld, type PaymentWorld } from './payment-client.js';
import { createScenario, PASSWORD, type ScenarioSpec } from './payment-world.js';

if (!realDatabaseUrl) console.warn(`[skipped] ${SKIP_MESSAGE}`);

const arrears: ScenarioSpec = {
  status: 4,
  allocation: '200',
  bills: [
    { due: '2026-03-05', status: 1, allocated: '100' },
    { due: '2026-03-10', status: 6, allocated: '100' },
  ],
};

const REQUEST = `mutation Q($billId: Int!) { requestArrearsApproval(billId: $billId, note: "Member called") {
  approval { approvalId pending approvalGranted } errors { code message } } }`;
const DECIDE = `mutation D($id: Int!) { decideArrearsApproval(approvalId: $id, approvalGranted: true, note: "ok") {
  approval { approvalGranted pending managerName } errors { code message } } }`;
const QUEUE = `{ arrearsApprovalQueue { approvalId billId } }`;
const OVERRIDE = `mutation O($input: ManagerOverrideInput!) { managerOverrideApproval(input: $input) {
  approval { approvalGranted managerName } errors { code field message } } }`;

interface ApprovalAnswer {
  approval: { approvalId: number; pending: boolean; approvalGranted: boolean; managerName: string } | null;
  errors: { code: string; field?: string | null; message: string }[];
}

describe.skipIf(!realDatabaseUrl)('manager approval for paying a bill in arrears', () => {
  let w: PaymentWorld;
  beforeAll(async () => {
    w = await startPaymentWorld();
  });
  afterAll(async () => {
    await w?.server.stop();
  });

  it('blocks members and asks staff for an approval', async () => {
    const s = await createScenario(w.em(), w.alice, arrears);
    const member = await w.pay(w.tokens.alice, { billId: s.billIds[0], billAmount: '100', idempotencyKey: key() });
    expect(member.answer?.errors[0]?.code).toBe('PAYMENT_SUSPENDED_IN_ARREARS');
    const agent = await w.pay(w.tokens.agent, { billId: s.billIds[0], billAmount: '100', idempotencyKey: key() });
    expect(agent.answer?.errors[0]?.code).toBe('MANAGER_APPROVAL_REQUIRED');
  });

  it('warns the agent with the figures before an approved payment takes the allocation below zero', async () => {
    const s = await createScenario(w.em(), w.alice, { ...arrears, allocation: '50' });
    const QUOTE = `query Q($billId: Int!) { paymentQuote(billId: $billId, billAmount: "100") {
      topUpRequired allocationWarning { balanceBefore amount taken balanceAfter } errors { code } } }`;
    type Quote = {
      paymentQuote: {
        topUpRequired: string;
        allocationWarning: Record<string, string> | null;
        errors: { code: string }[];
      };
    };
    const before = await w.server.graphql<Quote>(QUOTE, { billId: s.billIds[0] }, w.tokens.agent);
    expect(before.body.data?.paymentQuote.errors[0]?.code).toBe('MANAGER_APPROVAL_REQUIRED');
    expect(before.body.data?.paymentQuote.allocationWarning).toBeNull();
    const asked = await w.server.graphql<{ requestArrearsApproval: ApprovalAnswer }>(
      REQUEST,
      { billId: s.billIds[0] },
      w.tokens.agent,
    );
    const id = asked.body.data?.requestArrearsApproval.approval?.approvalId;
    await w.server.graphql(DECIDE, { id }, w.tokens.manager);
    const quoted = await w.server.graphql<Quote>(QUOTE, { billId: s.billIds[0] }, w.tokens.agent);
    expect(quoted.body.data?.paymentQuote).toMatchObject({
      topUpRequired: '0.00',
      allocationWarning: { balanceBefore: '50.00', amount: '100.00', taken: '100.00', balanceAfter: '-50.00' },
      errors: [],
    });
    const paid = await w.pay(w.tokens.agent, { billId: s.billIds[0], billAmount: '100', idempotencyKey: key() });
    expect(paid.answer?.ok).toBe(true);
    // The balance after is what paying left.
    expect(
      await w.one(
        `select sum(e.amount)::text as allocation from ledger_entry e join ledger_account la on la.id = e.ledger_account_id
         where la.agreement_id = ? and la.kind = 1`,
        [s.agreementId],
      ),
    ).toEqual({ allocation: '-50.00' });
  });

  it('queues a request for another manager, who decides it; the approval pays that bill once', async () => {
    const s = await createScenario(w.em(), w.alice, arrears);
    const asked = await w.server.graphql<{ requestArrearsApproval: ApprovalAnswer }>(
      REQUEST,
      { billId: s.billIds[0] },
      w.tokens.agent,
    );
    const id = asked.body.data?.requestArrearsApproval.approval?.approvalId;
    expect(asked.body.data?.requestArrearsApproval.approval?.pending).toBe(true);

    const byAgent = await w.server.graphql(DECIDE, { id }, w.tokens.agent);
    expect(byAgent.body.errors?.[0]).toBeDefined();
    const queue = await w.server.graphql<{ arrearsApprovalQueue: { approvalId: number }[] }>(
      QUEUE,
      {},
      w.tokens.manager,
    );
    expect(queue.body.data?.arrearsApprovalQueue.map((a) => a.approvalId)).toContain(id);

    const decided = await w.server.graphql<{ decideArrearsApproval: ApprovalAnswer }>(DECIDE, { id }, w.tokens.manager);
    expect(decided.body.data?.decideArrearsApproval.approval).toMatchObject({ approvalGranted: true, pending: false });
    const twice = await w.server.graphql<{ decideArrearsApproval: ApprovalAnswer }>(DECIDE, { id }, w.tokens.manager2);
    expect(twice.body.data?.decideArrearsApproval.errors[0]?.code).toBe('APPROVAL_NOT_ALLOWED');

    const other = await w.pay(w.tokens.agent, { billId: s.billIds[1], billAmount: '100', idempotencyKey: key() });
    expect(other.answer?.errors[0]?.code).toBe('MANAGER_APPROVAL_REQUIRED');
    const paid = await w.pay(w.tokens.agent, { billId: s.billIds[0], billAmount: '100', idempotencyKey: key() });
    expect(paid.answer?.ok).toBe(true);
    expect(await w.one('select used_at is not null as used from approval where id = ?', [id])).toEqual({ used: true });
  });

  it('tells the manager what a request is about, and pushes the decision to the agent waiting on it', async () => {
    const s = await createScenario(w.em(), w.alice, arrears);
    const asked = await w.server.graphql<{ requestArrearsApproval: ApprovalAnswer }>(
      REQUEST,
      { billId: s.billIds[0] },
      w.tokens.agent,
    );
    const id = asked.body.data!.requestArrearsApproval.approval!.approvalId;
    const CONTEXT = `{ arrearsApprovalQueue { approvalId billId memberId memberName accountId accountNumber billerName
      amount dueDate agreementStatus agreementStatusName requestedBy requestedAt note } }`;
    const queue = await w.server.graphql<{ arrearsApprovalQueue: Record<string, unknown>[] }>(
      CONTEXT,
      {},
      w.tokens.manager,
    );
    const item = queue.body.data!.arrearsApprovalQueue.find((a) => a.approvalId === id)!;
    const facts = await w.one<{ member_name: string; account_number: string; biller: string }>(
      `select m.first_name || ' ' || m.last_name as member_name, a.account_number, coalesce(br.nickname, sc.nickname) as biller
       from bill b join agreement g on g.id = b.agreement_id join account a on a.id = g.account_id
       join member m on m.id = ? left join biller br on br.id = b.biller_id
       left join billing_sub_category sc on sc.id = b.billing_sub_category_id where b.id = ?`,
      [w.alice.memberId, s.billIds[0]],
    );
    expect(item).toMatchObject({
      billId: s.billIds[0],
      memberId: w.alice.memberId,
      memberName: facts.member_name,
      accountNumber: facts.account_number,
      billerName: facts.biller,
      amount: '100.00',
      dueDate: '2026-03-05',
      agreementStatus: 'MissedDeposit',
      agreementStatusName: 'Missed Deposit',
      note: 'Member called',
    });
    expect(item.requestedBy).toBeTruthy();
    expect(Date.now() - Date.parse(String(item.requestedAt))).toBeLessThan(60_000);

    const WATCH = `subscription W($id: Int!) { arrearsApprovalChanged(approvalId: $id) { approvalId pending
      approvalGranted managerName note } }`;
    const agent = wsClient(w.server.url, w.tokens.agent);
    const live = subscribe<{ arrearsApprovalChanged: { pending: boolean; approvalGranted: boolean } }>(agent, WATCH, {
      id,
    });
    try {
      await live.waitFor((r) => r.data?.arrearsApprovalChanged.pending === true);
      await w.server.graphql(DECIDE, { id }, w.tokens.manager);
      const all = await live.waitFor((r) => r.data?.arrearsApprovalChanged.pending === false);
      expect(all.at(-1)!.result.data!.arrearsApprovalChanged).toMatchObject({
        pending: false,
        approvalGranted: true,
        note: 'ok',
      });
    } finally {
      live.stop();
      await agent.dispose();
    }
    // Members cannot wait on an approval.
    const member = wsClient(w.server.url, w.tokens.alice);
    const refused = subscribe(member, WATCH, { id });
    await refused.ended;
    expect(refused.received.map((r) => r.result.errors?.[0]?.extensions?.code)).not.toContain(undefined);
    await member.dispose();
  });

  it('names the account’s member by the one rule: the primary holder, not the holder with the lowest member id', async () => {
    const s = await createScenario(w.em(), w.alice, arrears);
    const joint = await w.one<{ id: number }>('select id from member where id > ? order by id limit 1', [
      w.alice.memberId,
    ]);
    // Alice (the lowest member id) holds the account jointly; the other holder is its primary one.
    await w.one('update member_account_link set is_primary = false where account_id = ? returning id', [s.accountId]);
    await w.one(
      'insert into member_account_link (member_id, account_id, is_active, is_primary) values (?, ?, true, true) returning id',
      [joint.id, s.accountId],
    );
    const asked = await w.server.graphql<{ requestArrearsApproval: ApprovalAnswer }>(
      REQUEST,
      { billId: s.billIds[0] },
      w.tokens.agent,
    );
    const id = asked.body.data!.requestArrearsApproval.approval!.approvalId;
    const queue = await w.server.graphql<{ arrearsApprovalQueue: { approvalId: number; memberId: number }[] }>(
      '{ arrearsApprovalQueue { approvalId memberId } }',
      {},
      w.tokens.manager,
    );
    expect(queue.body.data!.arrearsApprovalQueue.find((a) => a.approvalId === id)?.memberId).toBe(Number(joint.id));
  });

  it('refuses a manager deciding their own request', async () => {
    const s = await createScenario(w.em(), w.alice, arrears);
    const asked = await w.server.graphql<{ requestArrearsApproval: ApprovalAnswer }>(
      REQUEST,
      { billId: s.billIds[0] },
      w.tokens.manager,
    );
    const id = asked.body.data?.requestArrearsApproval.approval?.approvalId;
    const own = await w.server.graphql<{ decideArrearsApproval: ApprovalAnswer }>(DECIDE, { id }, w.tokens.manager);
    expect(own.body.data?.decideArrearsApproval.errors[0]?.code).toBe('APPROVAL_NOT_ALLOWED');
  });

  it('checks at most 5 of 20 concurrent override guesses at a manager’s password, then even the right one waits', async () => {
    const s = await createScenario(w.em(), w.alice, arrears);
    const input = { billId: s.billIds[0], managerUsername: 'manager2', approvalGranted: true, note: 'At the counter' };
    const override = (managerPassword: string) =>
      w.server.graphql<{ managerOverrideApproval: ApprovalAnswer }>(
        OVERRIDE,
        { input: { ...input, managerPassword } },
        w.tokens.agent,
      );
    const guesses = await Promise.all(Array.from({ length: 20 }, (_, i) => override(`guess-${i}`)));
    const codes = guesses.map((g) => g.body.data?.managerOverrideApproval.errors[0]?.code).sort();
    expect(codes).toEqual([...Array(5).fill('INVALID_MANAGER_CREDENTIALS'), ...Array(15).fill('TOO_MANY_ATTEMPTS')]);
    const right = await override(PASSWORD);
    expect(right.body.data?.managerOverrideApproval).toEqual({
      approval: null,
      errors: [
        {
          code: 'TOO_MANY_ATTEMPTS',
          field: 'managerPassword',
          message: 'Too many failed sign-in attempts. Please wait 1 second and try again.',
        },
      ],
    });
  });

  it('takes a supervisor override with the manager’s own password, never the agent’s own', async () => {
    const s = await createScenario(w.em(), w.alice, arrears);
    const input = { billId: s.billIds[0], managerUsername: 'manager1', approvalGranted: true, note: 'At the counter' };
    const wrong = await w.server.graphql<{ managerOverrideApproval: ApprovalAnswer }>(
      OVERRIDE,
      { input: { ...input, managerPassword: 'wrong' } },
      w.tokens.agent,
    );
    expect(wrong.body.data?.managerOverrideApproval.errors[0]?.code).toBe('INVALID_MANAGER_CREDENTIALS');
    const agentSelf = await w.server.graphql<{ managerOverrideApproval: ApprovalAnswer }>(
      OVERRIDE,
      { input: { ...input, managerUsername: 'agent1', managerPassword: PASSWORD } },
      w.tokens.agent,
    );
    expect(agentSelf.body.data?.managerOverrideApproval.errors[0]?.code).toBe('INVALID_MANAGER_CREDENTIALS');
    const selfApproval = await w.server.graphql<{ managerOverrideApproval: ApprovalAnswer }>(
      OVERRIDE,
      { input: { ...input, managerPassword: PASSWORD } },
      w.tokens.manager,
    );
    expect(selfApproval.body.data?.managerOverrideApproval.errors[0]?.code).toBe('APPROVAL_NOT_ALLOWED');
    const granted = await w.server.graphql<{ managerOverrideApproval: ApprovalAnswer }>(
      OVERRIDE,
      { input: { ...input, managerPassword: PASSWORD } },
      w.tokens.agent,
    );
    expect(granted.body.data?.managerOverrideApproval.approval).toMatchObject({ approvalGranted: true });
    const paid = await w.pay(w.tokens.agent, { billId: s.billIds[0], billAmount: '100', idempotencyKey: key() });
    expect(paid.answer?.ok).toBe(true);
  });
});
