import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../server/src/common/auth/current-user.js';
import { agreementApprovalsTopic } from '../../server/src/modules/approval/agreement-approval.service.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { preparedNewAgreement } from './lifecycle.fixtures.js';
import { em, sql, staffCaller } from './portal-support.js';

/**
 * An agreement approval asked for inside a caller's transaction (the deposit change of a shortfall's raise or an
 * accepted review) is announced to the deposits step's watchers only after that transaction commits; after a
 * rollback, nothing is announced. The bus delivers events in the order they were published, so a marker published
 * after the commit is heard after anything the requests announced.
 */

let server: TestServer;
let agreementId: number;
let agent: CurrentUser;

beforeAll(async () => {
  server = await startTestServer();
  ({ agreementId } = await preparedNewAgreement(server));
  // Both approvals needed: an overdraw beyond $5,000 and a value over the $50,000 upper limit.
  await sql(
    server,
    'update agreement set total_overdraw_amount = -9674.82, total_contract_value = 61000 where id = ?',
    [agreementId],
  );
  agent = await staffCaller(server);
});
afterAll(() => server?.stop());

/** Everything the bus carries on the agreement's approvals topic; `until` waits for a payload. */
async function listen(topic: string) {
  const heard: unknown[] = [];
  const waiters: (() => void)[] = [];
  const iterator = server.app.services.events.subscribe(topic)[Symbol.asyncIterator]();
  void (async () => {
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      heard.push(next.value);
      waiters.splice(0).forEach((wake) => wake());
    }
  })();
  await server.listening(topic);
  const until = (payload: unknown) =>
    new Promise<unknown[]>((resolve) => {
      const check = () =>
        heard.some((h) => JSON.stringify(h) === JSON.stringify(payload)) ? resolve(heard) : waiters.push(check);
      check();
    });
  return { heard, until, stop: () => void iterator.return?.() };
}

const pending = async () =>
  (
    await sql<{ n: number }>(
      server,
      'select count(*)::int as n from approval where agreement_id = ? and approver_id is null',
      [agreementId],
    )
  )[0].n;

describe('agreement approval requests announced after the commit', () => {
  it('a request in a transaction that rolls back announces nothing; a committed one announces once', async () => {
    const topic = agreementApprovalsTopic(agreementId);
    const bus = await listen(topic);
    const approvals = server.app.services.agreementApprovals;
    try {
      const rolledBack = await em(server)
        .transactional(async (tx) => {
          await approvals.request(tx, agent, agreementId, 1, 'asked, then rolled back');
          throw new Error('the caller fails after asking');
        })
        .catch((error: unknown) => error);
      expect((rolledBack as Error).message).toBe('the caller fails after asking');
      expect(await pending()).toBe(0);

      await em(server).transactional(async (tx) => {
        const asked = await approvals.request(tx, agent, agreementId, 1, 'asked and kept');
        expect(asked.contractId).toBe(agreementId);
      });
      expect(await pending()).toBe(1);

      // Published after the commit: everything published before it has been heard once it is.
      const marker = { marker: 'after both transactions' };
      server.app.services.events.publish(topic, marker);
      expect(await bus.until(marker)).toEqual([{ agreementId }, marker]);
    } finally {
      bus.stop();
    }
  });
});
