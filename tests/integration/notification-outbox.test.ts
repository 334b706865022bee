import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NotificationChannel,
  NotificationSourceType,
} from '../../server/src/modules/notification/notification-codes.js';
import { DELIVER_NOTIFICATION_JOB, type OutboxMessage } from '../../server/src/modules/notification/outbox.js';
import { AGENT, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { em, gql, session, sql } from './portal-support.js';

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
      { channel: 1, recipients: 'member.one@example.com', subject: 'Outbox subject', body: 'Outbox body text.\n' },
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

  it('retries with back-off while the SMTP server is down, then marks the message failed', async () => {
    await server.stop();
    server = await startTestServer({ reset: false, env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
    const id = (await enqueue(server, { ...EMAIL, to: 'never@example.com' }))!;
    await server.app.services.jobs.drain(DELIVER_NOTIFICATION_JOB);
    const first = await statusOf(server, id);
    expect(first).toMatchObject({ status: 0, attempts: 1 });
    expect(first.last_error).toMatch(/ECONNREFUSED|connect/);
    // The retry waits (10 s, doubling): nothing runs now unless the delay is skipped.
    expect(await server.app.services.jobs.drain(DELIVER_NOTIFICATION_JOB)).toBe(0);
    for (let i = 0; i < 10; i += 1)
      await server.app.services.jobs.drain(DELIVER_NOTIFICATION_JOB, { includeDelayed: true });
    expect(await statusOf(server, id)).toMatchObject({ status: 2, attempts: 6 });
  });
});
