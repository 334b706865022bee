import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDisplayDate, type LocalDate } from '../../server/src/shared/local-date.js';
import {
  NotificationChannel,
  NotificationSourceType,
} from '../../server/src/shared/notification/notification-codes.js';
import { DELIVER_NOTIFICATION_JOB } from '../../server/src/modules/notification/outbox.js';
import {
  AGENT,
  MANAGER,
  MEMBER_LOCKED,
  MEMBER_MISSED_DEPOSIT,
  MEMBER_TWO_ACCOUNTS,
  REPORTER,
} from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { accountWithStatus, em, gql, memberIdOf, session, sql, type Session } from './portal-support.js';

let server: TestServer;
let agent: Session;

beforeAll(async () => {
  server = await startTestServer();
  agent = await session(server, AGENT);
});
afterAll(() => server?.stop());

const WORKLIST = `query { staffWorklist { asOf
  items { key kind kindLabel date title detail agreementId accountId memberId memberNumber memberName
    actions { action label templateName notificationId } done { at by action } }
  counts { kind label open } } }`;

interface Item {
  key: string;
  kind: string;
  title: string;
  detail: string;
  agreementId: number | null;
  accountId: number | null;
  memberId: number | null;
  memberNumber: string | null;
  actions: { action: string; templateName: string | null; notificationId: number | null }[];
  done: { by: string; action: string } | null;
}
interface Worklist {
  staffWorklist: { asOf: string; items: Item[]; counts: { kind: string; open: number }[] };
}

async function worklist(who: Session = agent) {
  const { data, errors } = await gql<Worklist>(server, who, WORKLIST);
  if (!data) throw new Error(JSON.stringify(errors));
  return data.staffWorklist;
}

const money = (decimal: string) =>
  `$${Number(decimal).toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describe('the staff worklist (issue 22 item 3)', () => {
  it('lists the member in arrears with how much and since when, and the locked agreement, most urgent first', async () => {
    const list = await worklist();
    const arrears = await accountWithStatus(server, await memberIdOf(server, MEMBER_MISSED_DEPOSIT[0]), 4);
    const [owing] = await sql<{ owing: string; since: string }>(
      server,
      `select sum(expected_amount - received_amount)::text as owing, min(due_date)::text as since
       from scheduled_deposit where agreement_id = ? and status in (2, 3) and received_amount < expected_amount`,
      [arrears.agreementId],
    );
    const row = list.items.find((i) => i.kind === 'InArrears' && i.agreementId === Number(arrears.agreementId))!;
    expect(row.title).toBe(
      `In arrears: ${money(owing.owing)} owing since ${formatDisplayDate(owing.since as LocalDate)}`,
    );
    expect(row.memberNumber).toBe(MEMBER_MISSED_DEPOSIT[0]);
    expect(row.actions.map((a) => [a.action, a.templateName])).toEqual([
      ['contact', 'ArrearsReminder'],
      ['lock', null],
      ['open', null],
      ['markDone', null],
    ]);
    const locked = await accountWithStatus(server, await memberIdOf(server, MEMBER_LOCKED[0]), 8);
    const lockedRow = list.items.find((i) => i.kind === 'Locked' && i.agreementId === Number(locked.agreementId))!;
    expect(lockedRow.title).toMatch(/^Locked since \d\d-\d\d-\d{4}$/);
    expect(lockedRow.actions[0]).toMatchObject({ action: 'contact', templateName: 'LockedAgreementContact' });
    // Most urgent first: every arrears row before any locked one; the counts are the open rows of the same list.
    const kinds = list.items.map((i) => i.kind);
    expect(kinds.lastIndexOf('InArrears')).toBeLessThan(kinds.indexOf('Locked'));
    for (const count of list.counts) {
      expect(count.open, count.kind).toBe(list.items.filter((i) => i.kind === count.kind && !i.done).length);
    }
  });

  it('offers contact with the template that fits, and marks the row done when the member is contacted', async () => {
    const list = await worklist();
    const row = list.items.find((i) => i.kind === 'InArrears' && !i.done)!;
    const previews = await gql<{ manualNotificationPreviews: Preview[] }>(server, agent, PREVIEWS, {
      a: row.accountId,
      m: row.memberId,
      c: row.agreementId,
    });
    const [first] = previews.data!.manualNotificationPreviews;
    expect(first).toMatchObject({ templateName: 'ArrearsReminder', suggested: true });
    const sent = await gql<{ sendManualNotification: { errors: unknown[] } }>(server, agent, SEND, {
      input: {
        accountId: row.accountId,
        memberId: row.memberId,
        contractId: row.agreementId,
        templateId: first.templateId,
        emailSubject: first.emailSubject,
        emailBody: first.emailBody,
        smsBody: first.smsBody,
        worklistKey: row.key,
      },
    });
    expect(sent.data!.sendManualNotification.errors).toEqual([]);
    await server.app.services.jobs.drain(DELIVER_NOTIFICATION_JOB);
    const after = await worklist();
    const done = after.items.find((i) => i.key === row.key)!;
    expect(done.done).toEqual({ at: expect.any(String), by: expect.any(String), action: 'contacted' });
    expect(done.detail).toContain(
      `Last contact ${formatDisplayDate(after.asOf as LocalDate)}: “${first.emailSubject}”.`,
    );
    const open = (l: typeof list) => l.counts.find((c) => c.kind === 'InArrears')!.open;
    expect(open(after)).toBe(open(list) - 1);
    // Done rows come after every open row.
    const firstDone = after.items.findIndex((i) => i.done);
    expect(after.items.slice(firstDone).every((i) => i.done)).toBe(true);
  });

  it('does not offer the arrears template for an agreement that is not in arrears', async () => {
    const active = await accountWithStatus(server, await memberIdOf(server, MEMBER_TWO_ACCOUNTS[0]), 7);
    const previews = await gql<{ manualNotificationPreviews: Preview[] }>(server, agent, PREVIEWS, {
      a: active.accountId,
      m: null,
      c: active.agreementId,
    });
    const names = previews.data!.manualNotificationPreviews.map((p) => p.templateName);
    expect(names).not.toContain('ArrearsReminder');
    expect(previews.data!.manualNotificationPreviews.filter((p) => p.suggested)).toHaveLength(1);
    expect(previews.data!.manualNotificationPreviews[0].suggested).toBe(true);
  });

  it('lists a message that could not be sent, with its error and Resend', async () => {
    const id = await em(server).transactional((tx) =>
      server.app.services.outbox.enqueue(tx, {
        sourceType: NotificationSourceType.ManualNotification,
        name: 'GeneralContact',
        channel: NotificationChannel.Email,
        to: '',
        subject: 'Please contact us about your agreement',
        body: 'Dear Jack,',
      }),
    );
    await server.app.services.jobs.drain(DELIVER_NOTIFICATION_JOB);
    const row = (await worklist()).items.find((i) => i.key === `message:${id}`)!;
    expect(row).toMatchObject({
      kind: 'MessageNotSent',
      title: 'Not sent: “Please contact us about your agreement”',
    });
    expect(row.detail).toContain('failed after 1 attempt: No e-mail address to send to.');
    expect(row.actions[0]).toMatchObject({ action: 'resend', notificationId: id });
  });

  it('shows approvals waiting to managers only', async () => {
    const arrears = await accountWithStatus(server, await memberIdOf(server, MEMBER_MISSED_DEPOSIT[0]), 4);
    const [bill] = await sql<{ id: number }>(
      server,
      'select id from bill where agreement_id = ? and status in (0, 1, 6) order by due_date limit 1',
      [arrears.agreementId],
    );
    const requested = await gql<{
      requestArrearsApproval: { approval: { approvalId: number } | null; errors: unknown[] };
    }>(
      server,
      agent,
      `mutation($b: Int!) { requestArrearsApproval(billId: $b, note: "Member paid at the branch") {
        approval { approvalId } errors { message } } }`,
      { b: Number(bill.id) },
    );
    expect(requested.data!.requestArrearsApproval.errors).toEqual([]);
    const approvalId = requested.data!.requestArrearsApproval.approval!.approvalId;
    expect((await worklist()).items.some((i) => i.key === `approval:${approvalId}`)).toBe(false);
    const manager = await session(server, MANAGER);
    const row = (await worklist(manager)).items.find((i) => i.key === `approval:${approvalId}`)!;
    expect(row.title).toMatch(
      /^Waiting for a manager: pay the .+ bill of \$[\d,]+\.\d\d while agreement \d+ is in arrears$/,
    );
    expect(row.actions.map((a) => a.action)).toEqual(['approve', 'open']);
  });

  it('marks a row done by hand, refuses what is not a row, and is for staff only (the reporter reads it)', async () => {
    const list = await worklist();
    const row = list.items.find((i) => !i.done)!;
    const MARK =
      'mutation($k: String!, $a: String!) { markWorkItemDone(key: $k, action: $a) { ok errors { code message } } }';
    const bad = await gql<{ markWorkItemDone: { ok: boolean; errors: { code: string }[] } }>(server, agent, MARK, {
      k: 'drop table',
      a: 'reviewed',
    });
    expect(bad.data!.markWorkItemDone).toEqual({
      ok: false,
      errors: [{ code: 'INVALID_KEY', message: 'That is not a worklist row.' }],
    });
    const reporter = await session(server, REPORTER);
    expect((await gql(server, reporter, MARK, { k: row.key, a: 'reviewed' })).errors?.[0].extensions?.code).toBe(
      'FORBIDDEN',
    );
    expect((await worklist(reporter)).items.length).toBeGreaterThan(0);
    const member = await session(server, MEMBER_TWO_ACCOUNTS);
    expect((await gql(server, member, WORKLIST)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const ok = await gql<{ markWorkItemDone: { ok: boolean } }>(server, agent, MARK, { k: row.key, a: 'reviewed' });
    expect(ok.data!.markWorkItemDone.ok).toBe(true);
    expect((await worklist()).items.find((i) => i.key === row.key)!.done).toMatchObject({ action: 'reviewed' });
  });
});

interface Preview {
  templateId: number;
  templateName: string;
  emailSubject: string;
  emailBody: string;
  smsBody: string;
  suggested: boolean;
}
const PREVIEWS = `query($a: Int!, $m: Int, $c: Int) { manualNotificationPreviews(accountId: $a, memberId: $m, contractId: $c) {
  templateId templateName emailSubject emailBody smsBody suggested } }`;
const SEND = `mutation($input: SendManualNotificationInput!) { sendManualNotification(input: $input) { errors { code message } } }`;
