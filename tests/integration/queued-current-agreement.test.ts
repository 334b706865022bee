import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT, MEMBER_MISSED_DEPOSIT, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { queueModification, startModification } from './modification.fixtures.js';

let server: TestServer;

// No job workers: the change stays queued while the test looks.
beforeAll(async () => {
  server = await startTestServer();
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
    const queued = await queueModification(server, active.agreementId, staff);
    expect(queued.stage).toBe('QUEUED');
    expect(queued.agreementId).not.toBe(active.agreementId);

    const overview = await server.graphql<{ accountOverview: { agreement: { contractId: number; status: string } } }>(
      'query($m: Int!, $a: Int!) { accountOverview(memberId: $m, accountId: $a) { agreement { contractId status } } }',
      { m: memberId, a: active.accountId },
      token,
    );
    expect(overview.body.data?.accountOverview.agreement).toEqual({ contractId: active.agreementId, status: 'Active' });
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

  it('after the member approves a modification (9 → 1) the version in force stays current until it is applied', async () => {
    const member = await server.signIn(...MEMBER_MISSED_DEPOSIT);
    const token = String(member.access_token);
    const memberId = Number(member.memberId);
    const accounts = async () =>
      (
        await server.graphql<{ accountList: { accountId: number; agreementId: number; status: string }[] }>(
          'query($m: Int!) { accountList(memberId: $m) { accountId agreementId status } }',
          { m: memberId },
          token,
        )
      ).body.data!.accountList;
    const inForce = (await accounts()).find((a) => a.status === 'InArrears')!;
    const billsDue = async () =>
      (
        await server.graphql<{ billsDueForPayment: { total: number; items: { contractId: number }[] } }>(
          'query($m: Int!, $a: Int!) { billsDueForPayment(memberId: $m, accountId: $a) { total items { contractId } } }',
          { m: memberId, a: inForce.accountId },
          token,
        )
      ).body.data?.billsDueForPayment;
    const billsBefore = await billsDue();
    expect(billsBefore?.total).toBeGreaterThan(0);

    // A modification of the agreement in force, waiting for the member's approval (9).
    const staff = await server.token(...AGENT);
    const modification = await startModification(server, inForce.agreementId, staff);
    // Marked as sent to the member by staff (what save all of a change the member must approve writes), so that the
    // member may approve it.
    await server.app.database.orm.em
      .fork()
      .execute(
        "update agreement set activated_at = now(), activated_by_id = (select id from app_user where username = 'agent') where id = ?",
        [modification],
      );

    const approved = await server.graphql<{ approveAgreement: { ok: boolean } }>(
      'mutation($id: Int!) { approveAgreement(agreementId: $id) { ok } }',
      { id: modification },
      token,
    );
    expect(approved.body.data?.approveAgreement.ok).toBe(true);

    expect((await accounts()).find((a) => a.accountId === inForce.accountId)?.agreementId).toBe(inForce.agreementId);
    const overview = await server.graphql<{ accountOverview: { agreement: { contractId: number } } }>(
      'query($m: Int!, $a: Int!) { accountOverview(memberId: $m, accountId: $a) { agreement { contractId } } }',
      { m: memberId, a: inForce.accountId },
      token,
    );
    expect(overview.body.data?.accountOverview.agreement.contractId).toBe(inForce.agreementId);
    expect(await billsDue()).toEqual(billsBefore);
    const found = await server.graphql<{ searchMembers: { accounts: { accountId: number; agreementId: number }[] }[] }>(
      'query($s: String!) { searchMembers(searchString: $s) { accounts { accountId agreementId } } }',
      { s: MEMBER_MISSED_DEPOSIT[0] },
      staff,
    );
    const listed = found.body.data?.searchMembers.flatMap((m) => m.accounts);
    expect(listed?.find((a) => a.accountId === inForce.accountId)?.agreementId).toBe(inForce.agreementId);
  });
});
