import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_ACCESS } from '../../server/src/common/auth/access.js';
import { AGENT, MANAGER, MEMBER_MISSED_DEPOSIT, MEMBER_NO_AGREEMENT } from '../support/demo.js';
import { subscribe, wsClient } from '../support/live.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { sql } from './biller-wizard.fixtures.js';
import { preparedNewAgreement } from './lifecycle.fixtures.js';

/**
 * The deposits step waits on a manager without polling: `agreementApprovalsChanged` sends the version's approvals,
 * then again when the agent asks, when a manager decides from the queue and when a manager signs the agent's screen.
 * Another member's agreement is refused as every record of theirs is.
 */

interface Kind {
  approvalType: number;
  needed: boolean;
  decision: string;
  managerName: string | null;
}
interface State {
  agreementApprovalsChanged: { contractId: number; canProceed: boolean; kinds: Kind[] };
}

const WATCH = `subscription W($id: Int!) { agreementApprovalsChanged(agreementId: $id) {
  contractId canProceed kinds { approvalType needed decision managerName } } }`;

let server: TestServer;
let agreementId: number;
beforeAll(async () => {
  server = await startTestServer();
  ({ agreementId } = await preparedNewAgreement(server, MEMBER_NO_AGREEMENT[0]));
});
afterAll(async () => {
  await server?.stop();
});

const decisionOf = (type: number) => (r: { data?: State | null }) =>
  r.data?.agreementApprovalsChanged.kinds.find((k) => k.approvalType === type)?.decision;

describe('agreement approvals pushed to the deposits step', () => {
  it('pushes the request, the queue decision and the manager’s signature', async () => {
    // Both approvals needed: an overdraw beyond $5,000 and a value over the $50,000 upper limit.
    await sql(
      server,
      'update agreement set total_overdraw_amount = -9674.82, total_contract_value = 61000 where id = ?',
      [agreementId],
    );
    const agent = await server.token(...AGENT);
    const manager = await server.token(...MANAGER);
    const client = wsClient(server.url, agent);
    const live = subscribe<State>(client, WATCH, { id: agreementId });
    try {
      const first = await live.waitFor((r) => decisionOf(1)(r) === 'None');
      expect(first[0].result.data?.agreementApprovalsChanged).toMatchObject({
        contractId: agreementId,
        canProceed: false,
        kinds: [
          { approvalType: 1, needed: true, decision: 'None' },
          { approvalType: 2, needed: true, decision: 'None' },
        ],
      });

      const asked = await server.graphql<{ requestAgreementApproval: { approval: { approvalId: number } } }>(
        `mutation($id: Int!) { requestAgreementApproval(agreementId: $id, approvalType: 1, note: "week 9") {
           approval { approvalId } errors { message } } }`,
        { id: agreementId },
        agent,
      );
      const approvalId = asked.body.data!.requestAgreementApproval.approval.approvalId;
      await live.waitFor((r) => decisionOf(1)(r) === 'Pending');

      await server.graphql(
        `mutation($id: Int!) { decideAgreementApproval(approvalId: $id, approvalGranted: true, note: "ok") {
           errors { message } } }`,
        { id: approvalId },
        manager,
      );
      await live.waitFor((r) => decisionOf(1)(r) === 'Granted');

      const signed = await server.graphql<{ overrideAgreementApproval: { errors: { message: string }[] } }>(
        `mutation($input: AgreementApprovalOverrideInput!) { overrideAgreementApproval(input: $input) {
           errors { message } } }`,
        {
          input: {
            agreementId,
            approvalType: 2,
            managerUsername: MANAGER[0],
            managerPassword: MANAGER[1],
            approvalGranted: true,
            note: 'signed here',
          },
        },
        agent,
      );
      expect(signed.body.data?.overrideAgreementApproval.errors).toEqual([]);
      const all = await live.waitFor((r) => r.data?.agreementApprovalsChanged.canProceed === true);
      expect(all.at(-1)!.result.data!.agreementApprovalsChanged.kinds.map((k) => k.decision)).toEqual([
        'Granted',
        'Granted',
      ]);
      // One message per change: none repeated.
      expect(all.map((r) => JSON.stringify(r.result.data))).toEqual([
        ...new Set(all.map((r) => JSON.stringify(r.result.data))),
      ]);
    } finally {
      live.stop();
      await client.dispose();
    }
  });

  it('refuses another member’s agreement, sending none of it', async () => {
    const stranger = wsClient(server.url, await server.token(...MEMBER_MISSED_DEPOSIT));
    const refused = subscribe<State>(stranger, WATCH, { id: agreementId });
    await refused.ended;
    expect(refused.received.map((r) => [r.result.data ?? null, r.result.errors?.[0]?.message])).toEqual([
      [null, NO_ACCESS],
    ]);
    await stranger.dispose();
  });
});
