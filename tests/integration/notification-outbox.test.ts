import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NotificationChannel,
  NotificationSourceType,
} from '../../server/src/shared/notification/notification-codes.js';
import {
  DELIVER_NOTIFICATION_JOB,
  deliveryJobKey,
  type OutboxMessage,
} from '../../server/src/modules/notification/outbox.js';
import { ManualClock } from '../support/clock.js';
import { AGENT, MEMBER_TWO_ACCOUNTS, REPORTER } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { em, gql, memberIdOf, session, sql } from './portal-support.js';

let server: TestServer;

const EMAIL: OutboxMessage = {
  sourceType: NotificationSourceType.ManualNotification,
  name: 'OutboxTest',
  channel: NotificationChannel.Email,
  to: 'member.one@example.com',
  subject: 'Outbox subject',
  body: 'Outbox body text.',
};

async function enqueue(target: TestServer, message: OutboxMessage, rollback = false): Promise<number | null> {
  let id: number | null = null;
  await em(target)
    .transactional(async (tx) => {
      id = await target.app.services.outbox.enqueue(tx, message);
      if (rollback) throw new Error('rolled back');
    })
    .catch((error: Error) => {
      if (error.message !== 'rolled back') throw error;
    });
  return rollback ? null : id;
}

async function statusOf(target: TestServer, id: number) {
  const [row] = await sql<{ status: number; attempts: number; last_error: string | null; sent_at: Date | null }>(
    target,
    'select status, attempts, last_error, sent_at from notification where id = ?',
    [id],
  );
  return row;
}

async function captured(target: TestServer, id: number) {
  return sql<{ channel: number; recipients: string; subject: string | null; body: string }>(
    target,
    'select channel, recipients, subject, body from captured_message where notification_id = ? order by id',
    [id],
  );
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

describe('notification outbox', () => {
  it('delivers an e-mail by SMTP to the local capture, once, however often its job runs', async () => {
    const id = (await enqueue(server, EMAIL))!;
    expect(await statusOf(server, id)).toMatchObject({ status: 0, attempts: 0 });
    expect(await server.app.services.jobs.drain(DELIVER_NOTIFICATION_JOB)).toBeGreaterThanOrEqual(1);
    expect(await statusOf(server, id)).toMatchObject({ status: 1, attempts: 1, last_error: null });
    // A second job for the same message (a sweep, a retry after a lost acknowledgement) sends nothing.
    await server.app.services.jobs.send(em(server), DELIVER_NOTIFICATION_JOB, { notificationId: id });
    await server.app.services.jobs.drain(DELIVER_NOTIFICATION_JOB);
    const mail = await captured(server, id);
    expect(mail).toEqual([
      { channel: 1, recipients: 'member.one@example.com', subject: 'Outbox subject', body: 'Outbox body text.' },
    ]);
  });

  it('sends an SMS through the capturing provider', async () => {
    const id = (await enqueue(server, {
      ...EMAIL,
      channel: NotificationChannel.Sms,
      to: '0412345678',
      body: 'SMS text',
    }))!;
    await server.app.services.jobs.drain(DELIVER_NOTIFICATION_JOB);
    expect(await statusOf(server, id)).toMatchObject({ status: 1 });
    expect(await captured(server, id)).toEqual([
      { channel: 2, recipients: '0412345678', subject: null, body: 'SMS text' },
    ]);
  });

  it('writes nothing when the event’s transaction rolls back, and refuses to queue outside one', async () => {
    const [before] = await sql<{ n: string }>(server, 'select count(*) as n from notification');
    await enqueue(server, EMAIL, true);
    const [after] = await sql<{ n: string }>(server, 'select count(*) as n from notification');
    expect(after.n).toBe(before.n);
    expect(await server.app.services.jobs.drain(DELIVER_NOTIFICATION_JOB)).toBe(0);
    await expect(server.app.services.outbox.enqueue(em(server), EMAIL)).rejects.toThrow(/transaction/);
  });

  it('fails for good, without retrying, a message with no address', async () => {
    const id = (await enqueue(server, { ...EMAIL, to: '' }))!;
    await server.app.services.jobs.drain(DELIVER_NOTIFICATION_JOB);
    expect(await statusOf(server, id)).toMatchObject({ status: 2, last_error: 'No e-mail address to send to.' });
  });

  it('shows staff the delivery status and the captured messages; members are refused', async () => {
    const staff = await session(server, AGENT);
    const member = await session(server, MEMBER_TWO_ACCOUNTS);
    const query = `query { outboxMessages(limit: 5) { notificationId channel recipient status attempts lastError }
      capturedMessages(limit: 5) { channel recipients subject body } }`;
    const seen = await gql<{ outboxMessages: { status: string }[]; capturedMessages: { recipients: string }[] }>(
      server,
      staff,
      query,
    );
    expect(seen.data!.outboxMessages.map((m) => m.status)).toContain('Sent');
    expect(seen.data!.capturedMessages.map((m) => m.recipients)).toContain('member.one@example.com');
    const bad = await gql(server, staff, `query { outboxMessages(status: "Lost") { notificationId } }`);
    expect(bad.errors?.[0].message).toBe('status must be one of Queued, Sent, Failed, Cancelled, Sending.');
    const refused = await gql(server, member, query);
    expect(refused.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});

describe('notification outbox across a crash and a failing mail server', () => {
  it('delivers after a restart a message committed before the server died', async () => {
    const id = (await enqueue(server, { ...EMAIL, to: 'after.restart@example.com' }))!;
    await server.stop(); // no worker ran: the message and its job are only in the database
    server = await startTestServer({ reset: false });
    await server.app.services.jobs.drain(DELIVER_NOTIFICATION_JOB);
    expect(await statusOf(server, id)).toMatchObject({ status: 1 });
    expect((await captured(server, id)).map((m) => m.recipients)).toEqual(['after.restart@example.com']);
  });
});

const CLOSED_PORT = { SMTP_URL: 'smtp://127.0.0.1:9' };
const DAY_MS = 24 * 60 * 60 * 1000;

/** Seconds until pg-boss tries the message's job again (its retry's start_after, on the database's clock). */
async function retryDelaySeconds(target: TestServer, id: number): Promise<number> {
  const [row] = await sql<{ seconds: number }>(
    target,
    `select extract(epoch from start_after - now())::float8 as seconds from pgboss.job
     where name = ? and singleton_key = ? and state = 'retry'`,
    [DELIVER_NOTIFICATION_JOB.definition.name, deliveryJobKey(id)],
  );
  return Number(row.seconds);
}

/**
 * The test clock passes a retry's delay: the app's clock moves by it and pg-boss's retry falls due (its schedule
 * is on the database's clock, which a test cannot move), then what is due runs.
 */
async function waitOutRetry(target: TestServer, clock: ManualClock, id: number): Promise<number> {
  const delay = await retryDelaySeconds(target, id);
  clock.advance(delay * 1000);
  await target.app.services.jobs.retryNow(DELIVER_NOTIFICATION_JOB, [deliveryJobKey(id)]);
  await target.app.services.jobs.drain(DELIVER_NOTIFICATION_JOB);
  return delay;
}

async function memberAccount(target: TestServer) {
  const memberId = await memberIdOf(target, MEMBER_TWO_ACCOUNTS[0]);
  const [link] = await sql<{ account_id: number }>(
    target,
    'select account_id from member_account_link where member_id = ? and is_active order by id limit 1',
    [memberId],
  );
  return { memberId, accountId: Number(link.account_id) };
}

async function sentActivities(target: TestServer, notificationId: number) {
  return sql<{ type: number; details: string; member_id: number }>(
    target,
    `select type, details, member_id from activity where type = 12 and (data->>'notificationId')::int = ?`,
    [notificationId],
  );
}

describe('a mail server down for longer than the retry window (issue 21 item 4)', () => {
  const clock = new ManualClock(new Date('2027-03-01T01:00:00Z'));
  const RESEND = `mutation($id: Int!) { resendNotification(notificationId: $id) {
    message outboxMessage { status lastError } errors { code message } } }`;

  it('keeps trying for more than a day on the test clock, then shows staff the failure and its error', async () => {
    await server.stop();
    server = await startTestServer({ reset: false, clock, env: CLOSED_PORT });
    const member = await memberAccount(server);
    const id = (await enqueue(server, { ...EMAIL, to: 'outage@example.com', ...member }))!;
    const queuedAt = clock.now().getTime();
    await server.app.services.jobs.drain(DELIVER_NOTIFICATION_JOB);
    let attempts = 1;
    for (;;) {
      const row = await statusOf(server, id);
      expect(row.attempts).toBe(attempts);
      expect(row.last_error).toMatch(/ECONNREFUSED|connect/);
      if (row.status === 2) break;
      expect(row.status).toBe(0); // still queued: staff see it waiting with its error, never dropped
      expect(clock.now().getTime() - queuedAt).toBeLessThan(3 * DAY_MS);
      await waitOutRetry(server, clock, id);
      attempts += 1;
    }
    expect(clock.now().getTime() - queuedAt).toBeGreaterThanOrEqual(DAY_MS);
    expect(attempts).toBe(13);
    const staff = await session(server, AGENT);
    const failed = await gql<{ outboxMessages: { notificationId: number; lastError: string; attempts: number }[] }>(
      server,
      staff,
      `query { outboxMessages(status: "Failed", limit: 50) { notificationId lastError attempts } }`,
    );
    expect(failed.data!.outboxMessages.find((m) => m.notificationId === id)).toMatchObject({ attempts: 13 });
    expect(await sentActivities(server, id)).toEqual([]); // nothing was sent, so the member's history says nothing
  });

  it('sends it when staff press Resend once the server is back; the member’s activity shows what was sent', async () => {
    await server.stop();
    server = await startTestServer({ reset: false, clock }); // SMTP_URL unset: the local capture is up
    const [row] = await sql<{ id: number }>(
      server,
      `select id from notification where recipient_email = 'outage@example.com'`,
    );
    const id = Number(row.id);
    const reporter = await session(server, REPORTER);
    expect((await gql(server, reporter, RESEND, { id })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const staff = await session(server, AGENT);
    const resent = await gql<{ resendNotification: { message: string; outboxMessage: { status: string } } }>(
      server,
      staff,
      RESEND,
      { id },
    );
    expect(resent.data!.resendNotification).toMatchObject({
      message: 'The message is queued again and will be sent shortly.',
      outboxMessage: { status: 'Queued' },
    });
    await server.app.services.jobs.drain(DELIVER_NOTIFICATION_JOB);
    expect(await statusOf(server, id)).toMatchObject({ status: 1, attempts: 14 });
    expect((await captured(server, id)).map((m) => m.recipients)).toEqual(['outage@example.com']);
    const member = await memberAccount(server);
    expect(await sentActivities(server, id)).toEqual([
      {
        type: 12,
        member_id: member.memberId,
        details: 'E-mail to outage@example.com: Outbox subject\n\nOutbox body text.',
      },
    ]);
    const again = await gql<{ resendNotification: { errors: { code: string }[] } }>(server, staff, RESEND, { id });
    expect(again.data!.resendNotification.errors).toEqual([
      {
        code: 'NOT_FAILED',
        message: 'Only a message that failed can be sent again; this one is sent or still being tried.',
      },
    ]);
  });
});

describe('a mail server down for ten minutes (issue 21 item 4)', () => {
  it('sends what waited as soon as the server is back and a message goes through, without waiting out its back-off', async () => {
    const clock = new ManualClock(new Date('2027-03-05T01:00:00Z'));
    await server.stop();
    server = await startTestServer({ reset: false, clock, env: CLOSED_PORT });
    const early = (await enqueue(server, { ...EMAIL, to: 'early@example.com' }))!;
    await server.app.services.jobs.drain(DELIVER_NOTIFICATION_JOB);
    let waited = 0;
    while (waited < 10 * 60) waited += await waitOutRetry(server, clock, early);
    expect(await statusOf(server, early)).toMatchObject({ status: 0 });
    expect(await retryDelaySeconds(server, early)).toBeGreaterThan(60); // its next try is minutes away
    await server.stop();
    server = await startTestServer({ reset: false, clock });
    const later = (await enqueue(server, { ...EMAIL, to: 'later@example.com' }))!;
    await server.app.services.jobs.drain(DELIVER_NOTIFICATION_JOB);
    expect(await statusOf(server, later)).toMatchObject({ status: 1, attempts: 1 });
    expect(await statusOf(server, early)).toMatchObject({ status: 1, last_error: null });
    expect((await captured(server, early)).map((m) => m.recipients)).toEqual(['early@example.com']);
  });
});
