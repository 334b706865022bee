import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { fixedClock } from '../../server/src/shared/clock.js';
import { Role } from '../../server/src/common/auth/roles.js';
import { toDecimalString } from '../../server/src/shared/money.js';
import { agreementBalances } from '../../server/src/modules/ledger/ledger-balances.js';
import { ensureCatalogue } from '../../server/src/seed/catalogue.js';
import { startTestServer, type GraphQLBody, type TestServer } from '../support/server.js';
import { createMember, createUser, NOW, PASSWORD, TODAY, type MemberFixture } from './payment-world.js';

export const SKIP_MESSAGE =
  'DATABASE_URL is not set: the payment tests need a real PostgreSQL server (row locks and concurrency), ' +
  'e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/pay_scratch';

export const PAY = `mutation Pay($input: PayBillInput!) {
  payBill(input: $input) { ok billId paidBillIds transactionId errors { code field message }
    figures { actualAmount pouredIntoRainyDay totalPaidOut overdueBillsCount fromRainyDay fromSavings amountOwing
              fromAllocation fromContingency combinedAllocation } } }`;

export const REIMBURSE = PAY.replace('mutation Pay', 'mutation Reimburse').replace('payBill(', 'reimburseBill(');

export interface PaymentFigures {
  actualAmount: string;
  pouredIntoRainyDay: string;
  totalPaidOut: string;
  overdueBillsCount: number;
  fromRainyDay: string;
  fromSavings: string;
  amountOwing: string;
  fromAllocation: string;
  fromContingency: string;
  combinedAllocation: string;
}

export interface PayAnswer {
  ok: boolean;
  billId: number | null;
  paidBillIds: number[];
  transactionId: number | null;
  errors: { code: string; field: string | null; message: string }[];
  figures: PaymentFigures | null;
}

export interface PaymentWorld {
  server: TestServer;
  em: () => EntityManager;
  alice: MemberFixture;
  bob: MemberFixture;
  tokens: { alice: string; bob: string; agent: string; manager: string; manager2: string };
  pay(
    token: string,
    input: Record<string, unknown>,
    mutation?: string,
  ): Promise<{ body: GraphQLBody<Record<string, PayAnswer>>; answer: PayAnswer | undefined }>;
  balances(agreementId: number): Promise<{ allocation: string; contingency: string; rainyDay: string }>;
  one<T>(sql: string, params?: unknown[]): Promise<T>;
}

export const key = (): string => randomUUID();

/** The server on a fresh database (the company catalogue, no demo data) with a fixed clock, two members and three staff users signed in. */
export async function startPaymentWorld(): Promise<PaymentWorld> {
  const server = await startTestServer({ env: { DEMO_DATA: 'false' }, clock: fixedClock(TODAY, NOW) });
  const em = (): EntityManager => server.app.database.orm.em.fork() as EntityManager;
  const setup = em();
  await ensureCatalogue(setup); // the company catalogue BPAY details are checked against
  const alice = await createMember(setup, 'alice');
  const bob = await createMember(setup, 'bob');
  await createUser(setup, 'agent1', [Role.AGENT]);
  await createUser(setup, 'manager1', [Role.MANAGER]);
  await createUser(setup, 'manager2', [Role.MANAGER]);
  const [aliceToken, bobToken, agent, manager, manager2] = await Promise.all(
    ['alice', 'bob', 'agent1', 'manager1', 'manager2'].map((name) => server.token(name, PASSWORD)),
  );
  return {
    server,
    em,
    alice,
    bob,
    tokens: { alice: aliceToken, bob: bobToken, agent, manager, manager2 },
    async pay(token, input, mutation = PAY) {
      const { body } = await server.graphql<Record<string, PayAnswer>>(mutation, { input }, token);
      const answer = body.data ? Object.values(body.data)[0] : undefined;
      return { body, answer };
    },
    async balances(agreementId) {
      const b = (await agreementBalances(em(), [agreementId])).get(agreementId)!;
      return {
        allocation: toDecimalString(b.allocation),
        contingency: toDecimalString(b.contingency),
        rainyDay: toDecimalString(b.rainyDay),
      };
    },
    async one<T>(sql: string, params: unknown[] = []) {
      const [row] = await em().execute<T[]>(sql, params);
      return row;
    },
  };
}
