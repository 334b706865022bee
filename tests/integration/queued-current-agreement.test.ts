import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;

// The applier loop is off: the change stays queued while the test looks.
beforeAll(async () => {
  server = await startTestServer({ env: { CHANGE_APPLIER_INTERVAL_MS: '0' } });
});
afterAll(() => server?.stop());

describe('while a change is queued', () => {
  it('the overview, the account list and the bill dashboard still show the version in force, not the queued one', async () => {
    const member = await server.signIn(...MEMBER_TWO_ACCOUNTS);
    const token = String(member.access_token);
    const memberId = Number(member.memberId);
    const list = await server.graphql<{ accountList: { accountId: number; agreementId: number; status: string }[] }>(
      'query($m: Int!) { accountList(memberId: $m) { accountId agreementId status } }',
      { m: memberId },
      token,
    );
    const active = list.body.data!.accountList.find((a) => a.status === 'Active')!;

    const billsDue = async () =>
      (
        await server.graphql<{ billsDueForPayment: { total: number } }>(
          'query($m: Int!, $a: Int!) { billsDueForPayment(memberId: $m, accountId: $a) { total } }',
          { m: memberId, a: active.accountId },
          token,
        )
      ).body.data?.billsDueForPayment.total;
    const billsBefore = await billsDue();
    expect(billsBefore).toBeGreaterThan(0);

    const staff = await server.token(...AGENT);
    const queued = await server.graphql<{ queueAgreementChange: { agreementId: number; stage: string } }>(
      'mutation($a: Int!) { queueAgreementChange(agreementId: $a) { agreementId stage } }',
      { a: active.agreementId },
      staff,
    );
    expect(queued.body.data?.queueAgreementChange.stage).toBe('QUEUED');
    expect(queued.body.data?.queueAgreementChange.agreementId).not.toBe(active.agreementId);

    const overview = await server.graphql<{ accountOverview: { agreement: { contractId: number; status: number } } }>(
      'query($m: Int!, $a: Int!) { accountOverview(memberId: $m, accountId: $a) { agreement { contractId status } } }',
      { m: memberId, a: active.accountId },
      token,
    );
    expect(overview.body.data?.accountOverview.agreement).toEqual({ contractId: active.agreementId, status: 7 });
    const after = await server.graphql<{ accountList: { accountId: number; agreementId: number }[] }>(
      'query($m: Int!) { accountList(memberId: $m) { accountId agreementId } }',
      { m: memberId },
      token,
    );
    expect(after.body.data?.accountList.find((a) => a.accountId === active.accountId)?.agreementId).toBe(
      active.agreementId,
    );
    expect(await billsDue()).toBe(billsBefore);
  });
});
