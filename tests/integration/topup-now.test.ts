import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreementBalances, linkedAccountBalances } from '../../server/src/modules/ledger/ledger-balances.js';
import { checkLedger } from '../../server/src/modules/ledger/ledger-check.js';
import { LedgerService } from '../../server/src/modules/ledger/ledger.service.js';
import { CoreBankingSimulator } from '../../server/src/modules/core-banking/core-banking.simulator.js';
import { payTopupNow, TOPUP_NOW_MESSAGES } from '../../server/src/modules/agreement/topup-now.js';
import { MEMBER_NO_AGREEMENT, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { modificationOf, sql } from './biller-wizard.fixtures.js';
import { preparedNewAgreement } from './lifecycle.fixtures.js';

/**
 * The deposits step's TopupNow is paid when the agreement (or modification) is applied (agreement/topup-now.ts):
 * from the member's linked account into the agreement's rainy day, one rainy-day top-up posting with its activity,
 * in the applying transaction, exactly once; a balance too low fails the change and writes nothing.
 */

let server: TestServer;
const em = () => server.app.database.orm.em.fork();

/** The member's linked account holding the most, and what it holds. */
async function richestLinkedAccount(memberNumber: string) {
  const rows = await sql<{ id: number; member_id: number }>(
    server,
    `select l.id, l.member_id from linked_account l join member m on m.id = l.member_id
     where m.member_number = ? and l.is_active order by l.id`,
    [memberNumber],
  );
  const balances = await linkedAccountBalances(
    em(),
    rows.map((r) => Number(r.id)),
  );
  const [best] = rows
    .map((r) => ({ id: Number(r.id), memberId: Number(r.member_id), balance: balances.get(Number(r.id)) ?? 0 }))
    .sort((a, b) => b.balance - a.balance);
  return best;
}

async function chooseTopupNow(agreementId: number, account: { id: number; memberId: number }, amount: string) {
  // As saveAgreementDeposits stores a TopupNow choice (its own tests cover the choice and its checks).
  await sql(
    server,
    `update agreement set is_topup_performed = true, is_remove_bill_performed = false, topup_amount = ?,
       topup_account_id = ?, topup_member_id = ? where id = ?`,
    [amount, account.id, account.memberId, agreementId],
  );
}

const topUps = (agreementId: number) =>
  sql<{ id: number; amount: string; activity_type: number; topup_now: string; details: string }>(
    server,
    `select t.id, a.data->>'topupAmount' as amount, a.type as activity_type, a.data->>'topupNow' as topup_now,
            a.details
     from ledger_transaction t join activity a on a.ledger_transaction_id = t.id
     where t.agreement_id = ? and t.type = 4 order by t.id`,
    [agreementId],
  );

async function ledgerClean() {
  const report = await checkLedger(em());
  expect(report.checks.filter((c) => c.violations > 0)).toEqual([]);
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('TopupNow at activation', () => {
  it('a new agreement: applied, $60.50 moves from the linked account to its rainy day once, ledger balanced', async () => {
    const { agreementId } = await preparedNewAgreement(server, MEMBER_NO_AGREEMENT[0]);
    const account = await richestLinkedAccount(MEMBER_NO_AGREEMENT[0]);
    expect(account.balance).toBeGreaterThanOrEqual(6_050);
    await chooseTopupNow(agreementId, account, '60.50');
    await sql(server, 'update agreement set status = 2 where id = ?', [agreementId]);

    const applier = server.app.services.changeApplier;
    const [first, second] = await Promise.all([
      applier.applyQueued(em(), agreementId),
      applier.applyQueued(em(), agreementId),
    ]);
    expect([first.stage, second.stage]).toEqual(['APPLIED', 'APPLIED']);
    const rows = await topUps(agreementId);
    expect(rows).toEqual([
      {
        id: rows[0].id,
        amount: '60.50',
        activity_type: 20,
        topup_now: 'true',
        details: 'Top up now of $60.50 into rainy day, paid when the agreement was applied',
      },
    ]);
    const balances = (await agreementBalances(em(), [agreementId])).get(agreementId)!;
    expect(balances).toMatchObject({ rainyDay: 6_050, allocation: 0, contingency: 0, total: 6_050 });
    expect((await linkedAccountBalances(em(), [account.id])).get(account.id)).toBe(account.balance - 6_050);
    const [applied] = await sql<{ data: { topupNowTransactionId: number } }>(
      server,
      'select data from activity where agreement_id = ? and type = 15',
      [agreementId],
    );
    expect(applied.data.topupNowTransactionId).toBe(rows[0].id);

    // Again: nothing more is paid.
    const again = await em().transactional((tx) =>
      payTopupNow(tx, new LedgerService(), new CoreBankingSimulator(), agreementId, {
        today: server.app.services.clock.today(),
        now: new Date(),
      }),
    );
    expect(again).toBeNull();
    expect(await topUps(agreementId)).toHaveLength(1);
    await ledgerClean();
  });
});

describe('TopupNow on a modification', () => {
  it('more than the account holds: the change fails with the message and nothing is paid or applied', async () => {
    const { versionId, inForceId } = await modificationOf(server, MEMBER_TWO_ACCOUNTS[0]);
    const account = await richestLinkedAccount(MEMBER_TWO_ACCOUNTS[0]);
    await chooseTopupNow(versionId, account, ((account.balance + 1) / 100).toFixed(2));
    await sql(server, 'update agreement set status = 2 where id = ?', [versionId]);
    const before = await agreementBalances(em(), [inForceId]);

    const result = await server.app.services.changeApplier.applyQueued(em(), versionId);
    expect(result).toMatchObject({ stage: 'FAILED', message: TOPUP_NOW_MESSAGES.balanceTooLow });
    expect(await topUps(versionId)).toEqual([]);
    const [status] = await sql<{ status: number }>(
      server,
      'select status from agreement where id in (?, ?) order by id',
      [inForceId, versionId],
    );
    expect(Number(status.status)).toBe(7);
    expect(await agreementBalances(em(), [inForceId])).toEqual(before);
    expect((await linkedAccountBalances(em(), [account.id])).get(account.id)).toBe(account.balance);
    await ledgerClean();
  });

  it('within the balance: applied, the top-up on top of the balances carried over', async () => {
    const { versionId, inForceId } = await modificationOf(server, MEMBER_TWO_ACCOUNTS[0]);
    const account = await richestLinkedAccount(MEMBER_TWO_ACCOUNTS[0]);
    await chooseTopupNow(versionId, account, '25.00');
    await sql(server, 'update agreement set status = 2 where id = ?', [versionId]);
    const carried = (await agreementBalances(em(), [inForceId])).get(inForceId)!;

    const result = await server.app.services.changeApplier.applyQueued(em(), versionId);
    expect(result.stage).toBe('APPLIED');
    expect((await topUps(versionId)).map((r) => r.amount)).toEqual(['25.00']);
    const after = (await agreementBalances(em(), [versionId])).get(versionId)!;
    expect(after.rainyDay).toBe(carried.rainyDay + 2_500);
    expect(after.total).toBe(carried.total + 2_500);
    expect((await linkedAccountBalances(em(), [account.id])).get(account.id)).toBe(account.balance - 2_500);
    await ledgerClean();
  });
});
