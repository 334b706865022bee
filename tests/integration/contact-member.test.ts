import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVER_NOTIFICATION_JOB } from '../../server/src/modules/notification/outbox.js';
import { AGENT, MEMBER_MISSED_DEPOSIT, MEMBER_TWO_ACCOUNTS, REPORTER } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { accountWithStatus, gql, memberIdOf, rest, session, sql, type Session } from './portal-support.js';

interface Preview {
  templateId: number;
  templateName: string;
  accountId: number;
  memberId: number;
  contractId: number;
  emailSubject: string;
  emailBody: string;
  smsBody: string;
}
interface SendResult {
  message: string | null;
  notificationIds: number[];
  errors: { code: string; field: string | null; message: string }[];
}

const PREVIEWS = `query($a: Int!) { manualNotificationPreviews(accountId: $a) {
  templateId templateName title accountId memberId contractId emailSubject emailBody smsBody suggested } }`;
const SEND = `mutation($input: SendManualNotificationInput!) { sendManualNotification(input: $input) {
  message notificationIds errors { code field message } } }`;
const SUPPORT = `mutation($a: Int, $m: String!) { sendSupportMessage(accountId: $a, message: $m) {
  message errors { code field message } } }`;

let server: TestServer;
let staff: Session;
let member: Session;
let memberId: number;
let active: { accountId: number; agreementId: number };
let pending: { accountId: number; agreementId: number };
let memberEmail: string;

async function send(who: Session, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // a text answer
  }
  return { status: response.status, body: parsed };
}

async function capturedFor(ids: number[]) {
  return sql<{ channel: number; recipients: string; subject: string | null; body: string }>(
    server,
    'select channel, recipients, subject, body from captured_message where notification_id in (?) order by id',
    [ids],
  );
}

async function outboxCount(): Promise<number> {
  const [row] = await sql<{ n: string }>(server, 'select count(*) as n from notification');
  return Number(row.n);
}

beforeAll(async () => {
  server = await startTestServer();
  staff = await session(server, AGENT);
  member = await session(server, MEMBER_TWO_ACCOUNTS);
  memberId = await memberIdOf(server, MEMBER_TWO_ACCOUNTS[0]);
  active = await accountWithStatus(server, memberId, 7);
  pending = await accountWithStatus(server, memberId, 0);
  const [row] = await sql<{ email: string }>(server, 'select email from member where id = ?', [memberId]);
  memberEmail = row.email;
  // The member prefers e-mail for this agreement (the manual send follows the preference).
  await sql(server, 'delete from member_notification_preference where agreement_id = ? and member_id = ?', [
    active.agreementId,
    memberId,
  ]);
  await sql(
    server,
    'insert into member_notification_preference (agreement_id, member_id, notification_preference) values (?, ?, 1)',
    [active.agreementId, memberId],
  );
});
afterAll(() => server?.stop());

describe('contact member', () => {
  it('previews the manual templates filled from the agreement, over GraphQL and REST alike', async () => {
    const { data } = await gql<{ manualNotificationPreviews: Preview[] }>(server, staff, PREVIEWS, {
      a: active.accountId,
    });
    const general = data!.manualNotificationPreviews.find((p) => p.templateName === 'GeneralContact')!;
    expect(general).toMatchObject({ accountId: active.accountId, memberId, contractId: active.agreementId });
    expect(general.emailBody).toContain(`agreement ${active.agreementId}`);
    expect(general.emailBody).toContain('Harbourside Mutual Bank');
    expect(general.emailBody).not.toMatch(/[{}]/);
    // A template about a bill is filled from the agreement's next bill: its biller, amount and due date.
    const [bill] = await sql<{ nickname: string }>(
      server,
      `select b.nickname from bill bl join biller b on b.id = bl.biller_id
       where bl.agreement_id = ? and bl.paid_date is null and bl.due_date >= ? order by bl.due_date, bl.id limit 1`,
      [active.agreementId, server.app.services.clock.today()],
    );
    const reminder = data!.manualNotificationPreviews.find((p) => p.templateName === 'BillReminder')!;
    expect(reminder.emailBody).toMatch(
      new RegExp(
        `^Dear \\w+,\n\nYour ${bill.nickname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} bill of \\$[\\d,]+\\.\\d\\d is due on \\d\\d-\\d\\d-\\d{4}\\.\n`,
      ),
    );
    const viaRest = await rest(server, staff, `/api/NotificationTemplates/GetManualWithPreview/${active.accountId}`);
    expect(viaRest.body).toEqual(data!.manualNotificationPreviews);
    const template = await rest(
      server,
      staff,
      `/api/notifications/getmanualnotificationtemplate?id=${general.templateId}`,
    );
    expect(template.body).toMatchObject({ templateName: 'GeneralContact', isManual: true });
    expect((template.body as { emailTemplate: string }).emailTemplate).toContain('{firstName}');
  });

  it('fills the arrears reminder with the amount in arrears (missed deposits still owing), not the next deposit', async () => {
    const arrears = await accountWithStatus(server, await memberIdOf(server, MEMBER_MISSED_DEPOSIT[0]), 4);
    const [owing] = await sql<{ owing: string; next: string }>(
      server,
      `select sum(d.expected_amount - d.received_amount)::text as owing,
         coalesce(g.next_deposit_amount, g.deposit_amount)::text as next
       from scheduled_deposit d join agreement g on g.id = d.agreement_id
       where d.agreement_id = ? and d.status in (2, 3) group by g.id`,
      [arrears.agreementId],
    );
    const money = (decimal: string) =>
      `$${Number(decimal).toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    expect(Number(owing.owing)).toBeGreaterThan(0);
    expect(owing.owing).not.toBe(owing.next); // the two figures differ, so the test tells them apart
    const { data } = await gql<{ manualNotificationPreviews: Preview[] }>(server, staff, PREVIEWS, {
      a: arrears.accountId,
    });
    const reminder = data!.manualNotificationPreviews.find((p) => p.templateName === 'ArrearsReminder')!;
    expect(reminder.emailSubject).toBe(`Your agreement is in arrears by ${money(owing.owing)}`);
    expect(reminder.emailBody).toContain(`please deposit ${money(owing.owing)} into account`);
    expect(reminder.smsBody).toContain(`in arrears by ${money(owing.owing)}.`);
  });

  it('queues the e-mail to the member; once sent, activity 12 shows it and the capture carries the preview’s text', async () => {
    const { data } = await gql<{ manualNotificationPreviews: Preview[] }>(server, staff, PREVIEWS, {
      a: active.accountId,
    });
    // The template that fits the active agreement comes first (never the arrears one: it is not in arrears).
    const preview = data!.manualNotificationPreviews[0];
    expect(preview.templateName).not.toBe('ArrearsReminder');
    const sent = await gql<{ sendManualNotification: SendResult }>(server, staff, SEND, {
      input: {
        accountId: active.accountId,
        memberId,
        contractId: active.agreementId,
        templateId: preview.templateId,
        emailSubject: preview.emailSubject,
        emailBody: preview.emailBody,
        smsBody: preview.smsBody,
      },
    });
    const result = sent.data!.sendManualNotification;
    expect(result.errors).toEqual([]);
    expect(result.message).toBe('Notification has been successfully queued and will be sent shortly.');
    expect(result.notificationIds).toHaveLength(1);
    const sentActivity = () =>
      sql<{ type: number; details: string; agent_name: string }>(
        server,
        `select type, details, agent_name from activity where type = 12 and (data->>'notificationId')::int = ?`,
        [result.notificationIds[0]],
      );
    expect(await sentActivity()).toEqual([]); // not sent yet
    await server.app.services.jobs.drain(DELIVER_NOTIFICATION_JOB);
    expect(await sentActivity()).toEqual([
      {
        type: 12,
        details: `E-mail to ${memberEmail}: ${preview.emailSubject}\n\n${preview.emailBody}`,
        agent_name: expect.any(String),
      },
    ]);
    const [mail] = await capturedFor(result.notificationIds);
    expect(mail.recipients).toBe(memberEmail);
    expect(mail.subject).toBe(preview.emailSubject);
    expect(mail.body.trim()).toBe(preview.emailBody);
  });

  it('sends by SMS when that is the member’s preference', async () => {
    await sql(server, 'update member_notification_preference set notification_preference = 2 where agreement_id = ?', [
      active.agreementId,
    ]);
    const sent = await gql<{ sendManualNotification: SendResult }>(server, staff, SEND, {
      input: { accountId: active.accountId, memberId, contractId: active.agreementId, smsBody: 'Please call us.' },
    });
    await server.app.services.jobs.drain(DELIVER_NOTIFICATION_JOB);
    const [sms] = await capturedFor(sent.data!.sendManualNotification.notificationIds);
    expect(sms).toMatchObject({ channel: 2, body: 'Please call us.' });
    await sql(server, 'update member_notification_preference set notification_preference = 1 where agreement_id = ?', [
      active.agreementId,
    ]);
  });

  it('refuses a status other than 1, 4, 7 or 8, and missing texts, writing nothing', async () => {
    const before = await outboxCount();
    const notAllowed = await gql<{ sendManualNotification: SendResult }>(server, staff, SEND, {
      input: {
        accountId: pending.accountId,
        memberId,
        contractId: pending.agreementId,
        emailSubject: 's',
        emailBody: 'b',
      },
    });
    expect(notAllowed.data!.sendManualNotification.errors[0]).toMatchObject({
      code: 'STATUS_NOT_ALLOWED',
      message: 'A notification can be sent only while the agreement is approved, in missed deposit, active or locked.',
    });
    const noSubject = await gql<{ sendManualNotification: SendResult }>(server, staff, SEND, {
      input: {
        accountId: active.accountId,
        memberId,
        contractId: active.agreementId,
        emailSubject: ' ',
        emailBody: 'b',
      },
    });
    expect(noSubject.data!.sendManualNotification.errors[0]).toMatchObject({
      field: 'emailSubject',
      message: 'Please enter the e-mail subject.',
    });
    expect(await outboxCount()).toBe(before);
  });

  it('previews the approval notification (GetContractApprovingPreview) and sends it only while the member must approve', async () => {
    const query = `query($c: Int!) { contractApprovingPreview(contractId: $c) {
      templateId templateName title accountId memberId contractId emailSubject emailBody smsBody suggested } }`;
    const { data } = await gql<{ contractApprovingPreview: Preview }>(server, staff, query, { c: pending.agreementId });
    const preview = data!.contractApprovingPreview;
    const [holder] = await sql<{ first_name: string }>(server, 'select first_name from member where id = ?', [
      preview.memberId,
    ]);
    expect(preview).toMatchObject({
      templateName: 'ContractApprovingNotification',
      accountId: pending.accountId,
      contractId: pending.agreementId,
      emailSubject: 'Your bill smoothing agreement is ready for you to approve',
      emailBody: expect.stringContaining(
        `Dear ${holder.first_name},\n\nYour bill smoothing agreement ${pending.agreementId} with Harbourside Mutual Bank is ready.\n\nWhat to do: please sign in, read it through and approve it.`,
      ),
      smsBody: `Harbourside: your bill smoothing agreement ${pending.agreementId} is ready. Please sign in to read and approve it. Help: 1300 555 010`,
    });
    const viaRest = await rest(
      server,
      staff,
      `/api/notifications/GetContractApprovingPreview?contractId=${pending.agreementId}`,
    );
    expect(viaRest).toEqual({ status: 200, body: preview });
    expect((await rest(server, staff, '/api/notifications/GetContractApprovingPreview?contractId=999999')).status).toBe(
      404,
    );
    expect((await rest(server, staff, '/api/notifications/GetContractApprovingPreview?contractId=x')).status).toBe(400);
    expect(
      (await rest(server, member, `/api/notifications/GetContractApprovingPreview?contractId=${pending.agreementId}`))
        .status,
    ).toBe(403);

    const input = {
      accountId: preview.accountId,
      memberId: preview.memberId,
      contractId: preview.contractId,
      templateId: preview.templateId,
      notificationName: preview.templateName,
      emailSubject: preview.emailSubject,
      emailBody: preview.emailBody,
      smsBody: preview.smsBody,
    };
    // The approval notification for an agreement already running is refused, writing nothing.
    const before = await outboxCount();
    const running = await gql<{ sendManualNotification: SendResult }>(server, staff, SEND, {
      input: { ...input, accountId: active.accountId, contractId: active.agreementId, memberId },
    });
    expect(running.data!.sendManualNotification.errors[0]).toMatchObject({
      code: 'STATUS_NOT_ALLOWED',
      message: 'The approval notification can be sent only while the agreement is waiting for the member’s approval.',
    });
    expect(await outboxCount()).toBe(before);

    const sent = await gql<{ sendManualNotification: SendResult }>(server, staff, SEND, { input });
    expect(sent.data!.sendManualNotification).toMatchObject({
      errors: [],
      message: 'Notification has been successfully queued and will be sent shortly.',
    });
    const ids = sent.data!.sendManualNotification.notificationIds;
    const [row] = await sql<{ source_type: number; name: string; agreement_id: number }>(
      server,
      'select source_type, name, agreement_id from notification where id = ?',
      [ids[0]],
    );
    expect(row).toEqual({ source_type: 2, name: 'ContractApprovingNotification', agreement_id: pending.agreementId });
    await server.app.services.jobs.drain(DELIVER_NOTIFICATION_JOB);
    const [activity] = await sql<{ type: number; details: string }>(
      server,
      'select type, details from activity where agreement_id = ? and type = 12 order by id desc limit 1',
      [pending.agreementId],
    );
    expect(activity).toMatchObject({ type: 12 });
  });

  it('refuses ids that do not belong together, members and reporters', async () => {
    const otherId = await memberIdOf(server, MEMBER_MISSED_DEPOSIT[0]);
    const wrongMember = await gql(server, staff, SEND, {
      input: {
        accountId: active.accountId,
        memberId: otherId,
        contractId: active.agreementId,
        emailSubject: 's',
        emailBody: 'b',
      },
    });
    expect(wrongMember.errors?.[0]).toMatchObject({ message: 'Could not find the member on this account.' });
    const wrongAgreement = await gql(server, staff, SEND, {
      input: {
        accountId: active.accountId,
        memberId,
        contractId: pending.agreementId,
        emailSubject: 's',
        emailBody: 'b',
      },
    });
    expect(wrongAgreement.errors?.[0]).toMatchObject({ message: 'Could not find the agreement of this account.' });
    const reporter = await session(server, REPORTER);
    for (const who of [member, reporter]) {
      const refused = await gql(server, who, SEND, {
        input: {
          accountId: active.accountId,
          memberId,
          contractId: active.agreementId,
          emailSubject: 's',
          emailBody: 'b',
        },
      });
      expect(refused.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
    expect(
      (await rest(server, member, `/api/NotificationTemplates/GetManualWithPreview/${active.accountId}`)).status,
    ).toBe(403);
  });

  it('sends over REST (sendManually) with the documented body, and answers bad input with 400', async () => {
    const ok = await send(staff, 'POST', '/api/notifications/sendManually', {
      notificationSourceType: 'ManualNotification',
      NotificationName: 'GeneralContact',
      accountId: active.accountId,
      MemberId: memberId,
      ContractId: active.agreementId,
      emailSubject: 'Please contact us',
      emailBody: 'Dear {firstName}, please call.',
      smsBody: '',
      message: '',
    });
    expect(ok).toEqual({ status: 200, body: 'Notification has been successfully queued and will be sent shortly.' });
    const bad = await send(staff, 'POST', '/api/notifications/sendManually', { accountId: 'x' });
    expect(bad).toEqual({
      status: 400,
      body: { code: 'INVALID_ID', field: 'accountId', message: 'Invalid accountId.' },
    });
  });

  it('lets staff edit a template, checking its placeholders', async () => {
    const { data } = await gql<{ notificationTemplates: { templateId: number; templateName: string }[] }>(
      server,
      staff,
      `query { notificationTemplates { templateId templateName } }`,
    );
    const id = data!.notificationTemplates.find((t) => t.templateName === 'GeneralContact')!.templateId;
    const UPDATE = `mutation($input: UpdateNotificationTemplateInput!) { updateNotificationTemplate(input: $input) {
      template { emailTemplate } errors { code field message } } }`;
    const input = {
      templateId: id,
      title: 'Please contact us',
      emailSubject: 'About agreement {agreementNumber}',
      emailTemplate: 'Hello {firstName}, please call {institutionName}.',
      smsTemplate: '{institutionName}: please call us.',
    };
    const bad = await gql<{ updateNotificationTemplate: { errors: { code: string; field: string }[] } }>(
      server,
      staff,
      UPDATE,
      { input: { ...input, emailTemplate: 'Hello {name}' } },
    );
    expect(bad.data!.updateNotificationTemplate.errors[0]).toMatchObject({
      code: 'UNKNOWN_PLACEHOLDER',
      field: 'emailTemplate',
    });
    const good = await gql<{ updateNotificationTemplate: { template: { emailTemplate: string } } }>(
      server,
      staff,
      UPDATE,
      {
        input,
      },
    );
    expect(good.data!.updateNotificationTemplate.template.emailTemplate).toBe(input.emailTemplate);
    const previews = await gql<{ manualNotificationPreviews: Preview[] }>(server, staff, PREVIEWS, {
      a: active.accountId,
    });
    const preview = previews.data!.manualNotificationPreviews.find((p) => p.templateId === id)!;
    expect(preview.emailBody).toBe(
      'Hello ' + preview.emailBody.slice(6, preview.emailBody.indexOf(',')) + ', please call Harbourside Mutual Bank.',
    );
    expect(preview.emailSubject).toBe(`About agreement ${active.agreementId}`);
  });
});

describe('contact support', () => {
  it('e-mails the support team with the member and the account, and answers message sent', async () => {
    const contact = await rest(server, member, '/api/contracts/getbillsumosupportcontact');
    const supportEmail = (contact.body as { supportEmail: string }).supportEmail;
    expect(supportEmail).toContain('@');
    const sent = await gql<{ sendSupportMessage: { message: string; errors: unknown[] } }>(server, member, SUPPORT, {
      a: active.accountId,
      m: 'My electricity bill was not paid.',
    });
    expect(sent.data!.sendSupportMessage).toEqual({
      message: 'Message sent. The support team will contact you shortly.',
      errors: [],
    });
    await server.app.services.jobs.drain(DELIVER_NOTIFICATION_JOB);
    const [account] = await sql<{ account_number: string }>(server, 'select account_number from account where id = ?', [
      active.accountId,
    ]);
    const [mail] = await sql<{ recipients: string; subject: string; body: string }>(
      server,
      `select recipients, subject, body from captured_message where subject like 'Support request%' order by id desc limit 1`,
    );
    expect(mail.recipients).toBe(supportEmail);
    expect(mail.subject).toBe(`Support request: account ${account.account_number}`);
    expect(mail.body).toContain(`member number ${MEMBER_TWO_ACCOUNTS[0]}`);
    expect(mail.body).toContain('My electricity bill was not paid.');
  });

  it('refuses another member’s account and an empty message; REST sendemailtosupport answers the same', async () => {
    const other = await accountWithStatus(server, await memberIdOf(server, MEMBER_MISSED_DEPOSIT[0]), 4);
    const refused = await gql(server, member, SUPPORT, { a: other.accountId, m: 'hello' });
    expect(refused.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const empty = await gql<{ sendSupportMessage: { errors: { message: string }[] } }>(server, member, SUPPORT, {
      a: active.accountId,
      m: '  ',
    });
    expect(empty.data!.sendSupportMessage.errors[0].message).toBe('Please enter a message.');
    const viaRest = await send(member, 'POST', '/api/notifications/sendemailtosupport', {
      message: 'Over REST',
      accountId: active.accountId,
    });
    expect(viaRest).toEqual({ status: 200, body: 'Message sent. The support team will contact you shortly.' });
    const otherRest = await send(member, 'POST', '/api/notifications/sendemailtosupport', {
      message: 'x',
      accountId: other.accountId,
    });
    expect(otherRest.status).toBe(403);
  });
});
