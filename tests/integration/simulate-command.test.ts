import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalDate } from '../../server/src/shared/local-date.js';
import { checkLedger } from '../../server/src/modules/ledger/ledger-check.js';
import { realDatabaseUrl } from '../support/database.js';
import { runScript } from '../support/script.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { createBankAgreement } from './core-banking-world.js';
import { createMember } from './payment-world.js';

const simulate = (...args: string[]) =>
  runScript('server/src/scripts/simulate.ts', args, {
    ...process.env,
    DATABASE_URL: realDatabaseUrl,
    LOG_LEVEL: 'silent',
  });

describe.skipIf(!realDatabaseUrl)('npm run simulate (the server stopped)', () => {
  let server: TestServer;
  let agreementId: number;

  beforeAll(async () => {
    server = await startTestServer({ env: { DEMO_DATA: 'false' } });
    const em = server.app.database.orm.em.fork();
    const member = await createMember(em, 'simulated');
    ({ agreementId } = await createBankAgreement(em, member, {
      start: '2026-05-01' as LocalDate,
      end: '2027-04-30' as LocalDate,
      frequency: 1,
      billers: [
        { nickname: 'Water', paymentMethod: 0, value: '90.00', frequency: 3, dateOfBill: '2026-05-04' as LocalDate },
      ],
    }));
    await server.stop();
  }, 120_000);
  afterAll(async () => {
    server = await startTestServer({ env: { DEMO_DATA: 'false' }, reset: false });
    expect((await checkLedger(server.app.database.orm.em.fork())).ok).toBe(true);
    await server.stop();
  }, 120_000);

  it('lives through the days asked for, prints each, and continues from the last one', async () => {
    const first = await simulate('--days', '4', '--from', '2026-05-01');
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const lines = first.stdout.split('\n').filter((line) => /^\d{4}-/.test(line));
    expect(lines.map((line) => line.slice(0, 10))).toEqual(['2026-05-01', '2026-05-02', '2026-05-03', '2026-05-04']);
    expect(lines[0]).toContain('deposits in 1 ');
    expect(lines[3]).toContain('bills paid 1,'); // Water, paid at 00:05, sent at 9:00 and answered at 15:00
    expect(lines[3]).toContain('settled 1,');

    const second = await simulate('--days', '1');
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/^2026-05-05 {2}deposits in 0 /m); // the next day, not the first again

    server = await startTestServer({ env: { DEMO_DATA: 'false' }, reset: false });
    const em = server.app.database.orm.em.fork();
    const rows = await em.execute<{ type: number; transaction_status: number | null }[]>(
      'select type, transaction_status from activity where agreement_id = ? order by id',
      [agreementId],
    );
    expect(rows).toEqual([
      { type: 2, transaction_status: 2 },
      { type: 0, transaction_status: 2 },
    ]);
    await server.stop();
  }, 300_000);

  it('refuses a bad number of days', async () => {
    const result = await simulate('--days', 'x');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--days must be a whole number');
  }, 60_000);
});
