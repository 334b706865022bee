import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatDisplayDate, zonedInstant, type LocalDate } from '../../server/src/shared/local-date.js';
import { renewalDue } from '../../server/src/modules/core-banking/renewal-due.js';
import { SimulationClock, simulateDay } from '../../server/src/modules/core-banking/simulation.js';
import type { EventNotice, EventNotifier } from '../../server/src/modules/notification/events.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { createBankAgreement, type AgreementSpec } from './core-banking-world.js';
import { createMember } from './payment-world.js';

const TZ = 'Australia/Sydney';
const TODAY = '2032-05-10' as LocalDate;

/** Records the events it is asked to tell (the real notifier's messages are the notification module's tests). */
function recordingNotifier(): { notifier: EventNotifier; told: EventNotice[] } {
  const told: EventNotice[] = [];
  const notifier = {
    notifyEvent: async (_tx: unknown, notice: EventNotice) => {
      told.push(notice);
      return [];
    },
  } as unknown as EventNotifier;
  return { notifier, told };
}

const spec = (end: LocalDate): AgreementSpec => ({
  start: TODAY,
  end,
  frequency: 1,
  billers: [{ nickname: 'Water', paymentMethod: 0, value: '60.00', frequency: 3, dateOfBill: addDays(TODAY, 5) }],
});

describe('agreements due for renewal (a daily step of the bank day)', () => {
  let server: TestServer;
  let clock: SimulationClock;
  const em = () => server.app.database.orm.em.fork();
  let serial = 0;

  beforeAll(async () => {
    clock = new SimulationClock(zonedInstant(TODAY, TZ, 0, 1), TZ);
    server = await startTestServer({ env: { DEMO_DATA: 'false' }, clock });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  async function activities(agreementId: number) {
    return em().execute<{ type: number; details: string }[]>(
      'select type, details from activity where agreement_id = ? and type = 7 order by id',
      [agreementId],
    );
  }

  it('tells agreements ending within 30 days once per end date, not those further or with a renewal under way', async () => {
    const ending = await createBankAgreement(
      em(),
      await createMember(em(), `renew${++serial}`),
      spec(addDays(TODAY, 30)),
    );
    const later = await createBankAgreement(
      em(),
      await createMember(em(), `renew${++serial}`),
      spec(addDays(TODAY, 31)),
    );
    const renewing = await createBankAgreement(
      em(),
      await createMember(em(), `renew${++serial}`),
      spec(addDays(TODAY, 3)),
    );
    // A renewal of the third under way on the same account (pending approval).
    await em().execute(
      `insert into agreement (account_id, status, start_date, end_date, contribution_frequency, contribution_date)
       values (?, 0, ?, ?, 1, ?)`,
      [renewing.accountId, addDays(TODAY, 4), addDays(TODAY, 400), addDays(TODAY, 4)],
    );
    const now = zonedInstant(TODAY, TZ, 0, 5);
    const { notifier, told } = recordingNotifier();

    expect(await renewalDue(em(), TODAY, now, notifier)).toEqual([ending.agreementId]);
    expect(told).toEqual([
      {
        agreementId: ending.agreementId,
        event: 'renewalDue',
        key: `${ending.agreementId}:${addDays(TODAY, 30)}`,
        facts: { date: addDays(TODAY, 30) },
      },
    ]);
    expect(await activities(ending.agreementId)).toEqual([
      { type: 7, details: `Agreement due for renewal: it ends on ${formatDisplayDate(addDays(TODAY, 30))}` },
    ]);
    expect(await activities(later.agreementId)).toEqual([]);
    expect(await activities(renewing.agreementId)).toEqual([]);

    // Run again (a retry, a second instance, the next day): nobody is told twice.
    expect(await renewalDue(em(), TODAY, now, notifier)).toEqual([]);
    expect(await renewalDue(em(), addDays(TODAY, 1), now, notifier)).toEqual([later.agreementId]);
    expect(told).toHaveLength(2);

    // The end date moved: told again for the new one.
    await em().execute('update agreement set end_date = ? where id = ?', [addDays(TODAY, 20), ending.agreementId]);
    expect(await renewalDue(em(), addDays(TODAY, 1), now, notifier)).toEqual([ending.agreementId]);

    // The setting off: nobody.
    await em().execute(`insert into setting (key, value) values ('coreBanking', '{"renewalNoticeDays": 0}')`);
    try {
      await em().execute('update agreement set end_date = ? where id = ?', [addDays(TODAY, 10), ending.agreementId]);
      expect(await renewalDue(em(), addDays(TODAY, 2), now, notifier)).toEqual([]);
    } finally {
      await em().execute("delete from setting where key = 'coreBanking'");
    }
  }, 120_000);

  it('runs as part of the day, whose report and calendar job summary count it', async () => {
    const agreement = await createBankAgreement(em(), await createMember(em(), `renew${++serial}`), {
      ...spec(addDays(TODAY, 300)),
      start: addDays(TODAY, 5),
    });
    const day = addDays(TODAY, 271); // 29 days before the end
    await em().execute('update agreement set end_date = ? where id = ?', [addDays(day, 29), agreement.agreementId]);
    const { day: report } = await simulateDay(server.app.services.jobs, server.app.services.bankDay, em(), clock, day);
    expect(report.renewalDue).toContain(agreement.agreementId);
    const [run] = await em().execute<{ output: Record<string, unknown> }[]>(
      // The step's summary is its finish run's (the parts' together; core-banking.jobs.ts `finishKey`).
      `select output from pgboss.job where name = 'core-banking-calendar' and singleton_key like ?
       union all select output from pgboss.archive where name = 'core-banking-calendar' and singleton_key like ?`,
      [`calendar:${day}:finish:%`, `calendar:${day}:finish:%`],
    );
    expect(run.output.renewalDue).toBeGreaterThanOrEqual(1);
  }, 300_000);
});
