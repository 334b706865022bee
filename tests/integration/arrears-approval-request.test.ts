import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgreementStatus } from '../../server/src/modules/agreement/agreement-status.js';
import { realDatabaseUrl } from '../support/database.js';
import { AGENT, MANAGER } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * One pending arrears approval per bill (issue 21 item 3): a repeat of requestArrearsApproval, or twenty at once,
 * answers the request already queued, and the manager's queue lists it once. The demo's missed-deposit agreement
 * gives the bills.
 */

const REQUEST = `mutation R($billId: Int!, $note: String!) { requestArrearsApproval(billId: $billId, note: $note) {
  approval { approvalId pending approvalGranted billId contractId managerName note requestedBy requestedAt memberId
    accountId accountNumber billerName amount dueDate agreementStatus }
  errors { code field message } } }`;
const DECIDE = `mutation D($id: Int!) { decideArrearsApproval(approvalId: $id, approvalGranted: false, note: "no") {
  approval { pending } errors { code } } }`;
const QUEUE = `{ arrearsApprovalQueue { approvalId billId } }`;

interface Answer {
  requestArrearsApproval: {
    approval: { approvalId: number; pending: boolean; note: string } | null;
    errors: unknown[];
  };
}

let server: TestServer;
let agent: string;
let manager: string;
let bills: number[];

beforeAll(async () => {
  server = await startTestServer();
  [agent, manager] = await Promise.all([server.token(...AGENT), server.token(...MANAGER)]);
  const rows = await server.app.database.orm.em
    .fork()
    .execute<{ id: number }[]>(
      'select b.id from bill b join agreement g on g.id = b.agreement_id where g.status = ? order by b.id limit 3',
      [AgreementStatus.MissedDeposit],
    );
  bills = rows.map((row) => row.id);
});
afterAll(async () => {
  await server?.stop();
});

async function request(billId: number, note: string) {
  const { body } = await server.graphql<Answer>(REQUEST, { billId, note }, agent);
  return body;
}

async function pendingRows(billId: number): Promise<number> {
  const [row] = await server.app.database.orm.em
    .fork()
    .execute<{ n: number }[]>(
      'select count(*)::int as n from approval where bill_id = ? and approval_type = 3 and approver_id is null',
      [billId],
    );
  return row.n;
}

async function queuedFor(billId: number): Promise<number[]> {
  const { body } = await server.graphql<{ arrearsApprovalQueue: { approvalId: number; billId: number }[] }>(
    QUEUE,
    {},
    manager,
  );
  return (body.data?.arrearsApprovalQueue ?? []).filter((row) => row.billId === billId).map((row) => row.approvalId);
}

describe('arrears approval requests: one pending request per bill', () => {
  it('finds bills of an agreement in missed deposit', () => {
    expect(bills).toHaveLength(3);
  });

  it('answers a repeat with the request already queued, the same answer as the first', async () => {
    const first = await request(bills[0], 'Member called');
    expect(first.errors).toBeUndefined();
    expect(first.data?.requestArrearsApproval).toMatchObject({ approval: { pending: true }, errors: [] });
    const again = await request(bills[0], 'Member called again');
    expect(again).toEqual(first);
    expect(await pendingRows(bills[0])).toBe(1);
    expect(await queuedFor(bills[0])).toEqual([first.data?.requestArrearsApproval.approval?.approvalId]);
  });

  it('queues a new request once the pending one is decided', async () => {
    const first = await request(bills[1], 'Member called');
    const id = first.data?.requestArrearsApproval.approval?.approvalId;
    const decided = await server.graphql(DECIDE, { id }, manager);
    expect(decided.body.errors).toBeUndefined();
    const next = await request(bills[1], 'Member called back');
    expect(next.data?.requestArrearsApproval.approval).toMatchObject({ pending: true, note: 'Member called back' });
    expect(next.data?.requestArrearsApproval.approval?.approvalId).not.toBe(id);
    expect(await queuedFor(bills[1])).toEqual([next.data?.requestArrearsApproval.approval?.approvalId]);
  });

  it.skipIf(!realDatabaseUrl)('answers 20 concurrent requests with one request (PostgreSQL)', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => request(bills[2], `Call ${i}`)));
    const ids = new Set(answers.map((answer) => answer.data?.requestArrearsApproval.approval?.approvalId));
    expect(answers.every((answer) => answer.data?.requestArrearsApproval.errors.length === 0)).toBe(true);
    expect(ids.size).toBe(1);
    expect(ids.has(undefined)).toBe(false);
    expect(await pendingRows(bills[2])).toBe(1);
    expect(await queuedFor(bills[2])).toEqual([...ids]);
  });
});
