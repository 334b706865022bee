import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDisplayDate, type LocalDate } from '../../server/src/shared/local-date.js';
import { APPLY_CHANGE_JOB } from '../../server/src/modules/agreement/change-jobs.js';
import { SEND_NOTICE_JOB } from '../../server/src/modules/notification/events.js';
import { AGENT, MEMBER_NO_AGREEMENT, MEMBER_TWO_ACCOUNTS, REPORTER } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { preparedNewAgreement } from './lifecycle.fixtures.js';
import { em, gql, session, sql, type Session } from './portal-support.js';
import { queueModification } from './modification.fixtures.js';

let server: TestServer;
let staff: Session;

beforeAll(async () => {
  server = await startTestServer();
  staff = await session(server, AGENT);
});
afterAll(() => server?.stop());

interface Message {
  name: string;
  recipient_email: string | null;
  email_subject: string;
  email_body: string;
  sms_body: string | null;
}

const told = async (agreementId: number, name: string) => {
  await server.app.services.jobs.drain(SEND_NOTICE_JOB);
  return sql<Message>(
    server,
    `select name, recipient_email, email_subject, email_body, sms_body from notification
     where agreement_id = ? and name = ? order by id`,
    [agreementId, name],
  );
};

/** The next deposit as the member must make it: amount, date, and the account it goes into. */
async function nextDeposit(agreementId: number) {
  const [row] = await sql<{ amount: string; due: string; account_number: string }>(
    server,
    `select d.expected_amount::text as amount, d.due_date::text as due, a.account_number
     from scheduled_deposit d join agreement g on g.id = d.agreement_id join account a on a.id = g.account_id
     where d.agreement_id = ? and d.status = 0 and d.due_date >= ?::date order by d.due_date limit 1`,
    [agreementId, server.app.services.clock.today()],
  );
  const money = `$${Number(row.amount).toLocaleString('en-AU', { minimumFractionDigits: 2 })}`;
  return { money, date: formatDisplayDate(row.due as LocalDate), account: row.account_number };
}

describe('agreement approved and changes applied (issue 22 item 1)', () => {
  it('tells the member their new agreement is approved: how much to deposit, into which account, by when', async () => {
    const { agreementId } = await preparedNewAgreement(server, MEMBER_NO_AGREEMENT[0]);
    const member = await session(server, MEMBER_NO_AGREEMENT);
    const activated = await gql<{ activateAgreement: { errors: unknown[] } }>(
      server,
      staff,
      'mutation($id: Int!) { activateAgreement(agreementId: $id) { errors { message } } }',
      { id: agreementId },
    );
    expect(activated.data?.activateAgreement.errors).toEqual([]);
    const approved = await gql<{ approveAgreement: { ok: boolean } }>(
      server,
      member,
      'mutation($id: Int!) { approveAgreement(agreementId: $id) { ok } }',
      { id: agreementId },
    );
    expect(approved.data?.approveAgreement.ok).toBe(true);
    await server.app.services.jobs.drain(APPLY_CHANGE_JOB);
    const [message, ...more] = await told(agreementId, 'AgreementApprovedNotification');
    expect(more).toEqual([]);
    const deposit = await nextDeposit(agreementId);
    expect(message.email_subject).toBe('Your bill smoothing agreement is approved');
    expect(message.email_body).toContain(
      `What to do: please deposit ${deposit.money} into account ${deposit.account} by ${deposit.date}`,
    );
    // Applied again (a retry of the job): told once.
    await server.app.services.changeApplier.applyQueued(em(server), agreementId);
    expect(await told(agreementId, 'AgreementApprovedNotification')).toHaveLength(1);
  });

  it('tells the member when the changes they approved take effect', async () => {
    const [running] = await sql<{ id: number }>(
      server,
      `select g.id from agreement g join member_account_link l on l.account_id = g.account_id
       join member m on m.id = l.member_id where m.member_number = ? and g.status = 7 order by g.id limit 1`,
      [MEMBER_TWO_ACCOUNTS[0]],
    );
    const version = (await queueModification(server, Number(running.id))).agreementId;
    await server.app.services.jobs.drain(APPLY_CHANGE_JOB);
    const [message] = await told(version, 'AgreementAppliedNotification');
    const deposit = await nextDeposit(version);
    expect(message.email_subject).toBe('The changes to your agreement now apply');
    expect(message.email_body).toContain(
      `What to do: please deposit ${deposit.money} into account ${deposit.account} by ${deposit.date}.`,
    );
  });
});

describe('staff preview every member notice of an agreement (issue 22 item 1)', () => {
  const PREVIEWS = `query($id: Int!) { memberNoticePreviews(contractId: $id) {
    kind templateName whenSent example emailSubject emailBody smsBody problem } }`;
  interface Preview {
    kind: string;
    emailSubject: string | null;
    emailBody: string | null;
    smsBody: string | null;
    problem: string | null;
  }

  it('fills each one for the agreement as it stands, every placeholder filled, each SMS within 160 characters', async () => {
    const [arrears] = await sql<{ id: number }>(
      server,
      `select g.id from agreement g join member_account_link l on l.account_id = g.account_id
       join member m on m.id = l.member_id where m.member_number = '100002' and g.status = 4 limit 1`,
    );
    const { data } = await gql<{ memberNoticePreviews: Preview[] }>(server, staff, PREVIEWS, {
      id: Number(arrears.id),
    });
    const previews = data!.memberNoticePreviews;
    expect(previews.map((p) => p.kind)).toEqual([
      'billReminder',
      'billReminderAutoPay',
      'depositReminder',
      'missedDeposit',
      'billPaymentFailed',
      'billPaymentDelayed',
      'renewalDue',
      'agreementChanged',
      'agreementCancelled',
      'agreementApproved',
      'agreementApplied',
      'shortPaidBill',
    ]);
    for (const preview of previews) {
      expect(preview.problem, preview.kind).toBeNull();
      for (const text of [preview.emailSubject, preview.emailBody, preview.smsBody]) {
        expect(text, preview.kind).toBeTruthy();
        expect(text, preview.kind).not.toMatch(/[{}]|\$NaN|undefined|null/);
        expect(text, preview.kind).not.toMatch(/\d{2}\/\d{2}\/\d{4}/); // dates as the app writes them: DD-MM-YYYY
      }
      expect(preview.smsBody!.length, preview.kind).toBeLessThanOrEqual(160);
    }
    // The missed deposit tells the whole amount owing, not one deposit.
    const missed = previews.find((p) => p.kind === 'missedDeposit')!;
    const [owing] = await sql<{ owing: string }>(
      server,
      `select sum(expected_amount - received_amount)::text as owing from scheduled_deposit
       where agreement_id = ? and status in (2, 3)`,
      [Number(arrears.id)],
    );
    const total = `$${Number(owing.owing).toLocaleString('en-AU', { minimumFractionDigits: 2 })}`;
    expect(missed.emailBody).toContain(`please deposit ${total} into account`);
  });

  it('is for staff and the reporter only', async () => {
    const member = await session(server, MEMBER_TWO_ACCOUNTS);
    const refused = await gql(server, member, PREVIEWS, { id: 1 });
    expect(refused.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const reporter = await session(server, REPORTER);
    const seen = await gql<{ memberNoticePreviews: Preview[] }>(server, reporter, PREVIEWS, { id: 1 });
    expect(seen.data?.memberNoticePreviews.length).toBe(12);
  });
});

describe('a notice that cannot be composed', () => {
  it('is never sent unfilled: it is Failed with the reason, and no message goes', async () => {
    const [running] = await sql<{ id: number }>(
      server,
      'select id from agreement where status = 7 order by id limit 1',
    );
    await sql(
      server,
      "update notification_template set is_active = false where template_name = 'AgreementChangedNotification'",
    );
    try {
      await em(server).transactional((tx) =>
        server.app.services.eventNotifier.notifyEvent(tx, {
          agreementId: Number(running.id),
          event: 'agreementChanged',
          key: 'no-template',
          facts: { change: 'it now ends later' },
        }),
      );
      expect(await told(Number(running.id), 'AgreementChangedNotification')).toEqual([]);
      const [notice] = await sql<{ status: number; error: string }>(
        server,
        "select status, error from member_notice where notice_key = 'no-template'",
      );
      expect(notice).toEqual({
        status: 3,
        error: 'The template AgreementChangedNotification is missing or not active.',
      });
    } finally {
      await sql(
        server,
        "update notification_template set is_active = true where template_name = 'AgreementChangedNotification'",
      );
    }
  });
});
