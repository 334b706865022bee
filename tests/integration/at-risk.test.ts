import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT, MEMBER_TWO_ACCOUNTS, REPORTER } from '../support/demo.js';
import { DEMO_DAY } from '../support/demo-day.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { SimulationClock } from '../../server/src/modules/core-banking/simulation.js';
import { addDays, formatDisplayDate, parseLocalDate, zonedInstant } from '../../server/src/shared/local-date.js';

/**
 * The at-risk worklist (issue 11 item 7) on the demo data: staff only, the forecast the graphs page shows (one
 * calculation, so the first short day agrees), bad weeks refused with the rule's words.
 */
let server: TestServer;
let staff: string;

const LIST = `query($w: Int!) { atRiskAgreements(weeks: $w) {
  weeks asOf checked notForecast
  items { agreementId accountId memberId memberNumber memberName branchName level firstShortDate firstShortfall depth
          topUpToAvoid depositToAvoid lowestPoint { date balance } } } }`;

interface Item {
  agreementId: number;
  accountId: number;
  memberId: number;
  memberNumber: string;
  memberName: string;
  branchName: string | null;
  level: string;
  firstShortDate: string;
  firstShortfall: string;
  depth: string;
  topUpToAvoid: string;
  lowestPoint: { date: string; balance: string };
  depositToAvoid: string | null;
}
type ListBody = { atRiskAgreements: { weeks: number; checked: number; notForecast: number[]; items: Item[] } };

// A fixed day: the demo data is built on it, and which agreements go short within the weeks depends on the calendar
// (from 2026-11-29 in Sydney every active demo agreement with bills ahead was listed, and the last test found none
// calm to change). The test is of the list, not of one day.
const TZ = 'Australia/Sydney';
const TODAY = DEMO_DAY; // tests/support/demo-day.ts

beforeAll(async () => {
  server = await startTestServer({ clock: new SimulationClock(zonedInstant(TODAY, TZ, 10), TZ) });
  staff = await server.token(...AGENT);
});
afterAll(() => server?.stop());

describe('atRiskAgreements', () => {
  it('lists the agreements that go short within the weeks, with the graphs page’s own first short day', async () => {
    const { body } = await server.graphql<ListBody>(LIST, { w: 26 }, staff);
    expect(body.errors).toBeUndefined();
    const list = body.data!.atRiskAgreements;
    expect(list.weeks).toBe(26);
    expect(list.checked).toBeGreaterThan(0);
    expect(list.items.length).toBeGreaterThan(0);
    for (const item of list.items) {
      expect(Number(item.depth)).toBeGreaterThan(0);
      expect(item.topUpToAvoid).toBe(item.depth);
      expect(item.lowestPoint.balance).toBe(`-${item.depth}`);
      expect(item.firstShortDate <= item.lowestPoint.date).toBe(true);
    }
    // The same forecast as the member's graphs page (one calculation).
    const first = list.items[0];
    const graphs = await server.graphql<{
      agreementGraphs: { forecast: { firstDateBelowZero: string | null } };
    }>(
      'query($m: Int!, $a: Int!) { agreementGraphs(memberId: $m, accountId: $a, step: 1) { forecast { firstDateBelowZero } } }',
      { m: first.memberId, a: first.accountId },
      staff,
    );
    expect(graphs.body.data!.agreementGraphs.forecast.firstDateBelowZero).toBe(first.firstShortDate);
  });

  it('narrows with fewer weeks: every item of 1 week is in the 26-week list', async () => {
    const wide = (await server.graphql<ListBody>(LIST, { w: 26 }, staff)).body.data!.atRiskAgreements.items;
    const narrow = (await server.graphql<ListBody>(LIST, { w: 1 }, staff)).body.data!.atRiskAgreements.items;
    expect(narrow.length).toBeLessThanOrEqual(wide.length);
    for (const item of narrow) expect(wide.map((w) => w.agreementId)).toContain(item.agreementId);
  });

  it.each([0, 27, -3])('refuses %i weeks with the rule’s words', async (weeks) => {
    const { body } = await server.graphql(LIST, { w: weeks }, staff);
    expect(body.data ?? null).toBeNull();
    expect(body.errors?.[0].message).toBe('Choose a number of weeks from 1 to 26.');
  });

  it('is staff only: a member and a reporter are refused', async () => {
    for (const [username, password] of [MEMBER_TWO_ACCOUNTS, REPORTER]) {
      const token = await server.token(username, password);
      const { body } = await server.graphql(LIST, { w: 4 }, token);
      expect(body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
  });
});

const VERDICT = `query($m: Int!, $a: Int!) { accountOverview(memberId: $m, accountId: $a) { projection { verdict {
  headline details firstShortDate firstShortfall lowestPoint { date balance } topUpToAvoid depositToAvoid
  beyondApprovedOverdraw } } } }`;
interface Verdict {
  headline: string;
  details: string[];
  firstShortDate: string | null;
  firstShortfall: string | null;
  lowestPoint: { date: string; balance: string } | null;
  topUpToAvoid: string | null;
  depositToAvoid: string | null;
  beyondApprovedOverdraw: boolean;
}
type VerdictBody = { accountOverview: { projection: { verdict: Verdict } } };

/** A row's figures in the verdict's shape. */
function rowFigures(item: Item): Omit<Verdict, 'headline' | 'details'> {
  return {
    firstShortDate: item.firstShortDate,
    firstShortfall: item.firstShortfall,
    lowestPoint: item.lowestPoint,
    topUpToAvoid: item.topUpToAvoid,
    depositToAvoid: item.depositToAvoid,
    beyondApprovedOverdraw: item.level === 'BeyondApprovedOverdraw',
  };
}

describe('a row is the member overview’s forecast verdict, filtered by the weeks', () => {
  it('short within the weeks and deeper after them: staff read the figures the member reads', async () => {
    // 100001's running agreement: first short within 13 weeks, at its lowest long after them. Staff used to be told
    // the lowest point and top-up within the weeks (the top-up smaller than the member's own screen says).
    const weeks = 13;
    const items = (await server.graphql<ListBody>(LIST, { w: weeks }, staff)).body.data!.atRiskAgreements.items;
    const row = items.find((item) => item.memberNumber === MEMBER_TWO_ACCOUNTS[0]);
    expect(row).toBeDefined();
    const member = await server.token(...MEMBER_TWO_ACCOUNTS);
    const { body } = await server.graphql<VerdictBody>(VERDICT, { m: row!.memberId, a: row!.accountId }, member);
    expect(body.errors).toBeUndefined();
    const verdict = body.data!.accountOverview.projection.verdict;
    // The case this test is about: short within the weeks, deeper after them.
    const horizonEnd = addDays(TODAY, 7 * weeks - 1);
    expect(verdict.firstShortDate! <= horizonEnd).toBe(true);
    expect(verdict.lowestPoint!.date > horizonEnd).toBe(true);
    expect(Number(verdict.lowestPoint!.balance)).toBeLessThan(-Number(verdict.firstShortfall));

    expect(rowFigures(row!)).toEqual({
      firstShortDate: verdict.firstShortDate,
      firstShortfall: verdict.firstShortfall,
      lowestPoint: verdict.lowestPoint,
      topUpToAvoid: verdict.topUpToAvoid,
      depositToAvoid: verdict.depositToAvoid,
      beyondApprovedOverdraw: verdict.beyondApprovedOverdraw,
    });
    expect(row!.depth).toBe(verdict.topUpToAvoid);
    // The member's words name the row's figures.
    const money = (value: string) => `$${Number(value).toLocaleString('en-AU', { minimumFractionDigits: 2 })}`;
    expect(verdict.headline).toBe(
      `Goes short by ${money(row!.firstShortfall)} on ${formatDisplayDate(parseLocalDate(row!.firstShortDate))}`,
    );
    expect(verdict.details.join(' ')).toContain(`top up ${money(row!.topUpToAvoid)} today`);
  });

  it.each([1, 26])('every row of %i weeks carries its agreement’s verdict', async (weeks) => {
    const items = (await server.graphql<ListBody>(LIST, { w: weeks }, staff)).body.data!.atRiskAgreements.items;
    for (const item of items) {
      const { body } = await server.graphql<VerdictBody>(VERDICT, { m: item.memberId, a: item.accountId }, staff);
      const { headline: _headline, details: _details, ...figures } = body.data!.accountOverview.projection.verdict;
      expect(rowFigures(item)).toEqual(figures);
    }
  });
});

const FILE = `query($w: Int!, $f: ExportFormat!, $s: AtRiskSortInput) {
  atRiskAgreementsFile(weeks: $w, format: $f, sort: $s) { fileName contentType base64 } }`;
type FileBody = { atRiskAgreementsFile: { fileName: string; contentType: string; base64: string } };

function pdfText(pdf: Buffer): { text: string; info: string } {
  const dir = mkdtempSync(join(tmpdir(), 'at-risk-pdf-'));
  writeFileSync(join(dir, 'in.pdf'), pdf);
  return {
    text: execFileSync('pdftotext', ['-layout', join(dir, 'in.pdf'), '-']).toString('utf8'),
    info: execFileSync('pdfinfo', [join(dir, 'in.pdf')]).toString('utf8'),
  };
}

describe('atRiskAgreementsFile (exported like the missed-deposit report)', () => {
  it('CSV: the screen’s rows in the sort asked for, money as the screen writes it', async () => {
    const items = (await server.graphql<ListBody>(LIST, { w: 26 }, staff)).body.data!.atRiskAgreements.items;
    const { body } = await server.graphql<FileBody>(
      FILE,
      { w: 26, f: 'CSV', s: { field: 'member', direction: 'desc' } },
      staff,
    );
    expect(body.errors).toBeUndefined();
    const file = body.data!.atRiskAgreementsFile;
    expect(file).toMatchObject({ fileName: 'Agreements_At_Risk.csv', contentType: 'text/csv' });
    const lines = Buffer.from(file.base64, 'base64').toString('utf8').trim().split(/\r?\n/);
    expect(lines[0]).toMatch(
      /^Member number,Member,Account,Branch,Agreement,Risk,First short day,Short by,Lowest point to end date,On,Top-up/,
    );
    expect(lines).toHaveLength(items.length + 1);
    const names = lines.slice(1).map((line) => line.split(',')[1]);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a)));
    for (const item of items) {
      const line = lines.find((l) => l.split(',')[4] === String(item.agreementId))!;
      const money = `$${Number(item.topUpToAvoid).toLocaleString('en-AU', { minimumFractionDigits: 2 })}`;
      expect(line).toContain(money.includes(',') ? `"${money}"` : money);
    }
  });

  it('PDF: landscape, Printed on, every agreement of the list, drawn off the request thread', async () => {
    const items = (await server.graphql<ListBody>(LIST, { w: 26 }, staff)).body.data!.atRiskAgreements.items;
    const { body } = await server.graphql<FileBody>(FILE, { w: 26, f: 'PDF' }, staff);
    expect(body.errors).toBeUndefined();
    const file = body.data!.atRiskAgreementsFile;
    expect(file).toMatchObject({ fileName: 'Agreements_At_Risk.pdf', contentType: 'application/pdf' });
    const { text, info } = pdfText(Buffer.from(file.base64, 'base64'));
    const [, width, height] = /Page size:\s+([\d.]+) x ([\d.]+)/.exec(info)!;
    expect(Number(width)).toBeGreaterThan(Number(height));
    expect(text).toContain('Printed on');
    expect(text).toContain('Agreements at risk');
    expect(text).toContain(`${items.length} of `);
    for (const item of items) expect(text).toContain(item.memberName);
  });

  it('refuses an unknown sort and bad weeks with their words, and members', async () => {
    const bad = await server.graphql(FILE, { w: 4, f: 'CSV', s: { field: 'balance' } }, staff);
    expect(bad.body.errors?.[0].message).toMatch(/^Sort by one of: risk, member/);
    const weeks = await server.graphql(FILE, { w: 40, f: 'PDF' }, staff);
    expect(weeks.body.errors?.[0].message).toBe('Choose a number of weeks from 1 to 26.');
    const member = await server.token(...MEMBER_TWO_ACCOUNTS);
    expect((await server.graphql(FILE, { w: 4, f: 'CSV' }, member)).body.errors?.[0].extensions?.code).toBe(
      'FORBIDDEN',
    );
  });
});

describe('Contact member from the worklist', () => {
  it('fills the templates for the row’s member and agreement', async () => {
    const [first] = (await server.graphql<ListBody>(LIST, { w: 26 }, staff)).body.data!.atRiskAgreements.items;
    const { body } = await server.graphql<{
      manualNotificationPreviews: { memberId: number; contractId: number; emailBody: string }[];
    }>(
      `query($a: Int!, $m: Int, $c: Int) { manualNotificationPreviews(accountId: $a, memberId: $m, contractId: $c) {
        memberId contractId emailBody } }`,
      { a: first.accountId, m: first.memberId, c: first.agreementId },
      staff,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data!.manualNotificationPreviews.length).toBeGreaterThan(0);
    for (const preview of body.data!.manualNotificationPreviews) {
      expect(preview).toMatchObject({ memberId: first.memberId, contractId: first.agreementId });
    }
  });
});

describe('the same day, after the agreement changed', () => {
  // Last in the file: it changes the demo data.
  it('reads an agreement again once its stored deposits changed; the others answer as before', async () => {
    const before = (await server.graphql<ListBody>(LIST, { w: 26 }, staff)).body.data!.atRiskAgreements;
    const em = server.app.database.orm.em.fork();
    const listed = before.items.map((item) => item.agreementId);
    // An active agreement with bills ahead that is not at risk today…
    const [calm] = await em.execute<{ id: number }[]>(
      `select g.id from agreement g where g.status = 7 and g.id not in (${listed.join(',') || 0})
         and exists (select 1 from bill b where b.agreement_id = g.id and b.due_date > ?::date) order by g.id limit 1`,
      [TODAY],
    );
    expect(calm).toBeDefined();
    // …whose deposits still to come drop to a cent (as a modification could store them): it now goes short.
    await em.execute('update scheduled_deposit set expected_amount = 0.01 where agreement_id = ? and status = 0', [
      calm.id,
    ]);
    const after = (await server.graphql<ListBody>(LIST, { w: 26 }, staff)).body.data!.atRiskAgreements;
    expect(after.items.map((item) => item.agreementId)).toContain(Number(calm.id));
    expect(after.items.filter((item) => item.agreementId !== Number(calm.id))).toEqual(before.items);
  });
});
