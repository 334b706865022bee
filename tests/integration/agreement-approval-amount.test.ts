import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT, MEMBER_NO_AGREEMENT } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { sql } from './biller-wizard.fixtures.js';
import { preparedNewAgreement } from './lifecycle.fixtures.js';

/**
 * An approval request keeps the amount it is about in dollars and cents: the overdraw of $9,674.82 the deposits step
 * saved was written as 967482 dollars (cents into a numeric column) and shown so on the managers' queue.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('agreement approval amounts', () => {
  it('a type 1 request holds the saved overdraw, $9,674.82, in the queue and the table', async () => {
    const { agreementId } = await preparedNewAgreement(server, MEMBER_NO_AGREEMENT[0]);
    await sql(server, 'update agreement set total_overdraw_amount = -9674.82 where id = ?', [agreementId]);
    const staff = await server.token(...AGENT);
    const { body } = await server.graphql<{
      requestAgreementApproval: { approval: { amount: string } | null; errors: { message: string }[] };
    }>(
      `mutation($id: Int!) { requestAgreementApproval(agreementId: $id, approvalType: 1, note: "week 9") {
         approval { amount } errors { message } } }`,
      { id: agreementId },
      staff,
    );
    expect(body.data?.requestAgreementApproval).toEqual({ approval: { amount: '9674.82' }, errors: [] });
    const [row] = await sql<{ amount: string }>(
      server,
      'select amount::text as amount from approval where agreement_id = ? and approval_type = 1',
      [agreementId],
    );
    expect(row.amount).toBe('9674.82');
  });
});
