import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, zonedInstant, type LocalDate } from '../../server/src/shared/local-date.js';
import { SimulationClock, simulateDay } from '../../server/src/modules/core-banking/simulation.js';
import { SEND_NOTICE_JOB } from '../../server/src/modules/notification/events.js';
import { DELIVER_NOTIFICATION_JOB } from '../../server/src/modules/notification/outbox.js';
import { realDatabaseUrl } from '../support/database.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { createBankAgreement, type AgreementSpec } from './core-banking-world.js';
import { createMember } from './payment-world.js';

const TZ = 'Australia/Sydney';
const START = '2031-03-03' as LocalDate;

/** Fortnightly deposits from 3 March; Water paid by the bank on the 7th, Power paid by the member on the 12th. */
const SPEC: AgreementSpec = {
  start: START,
  end: '2032-03-02' as LocalDate,
  frequency: 2,
  billers: [
    { nickname: 'Water', paymentMethod: 0, value: '90.00', frequency: 3, dateOfBill: '2031-03-07' as LocalDate },
    {
      nickname: 'Power',
      paymentMethod: 4,
      value: '150.00',
      frequency: 3,
      dateOfBill: '2031-03-12' as LocalDate,
      autoPayment: false,
    },
  ],
};

interface Sent {
  name: string;
  email_subject: string;
  email_body: string;
  queued_at: Date;
}

let server: TestServer;
const clock = new SimulationClock(zonedInstant(START, TZ, 0, 1), TZ);
const em = (target: TestServer = server) => target.app.database.orm.em.fork();
let serial = 0;

beforeAll(async () => {
  server = await startTestServer({ env: { DEMO_DATA: 'false' }, clock });
}, 120_000);
afterAll(() => server?.stop());

async function memberWithAgreement(email: string) {
  const member = await createMember(em(), `remind${++serial}`);
  await em().execute('update member set email = ? where id = ?', [email, member.memberId]);
  const agreement = await createBankAgreement(em(), member, SPEC);
  return { member, agreement };
}

/** The notices' jobs and the deliveries run, as the workers would. */
async function deliverAll(target: TestServer = server): Promise<void> {
  await target.app.services.jobs.drain(SEND_NOTICE_JOB);
  await target.app.services.jobs.drain(DELIVER_NOTIFICATION_JOB);
}

const sent = (agreementId: number) =>
  em().execute<Sent[]>(
    `select name, email_subject, email_body, queued_at from notification
     where agreement_id = ? and source_type = 3 order by id`,
    [agreementId],
  );

describe('reminders before each bill and each deposit (issue 22 item 1)', () => {
  it('reminds each bill and deposit once, by the setting’s days, in the bank’s voice; none for a biller without reminders', async () => {
    const ann = await memberWithAgreement('ann.remind@example.com');
    const bob = await memberWithAgreement('bob.remind@example.com');
    await em().execute(
      "update biller set is_notification_enabled = false where agreement_id = ? and nickname = 'Water'",
      [bob.agreement.agreementId],
    );
    const last = addDays(START, 14); // 17 March: the second deposit's day
    for (let date = START; date <= last; date = addDays(date, 1)) {
      await simulateDay(server.app.services.jobs, server.app.services.bankDay, em(), clock, date);
      await deliverAll();
    }
    const told = await sent(ann.agreement.agreementId);
    expect(told.map((m) => [m.name, m.email_subject])).toEqual([
      ['BillReminderAutoPayNotification', 'We will pay your Water bill of $90.00 on 07-03-2031'],
      ['BillReminderNotification', 'Your Power bill of $150.00 is due on 12-03-2031'],
      [
        'DepositReminderNotification',
        `Your deposit of $${(ann.agreement.depositAmount / 100).toFixed(2)} is due on 17-03-2031`,
      ],
    ]);
    const [water, power, deposit] = told;
    expect(water.email_body).toBe(
      `Dear ${ann.member.username},\n\nYour Water bill of $90.00 is due on 07-03-2031. We will pay it from your bill smoothing agreement on the day.\n\n` +
        'What to do: nothing. If the amount on your bill is different, please tell us before 07-03-2031 so that we pay the right amount.\n\n' +
        'Kind regards,\nHarbourside Mutual Bank\n\n' +
        `Questions? Call us on 1300 555 010 or e-mail billsmoothing.support@example.com, quoting your member number ${ann.member.username}.`,
    );
    expect(power.email_body).toContain('What to do: please pay it from your bill smoothing agreement by 12-03-2031.');
    const [{ account_number: accountNumber }] = await em().execute<{ account_number: string }[]>(
      'select account_number from account where id = ?',
      [ann.agreement.accountId],
    );
    expect(deposit.email_body).toContain(`reaches account ${accountNumber} by 17-03-2031.`);
    // Told three days before the bills (the default setting) and two days before the deposit.
    const dayOf = (m: Sent) => clockDay(m.queued_at);
    expect(told.map(dayOf)).toEqual(['2031-03-04', '2031-03-09', '2031-03-15']);
    expect((await sent(bob.agreement.agreementId)).map((m) => m.name)).toEqual([
      'BillReminderNotification',
      'DepositReminderNotification',
    ]);
  }, 600_000);

  it('sends each with the institution as sender, an HTML part and a text part, and records it in the member’s history', async () => {
    const [row] = await em().execute<{ id: number; member_id: number; email_body: string }[]>(
      `select id, member_id, email_body from notification where name = 'BillReminderNotification'
       and recipient_email = 'ann.remind@example.com'`,
    );
    const [mail] = await em().execute<{ sender: string; body: string; html: string; subject: string }[]>(
      'select sender, body, html, subject from captured_message where notification_id = ?',
      [row.id],
    );
    expect(mail.sender).toBe('"Harbourside Mutual Bank" <no-reply@billsmoothing.example>');
    expect(mail.body.trim()).toBe(row.email_body);
    expect(mail.html).toContain('<strong>What to do:</strong> please pay it from your bill smoothing agreement');
    expect(mail.html).toContain('Kind regards,<br>Harbourside Mutual Bank');
    const [activity] = await em().execute<{ type: number; member_id: number; details: string }[]>(
      `select type, member_id, details from activity where type = 12 and (data->>'notificationId')::int = ?`,
      [row.id],
    );
    expect(activity).toEqual({
      type: 12,
      member_id: row.member_id,
      details: `E-mail to ann.remind@example.com: ${mail.subject}\n\n${row.email_body}`,
    });
  });

  it('reminds nobody when the reminder days are set to 0', async () => {
    await em().execute(
      `insert into setting (key, value) values ('notifications', '{"billReminderDays": 0, "depositReminderDays": 0}')
       on conflict (key) do update set value = excluded.value`,
    );
    try {
      const cal = await memberWithAgreement('cal.remind@example.com');
      const date = '2031-04-04' as LocalDate; // the 7 April Water bill and the 14 April deposit within reach
      clock.setAt(date, 0, 5);
      await server.app.services.bankDay.runStep(em(), 'calendar', date);
      await deliverAll();
      expect(await sent(cal.agreement.agreementId)).toEqual([]);
    } finally {
      await em().execute("delete from setting where key = 'notifications'");
    }
  }, 120_000);
});

describe('renewal due (issue 26 item 1, issue 22 item 1)', () => {
  it('reaches the member once, by e-mail in the bank’s voice, with the end date, and is in the member’s history', async () => {
    const member = await createMember(em(), `remind${++serial}`);
    await em().execute('update member set email = ? where id = ?', ['eve.renew@example.com', member.memberId]);
    const date = '2031-06-02' as LocalDate;
    const end = addDays(date, 20); // within the default 30 days' notice
    const agreement = await createBankAgreement(em(), member, { ...SPEC, start: START, end });
    clock.setAt(date, 0, 5);
    await server.app.services.bankDay.runStep(em(), 'calendar', date);
    await deliverAll();
    // The next day finds it again: still told once for this end date.
    clock.setAt(addDays(date, 1), 0, 5);
    await server.app.services.bankDay.runStep(em(), 'calendar', addDays(date, 1));
    await deliverAll();
    const told = (await sent(agreement.agreementId)).filter((m) => m.name === 'RenewalDueNotification');
    expect(told).toHaveLength(1);
    const endWritten = `${end.slice(8, 10)}-${end.slice(5, 7)}-${end.slice(0, 4)}`;
    expect(`${told[0].email_subject}\n${told[0].email_body}`).toContain(endWritten);
    expect(told[0].email_body).toMatch(/^Dear /);
    expect(told[0].email_body).toContain('Kind regards,\nHarbourside Mutual Bank');
    const [mail] = await em().execute<{ recipients: string }[]>(
      `select recipients from captured_message where recipients = 'eve.renew@example.com'
       and subject = ?`,
      [told[0].email_subject],
    );
    expect(mail).toBeDefined();
    const history = await em().execute<{ details: string }[]>(
      `select details from activity where type = 12 and member_id = ? and details like ?`,
      [member.memberId, `%${told[0].email_subject}%`],
    );
    expect(history).toHaveLength(1);
  }, 120_000);
});

describe.skipIf(!realDatabaseUrl)('two instances on one database (issue 22 item 1: exactly once)', () => {
  let second: TestServer;
  beforeAll(async () => {
    second = await startTestServer({ env: { DEMO_DATA: 'false' }, clock, reset: false });
  }, 120_000);
  afterAll(() => second?.stop());

  it('tells each event once when both find it, compose it and deliver it at the same time', async () => {
    const dee = await memberWithAgreement('dee.remind@example.com');
    const date = '2031-05-04' as LocalDate; // Water on 7 May within reach
    clock.setAt(date, 0, 5);
    const both = [server, second];
    await Promise.all(both.map((s) => s.app.services.bankDay.runStep(em(s), 'calendar', date)));
    // The same event found twice more, at once, by each instance's own code: still one notice.
    await Promise.all(
      both.map((s) =>
        em(s).transactional((tx) =>
          s.app.services.eventNotifier.notifyEvent(tx, {
            agreementId: dee.agreement.agreementId,
            event: 'agreementChanged',
            key: 'two-instances',
            facts: { change: 'it now ends on 02-03-2032' },
          }),
        ),
      ),
    );
    await Promise.all(both.map((s) => s.app.services.jobs.drain(SEND_NOTICE_JOB)));
    await Promise.all(both.map((s) => s.app.services.jobs.drain(DELIVER_NOTIFICATION_JOB)));
    const names = (await sent(dee.agreement.agreementId)).map((m) => m.name);
    expect(names.sort()).toEqual(['AgreementChangedNotification', 'BillReminderAutoPayNotification']);
    const [{ n }] = await em().execute<{ n: number }[]>(
      `select count(*)::int as n from captured_message where recipients = 'dee.remind@example.com'`,
    );
    expect(n).toBe(2);
  }, 120_000);
});

/** The bank's day of an instant. */
function clockDay(instant: Date | string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(instant),
  );
}
