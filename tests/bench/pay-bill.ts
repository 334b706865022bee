import { randomUUID } from 'node:crypto';
import { fixedClock } from '../../server/src/shared/clock.js';
import type { CurrentUser } from '../../server/src/common/auth/current-user.js';
import { Role } from '../../server/src/common/auth/roles.js';
import { createMember, createScenario, NOW, PASSWORD, TODAY } from '../integration/payment-world.js';
import { ensureCatalogue } from '../../server/src/seed/catalogue.js';
import { startBenchApp } from './bench-app.js';
import { measure, type BenchRow, type BenchSection } from './harness.js';

const WARMUP = 20;
const RUNS = 100;
const PAY = `mutation Pay($input: PayBillInput!) { payBill(input: $input) { ok billId errors { code } } }`;

/**
 * Pay-bill latency: the payBill mutation over HTTP + GraphQL, next to the same service transaction called in
 * process (locks, balances, ledger posting, idempotency record). Goal: GraphQL at most 2× the transaction.
 */
export const payBillSection: BenchSection = {
  name: 'pay-bill',
  title: 'Pay bill latency (GraphQL vs the same transaction in process)',
  async run(): Promise<BenchRow[]> {
    if (!process.env.DATABASE_URL) {
      return [{ name: 'pay bill', note: 'skipped: set DATABASE_URL (a scratch database is created from it)' }];
    }
    const { app, em, stop } = await startBenchApp('pay_bench', fixedClock(TODAY, NOW));
    try {
      await ensureCatalogue(em()); // the company catalogue the BPAY biller's details are checked against
      const member = await createMember(em(), 'benchmember');
      const bills = Array.from({ length: WARMUP + RUNS }, () => ({
        due: '2026-03-20',
        allocated: '100',
        contingency: '10',
      }));
      const viaGraphql = await createScenario(em(), member, { allocation: '12000', contingency: '1200', bills });
      const inProcess = await createScenario(em(), member, { allocation: '12000', contingency: '1200', bills });
      const tokenResponse = await fetch(`${app.url}/Token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'password', username: 'benchmember', password: PASSWORD }),
      });
      const token = ((await tokenResponse.json()) as { access_token: string }).access_token;
      const [userRow] = await em().execute<{ id: number }[]>('select id from app_user where username = ?', [
        'benchmember',
      ]);
      const user: CurrentUser = {
        userId: userRow.id,
        sessionId: 'bench',
        username: 'benchmember',
        displayName: 'Bench',
        roles: [Role.MEMBER],
        memberId: member.memberId,
      };
      let g = 0;
      const graphql = await measure(
        'payBill over HTTP + GraphQL',
        async () => {
          const billId = viaGraphql.billIds[g++];
          const response = await fetch(`${app.url}/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({
              query: PAY,
              variables: { input: { billId, billAmount: '95', idempotencyKey: randomUUID() } },
            }),
          });
          const body = (await response.json()) as { data?: { payBill: { ok: boolean } } };
          if (!body.data?.payBill.ok) throw new Error(`payBill failed: ${JSON.stringify(body)}`);
          return body;
        },
        { warmup: WARMUP, runs: RUNS },
      );
      let d = 0;
      const direct = await measure(
        'the same transaction in process',
        () =>
          app.services.payments.payBill(em(), user, {
            billId: inProcess.billIds[d++],
            billOrAllocation: 'bill',
            billAmount: '95',
            idempotencyKey: randomUUID(),
          }),
        { warmup: WARMUP, runs: RUNS },
      );
      const ratio = (graphql.medianMs / direct.medianMs).toFixed(2);
      return [{ ...graphql, note: `${ratio}× the transaction (goal ≤ 2×)` }, direct];
    } finally {
      await stop();
    }
  },
};
