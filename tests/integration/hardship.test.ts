import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, type LocalDate } from '../../server/src/shared/local-date.js';
import { MemberNoticeStatus } from '../../server/src/modules/notification/member-notice.entity.js';
import { SEND_NOTICE_JOB } from '../../server/src/modules/notification/events.js';
import { HARDSHIP_NOTICES } from '../../server/src/modules/hardship/hardship.service.js';
import { AGENT, MEMBER_MISSED_DEPOSIT, MEMBER_TWO_ACCOUNTS, REPORTER } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { accountWithStatus, em, gql, memberIdOf, session, sql, type Session } from './portal-support.js';

const MEMBER_HISTORY = `query($m: Int!, $a: Int!) { activities(memberId: $m, accountId: $a, filters: [AgreementChange], page: 1, pageSize: 50) {
  items { type label details notes } } }`;

/**
 * A way through hardship (issue 24 item 4): the member in arrears (100002) asks for help on their own account; the
 * case is in the history, the audit and the staff worklist (instead of the arrears row, with the counselling note);
 * the missed-deposit notice is held back while it is open or arranged; staff record an arrangement the member reads,
 * then close it and the notices resume. Bad input and other people are refused and change nothing.
 */

let server: TestServer;
let member: Session;
let agent: Session;
let reporter: Session;
let memberId: number;
let accountId: number;
let agreementId: number;
let today: LocalDate;
let termEnd: LocalDate;

const CASE = `caseId accountId agreementId status statusLabel situation openedAt
  request { kind from until amount words } arrangement { kind from until amount words }
  arrangementNote arrangedAt arrangedBy closeNote closedAt followUpPaused counsellingNote`;
const READ = `query($m: Int!, $a: Int!) { hardshipCase(memberId: $m, accountId: $a) { ${CASE} } }`;
const OPEN = `mutation($input: OpenHardshipCaseInput!) { openHardshipCase(input: $input) {
  hardshipCase { ${CASE} } errors { code field message } } }`;
const ARRANGE = `mutation($input: ArrangeHardshipCaseInput!) { arrangeHardshipCase(input: $input) {
  hardshipCase { ${CASE} } errors { code field message } } }`;
const CLOSE = `mutation($a: Int!, $note: String!) { closeHardshipCase(accountId: $a, note: $note) {
  hardshipCase { ${CASE} } errors { code field message } } }`;
const WORKLIST = `query { staffWorklist { items { key kind title detail agreementId actions { action templateName } } } }`;

interface CaseView {
  caseId: number;
  status: string;
  situation: string;
  request: { kind: string; from: string | null; until: string | null; amount: string | null; words: string };
  arrangement: { kind: string; amount: string | null; until: string | null; words: string } | null;
  arrangementNote: string | null;
  arrangedBy: string | null;
  closeNote: string | null;
  followUpPaused: boolean;
  counsellingNote: string | null;
}
type Result = { hardshipCase: CaseView | null; errors: { code: string; field: string | null; message: string }[] };

async function read(who: Session): Promise<CaseView | null> {
  const body = await gql<{ hardshipCase: CaseView | null }>(server, who, READ, { m: memberId, a: accountId });
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data.hardshipCase;
}

async function open(input: Record<string, unknown>, who: Session = member) {
  return gql<{ openHardshipCase: Result }>(server, who, OPEN, {
    input: { memberId, accountId, kind: 'None', from: null, until: null, amount: null, ...input },
  });
}

async function arrange(input: Record<string, unknown>, who: Session = agent) {
  return gql<{ arrangeHardshipCase: Result }>(server, who, ARRANGE, {
    input: { accountId, from: null, until: null, amount: null, ...input },
  });
}

async function activities(type: number) {
  return sql<{ details: string; notes: string | null; agent_name: string | null }>(
    server,
    'select details, notes, agent_name from activity where account_id = ? and type = ? order by id',
    [accountId, type],
  );
}

/** A missed-deposit notice (and another kind) for the agreement, composed by the notice job: what became of each. */
async function notices(key: string): Promise<{ missed: MemberNoticeStatus; changed: MemberNoticeStatus }> {
  const notifier = server.app.services.eventNotifier;
  const ids = await em(server).transactional(async (tx) => [
    await notifier.notifyEvent(tx, {
      agreementId,
      event: 'missedDeposit',
      key: `hardship-test:${key}`,
      facts: { amount: 10000 as never, date: today },
    }),
    await notifier.notifyEvent(tx, {
      agreementId,
      event: 'agreementChanged',
      key: `hardship-test:${key}`,
      facts: { change: 'a test' },
    }),
  ]);
  const [missed, changed] = await Promise.all(ids.map((id) => notifier.send(em(server), id!)));
  return { missed: missed!, changed: changed! };
}

async function worklistRows() {
  const body = await gql<{
    staffWorklist: {
      items: {
        key: string;
        kind: string;
        title: string;
        detail: string;
        agreementId: number | null;
        actions: { action: string; templateName: string | null }[];
      }[];
    };
  }>(server, agent, WORKLIST);
  return body.data!.staffWorklist.items.filter((item) => item.agreementId === agreementId);
}

beforeAll(async () => {
  server = await startTestServer();
  member = await session(server, MEMBER_MISSED_DEPOSIT);
  agent = await session(server, AGENT);
  reporter = await session(server, REPORTER);
  memberId = await memberIdOf(server, MEMBER_MISSED_DEPOSIT[0]);
  ({ accountId, agreementId } = await accountWithStatus(server, memberId, 4));
  today = server.app.services.clock.today();
  const [row] = await sql<{ end_date: string }>(
    server,
    'select end_date::text as end_date from agreement where id = ?',
    [agreementId],
  );
  termEnd = row.end_date as LocalDate;
}, 120_000);
afterAll(() => server?.stop());

describe('a way through hardship (issue 24 item 4)', () => {
  it('has no case to start with, and the missed-deposit notice goes as usual', async () => {
    expect(await read(member)).toBeNull();
    expect((await notices('before')).missed).not.toBe(MemberNoticeStatus.PausedForHardship);
  });

  it('refuses bad requests with a clear reason, writing nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ situation: '   ' }, 'REQUIRED', 'situation'],
      [{ situation: 'x'.repeat(2001) }, 'TOO_LONG', 'situation'],
      [
        { situation: 'Hours cut', kind: 'DepositHoliday', from: today, until: addMonths(today, 1) },
        'HOLIDAY_TOO_LONG',
        'until',
      ],
      [{ situation: 'Hours cut', kind: 'DepositHoliday', from: addDays(today, -1), until: today }, 'IN_PAST', 'from'],
      [{ situation: 'Hours cut', kind: 'DepositHoliday', from: 'soon', until: today }, 'INVALID_DATE', 'from'],
      [
        { situation: 'Hours cut', kind: 'LowerDeposit', amount: '999999.00', until: addDays(today, 30) },
        'AMOUNT_NOT_LOWER',
        'amount',
      ],
      [
        { situation: 'Hours cut', kind: 'LowerDeposit', amount: '0.00', until: addDays(today, 30) },
        'AMOUNT_NOT_POSITIVE',
        'amount',
      ],
      [
        { situation: 'Hours cut', kind: 'LowerDeposit', amount: 'lots', until: addDays(today, 30) },
        'INVALID_AMOUNT',
        'amount',
      ],
      [
        { situation: 'Hours cut', kind: 'LowerDeposit', amount: '1.00', until: addDays(termEnd, 1) },
        'BEYOND_TERM',
        'until',
      ],
    ];
    for (const [input, code, field] of cases) {
      const body = await open(input);
      expect(body.errors, JSON.stringify(input)).toBeUndefined();
      expect(
        body.data!.openHardshipCase.errors.map((e) => [e.code, e.field]),
        JSON.stringify(input),
      ).toEqual([[code, field]]);
      expect(body.data!.openHardshipCase.errors[0].message.length).toBeGreaterThan(10);
    }
    const [{ n }] = await sql<{ n: number }>(server, 'select count(*)::int as n from hardship_case');
    expect(n).toBe(0);
  });

  it('refuses another member’s account and the reporter (a member opens their own; staff open one for them)', async () => {
    const other = await session(server, MEMBER_TWO_ACCOUNTS);
    const foreign = await open({ situation: 'Not mine' }, other);
    expect(foreign.errors?.[0].message).toBe('You do not have access to this member or account.');
    const body = await open({ situation: 'On their behalf' }, reporter);
    expect(body.errors?.[0].message).toBe('You do not have access to this.');
    const read = await gql(server, other, READ, { m: memberId, a: accountId });
    expect(read.errors?.[0].message).toBe('You do not have access to this member or account.');
    expect(JSON.stringify(read.data ?? null)).not.toContain('situation');
  });

  it('opens the member’s case: in their history (their words for staff only), the audit, and once per account', async () => {
    const from = addDays(today, 1);
    const until = addDays(addMonths(from, 1), -1);
    const body = await open({
      situation: '  My hours were cut until February.  ',
      kind: 'DepositHoliday',
      from,
      until,
    });
    const opened = body.data!.openHardshipCase;
    expect(opened.errors).toEqual([]);
    expect(opened.hardshipCase).toMatchObject({
      status: 'Open',
      situation: 'My hours were cut until February.',
      request: { kind: 'DepositHoliday', from, until, amount: null },
      arrangement: null,
      followUpPaused: true,
      counsellingNote: null,
    });
    expect(opened.hardshipCase!.request.words).toMatch(/^a deposit holiday from \d\d-\d\d-\d{4} to .*re-spread/);
    const [activity] = await activities(40);
    expect(activity.details).toBe(`Asked for help with payments: ${opened.hardshipCase!.request.words}.`);
    expect(activity.notes).toBe('My hours were cut until February.');
    const [audit] = await sql<{ action: string }>(
      server,
      `select action from audit_record where entity_type = 'hardship_case' and entity_id = ?`,
      [opened.hardshipCase!.caseId],
    );
    expect(audit.action).toBe('openHardshipCase');
    // The member reads it in their history (Agreement change), without the staff-only notes.
    const history = await gql<{
      activities: { items: { type: number; label: string; details: string; notes: string | null }[] };
    }>(server, member, MEMBER_HISTORY, { m: memberId, a: accountId });
    expect(history.data!.activities.items.find((item) => item.type === 40)).toEqual({
      type: 40,
      label: 'Asked for help with payments',
      details: activity.details,
      notes: null,
    });
    const again = await open({ situation: 'Again' });
    expect(again.data!.openHardshipCase.errors.map((e) => e.code)).toEqual(['CASE_ALREADY_OPEN']);
    // Staff read the same case, with the financial-counselling note.
    expect((await read(agent))?.counsellingNote).toContain('1800 007 007');
    expect((await read(reporter))?.status).toBe('Open');
  });

  it('pauses the missed-deposit notice while the case is open; other notices still go', async () => {
    const { missed, changed } = await notices('open');
    expect(missed).toBe(MemberNoticeStatus.PausedForHardship);
    expect(changed).not.toBe(MemberNoticeStatus.PausedForHardship);
    const [row] = await sql<{ error: string }>(
      server,
      `select error from member_notice where kind = 'missedDeposit' and notice_key = 'hardship-test:open'`,
    );
    expect(row.error).toMatch(/asked for help with payments/);
  });

  it('puts the case on the staff worklist instead of chasing the arrears, with the counselling note', async () => {
    const rows = await worklistRows();
    expect(rows.map((r) => r.kind)).toEqual(['Hardship']);
    const [row] = rows;
    expect(row.key).toMatch(/^hardship:\d+:open$/);
    expect(row.title).toMatch(/^Asked for help with payments on /);
    expect(row.detail).toContain('“My hours were cut until February.”');
    expect(row.detail).toContain('do not chase it while the case is open');
    expect(row.detail).toContain('National Debt Helpline (1800 007 007');
    expect(row.actions.map((a) => a.action)).toEqual(['contact', 'arrange', 'open', 'markDone']);
  });

  it('lets staff, not the reporter, record an arrangement by the same rules; the member reads it', async () => {
    const until = addDays(today, 40);
    const refused = await arrange({ kind: 'LowerDeposit', amount: '10.00', until, note: 'Agreed' }, reporter);
    expect(refused.errors?.[0].message).toBe('You do not have access to this.');
    const noNote = await arrange({ kind: 'LowerDeposit', amount: '10.00', until, note: ' ' });
    expect(noNote.data!.arrangeHardshipCase.errors.map((e) => [e.code, e.field])).toEqual([['REQUIRED', 'note']]);
    const tooLow = await arrange({ kind: 'LowerDeposit', amount: '0.00', until, note: 'Agreed' });
    expect(tooLow.data!.arrangeHardshipCase.errors.map((e) => e.code)).toEqual(['AMOUNT_NOT_POSITIVE']);

    const body = await arrange({
      kind: 'LowerDeposit',
      amount: '10.00',
      until,
      note: 'Agreed on the phone; referred to counselling.',
    });
    const arranged = body.data!.arrangeHardshipCase;
    expect(arranged.errors).toEqual([]);
    expect(arranged.hardshipCase).toMatchObject({
      status: 'Arranged',
      arrangement: { kind: 'LowerDeposit', amount: '10.00', until },
      arrangementNote: 'Agreed on the phone; referred to counselling.',
      followUpPaused: true,
    });
    expect(arranged.hardshipCase!.arrangedBy).toBeTruthy();
    const seen = await read(member);
    expect(seen).toMatchObject({ status: 'Arranged', arrangement: { kind: 'LowerDeposit', amount: '10.00' } });
    expect(seen!.arrangedBy).toBeNull();
    expect(seen!.counsellingNote).toBeNull();
    const [activity] = await activities(41);
    expect(activity.details).toMatch(/ \d+ deposits? relieved of \$[\d,.]+, spread over the next \d+ deposits?\.$/);
    expect(activity.details.startsWith(`Hardship arrangement: ${arranged.hardshipCase!.arrangement!.words}. `)).toBe(
      true,
    );
    expect(activity.agent_name).toBeTruthy();
    expect((await notices('arranged')).missed).toBe(MemberNoticeStatus.PausedForHardship);
    const rows = await worklistRows();
    expect(rows.map((r) => r.key)).toEqual([expect.stringMatching(/^hardship:\d+:arranged$/)]);
    expect(rows[0].title).toMatch(/^Hardship arrangement: a lower deposit of \$10\.00 until /);
  });

  it('lets staff close it: the notices resume, the arrears row returns, and the member may ask again', async () => {
    const noNote = await gql<{ closeHardshipCase: Result }>(server, agent, CLOSE, { a: accountId, note: '' });
    expect(noNote.data!.closeHardshipCase.errors.map((e) => e.code)).toEqual(['REQUIRED']);
    const body = await gql<{ closeHardshipCase: Result }>(server, agent, CLOSE, {
      a: accountId,
      note: 'Back at work.',
    });
    expect(body.data!.closeHardshipCase.hardshipCase).toMatchObject({
      status: 'Closed',
      closeNote: 'Back at work.',
      followUpPaused: false,
      counsellingNote: null,
    });
    expect((await activities(42)).map((a) => a.notes)).toEqual(['Back at work.']);
    const twice = await gql<{ closeHardshipCase: Result }>(server, agent, CLOSE, { a: accountId, note: 'Again' });
    expect(twice.data!.closeHardshipCase.errors.map((e) => e.code)).toEqual(['NO_OPEN_CASE']);
    expect((await notices('closed')).missed).not.toBe(MemberNoticeStatus.PausedForHardship);
    expect((await worklistRows()).map((r) => r.kind)).toContain('InArrears');
    const reopened = await open({ situation: 'It happened again.' });
    expect(reopened.data!.openHardshipCase.hardshipCase?.status).toBe('Open');
  });

  it('tells the member when their case opens and when it closes (the agreement-changed notice)', async () => {
    await server.app.services.jobs.drain(SEND_NOTICE_JOB);
    const told = await sql<{ notice_key: string; change: string; bodies: string[] }>(
      server,
      `select m.notice_key, m.facts->>'change' as change,
              coalesce(array_agg(coalesce(n.email_body, n.sms_body) order by n.id)
                filter (where n.id is not null), '{}') as bodies
       from member_notice m left join notification n on n.agreement_id = m.agreement_id
         and n.name = 'AgreementChangedNotification' and coalesce(n.email_body, n.sms_body) like '%' || (m.facts->>'change') || '%'
       where m.kind = 'agreementChanged' and m.notice_key ~ '^hardship:\\d+:(opened|closed)$'
       group by m.id order by m.id`,
    );
    // Opened by the member, closed by staff, opened again: each step told once, in the member's own words.
    expect(told.map((row) => [row.notice_key.replace(/\d+/, 'N'), row.change])).toEqual([
      ['hardship:N:opened', HARDSHIP_NOTICES.opened],
      ['hardship:N:closed', HARDSHIP_NOTICES.closed],
      ['hardship:N:opened', HARDSHIP_NOTICES.opened],
    ]);
    // The notice job composed the template for the member (by their preference): the words are in what was sent.
    for (const row of told) expect(row.bodies.length).toBeGreaterThan(0);
  });

  it('lets staff open the request for a member who tells them, in the history under staff’s name', async () => {
    const closed = await gql<{ closeHardshipCase: Result }>(server, agent, CLOSE, { a: accountId, note: 'Sorted.' });
    expect(closed.data!.closeHardshipCase.errors).toEqual([]);
    const body = await open({ situation: 'Rang the branch: her partner lost his job.' }, agent);
    expect(body.data!.openHardshipCase.errors).toEqual([]);
    expect(body.data!.openHardshipCase.hardshipCase).toMatchObject({
      status: 'Open',
      situation: 'Rang the branch: her partner lost his job.',
      counsellingNote: expect.stringContaining('1800 007 007'),
    });
    const opened = await activities(40);
    expect(opened.at(-1)).toMatchObject({
      notes: 'Rang the branch: her partner lost his job.',
      agent_name: expect.stringMatching(/\S/),
    });
    // The member reads the request staff opened on their account.
    expect((await read(member))?.situation).toBe('Rang the branch: her partner lost his job.');
  });
});
