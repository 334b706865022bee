import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT, MEMBER_MISSED_DEPOSIT, MEMBER_TWO_ACCOUNTS, REPORTER } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * The missed-deposit report (issue 11 item 6) on the demo data: the arrears the bank day recorded (missed deposits,
 * agreement in 4), grouped by branch with totals; the date filter; the CSV and PDF carry the screen's figures
 * (the PDF read back with pdftotext, landscape, 'Printed on'); the spec 3 §7 REST paths; staff only.
 */
let server: TestServer;
let staff: string;
let branches: { id: number; name: string }[];
let missed: { agreementId: number; memberName: string; arrears: string; first: string; last: string };

async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return server.app.database.orm.em.fork().execute<T[]>(text, params);
}

const post = (path: string, body: unknown, token = staff) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const get = (path: string, token = staff) =>
  fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });

function pdfText(pdf: Buffer): { text: string; info: string } {
  const dir = mkdtempSync(join(tmpdir(), 'missed-pdf-'));
  writeFileSync(join(dir, 'in.pdf'), pdf);
  return {
    text: execFileSync('pdftotext', ['-layout', join(dir, 'in.pdf'), '-']).toString('utf8'),
    info: execFileSync('pdfinfo', [join(dir, 'in.pdf')]).toString('utf8'),
  };
}

const REPORT = `query($input: MissedDepositReportInput!) { missedDepositReport(input: $input) {
  startDate endDate asOf agreementCount totalValueInArrears branches { id name }
  groups { branchId branchName totalValueInArrears records { branchName totalValueInArrears formattedAccount members
    agreementNumber depositFrequency nextDepositDate renewalDate accountId memberId missedDeposits } } } }`;

interface Report {
  agreementCount: number;
  totalValueInArrears: string;
  groups: {
    branchName: string;
    totalValueInArrears: string;
    records: { agreementNumber: number; totalValueInArrears: string; members: string; missedDeposits: number }[];
  }[];
}

async function report(input: Record<string, unknown>): Promise<Report> {
  const { body } = await server.graphql<{ missedDepositReport: Report }>(REPORT, { input }, staff);
  expect(body.errors).toBeUndefined();
  return body.data!.missedDepositReport;
}

/** The last cell of a CSV line: the total in arrears ('$120.50', or quoted '"$1,234.56"'). */
const lastMoney = (line: string) => /"?(\$[\d,]+\.\d\d)"?$/.exec(line)![1];
const cents = (money: string) => Math.round(Number(money.replace(/[$,]/g, '')) * 100);

beforeAll(async () => {
  server = await startTestServer();
  staff = await server.token(...AGENT);
  branches = (
    await server.graphql<{ reportBranches: { id: number; name: string }[] }>(
      '{ reportBranches { id name } }',
      {},
      staff,
    )
  ).body.data!.reportBranches;
  // The demo's missed-deposit member: what the bank day left missed on their agreement, straight from the table.
  [missed] = await sql<typeof missed>(
    `select g.id as "agreementId", m.first_name || ' ' || m.last_name as "memberName",
            sum(d.expected_amount - d.received_amount)::text as arrears, min(d.due_date)::text as first,
            max(d.due_date)::text as last
     from member m join member_account_link l on l.member_id = m.id join agreement g on g.account_id = l.account_id
     join scheduled_deposit d on d.agreement_id = g.id and d.status = 2
     where m.member_number = ? and g.status = 4 group by g.id, m.first_name, m.last_name`,
    [MEMBER_MISSED_DEPOSIT[0]],
  );
});
afterAll(() => server?.stop());

describe('missedDepositReport', () => {
  it('lists the agreements in arrears by branch, each group and the whole adding up', async () => {
    expect(branches.length).toBeGreaterThan(1);
    expect(missed).toBeDefined();
    const all = await report({ branchIds: branches.map((b) => b.id) });
    const record = all.groups.flatMap((g) => g.records).find((r) => r.agreementNumber === missed.agreementId);
    expect(record).toBeDefined();
    expect(record!.totalValueInArrears).toBe(missed.arrears);
    expect(record!.members).toContain(missed.memberName);
    for (const group of all.groups) {
      expect(cents(group.totalValueInArrears)).toBe(
        group.records.reduce((total, r) => total + cents(r.totalValueInArrears), 0),
      );
    }
    expect(cents(all.totalValueInArrears)).toBe(all.groups.reduce((t, g) => t + cents(g.totalValueInArrears), 0));
    expect(all.agreementCount).toBe(all.groups.reduce((t, g) => t + g.records.length, 0));
    // Every agreement listed is running and has a deposit the bank day marked missed (activity 14 written with it).
    const ids = all.groups.flatMap((g) => g.records.map((r) => r.agreementNumber));
    const statuses = await sql<{ status: number; activities: string }>(
      `select g.status, (select count(*) from activity a where a.agreement_id = g.id and a.type = 14)::text as activities
       from agreement g where g.id = any(?::int[])`,
      [`{${ids.join(',')}}`],
    );
    for (const row of statuses) {
      expect([4, 7, 8]).toContain(row.status);
      expect(Number(row.activities)).toBeGreaterThan(0);
    }
  });

  it('narrows to the branches chosen', async () => {
    const all = await report({ branchIds: branches.map((b) => b.id) });
    const first = all.groups[0];
    const one = await report({ branchIds: [branches.find((b) => b.name === first.branchName)!.id] });
    expect(one.groups.map((g) => g.branchName)).toEqual([first.branchName]);
    expect(one.totalValueInArrears).toBe(first.totalValueInArrears);
  });

  it('filters by the missed deposits’ due dates', async () => {
    const ids = branches.map((b) => b.id);
    const before = await report({ branchIds: ids, endDate: dayBefore(missed.first) });
    const only = (r: Report) =>
      r.groups.flatMap((g) => g.records).find((x) => x.agreementNumber === missed.agreementId);
    expect(only(before)).toBeUndefined();
    const firstOnly = await report({ branchIds: ids, startDate: missed.first, endDate: missed.first });
    expect(only(firstOnly)?.missedDeposits).toBe(1);
    const whole = await report({ branchIds: ids, startDate: missed.first, endDate: missed.last });
    expect(only(whole)?.totalValueInArrears).toBe(missed.arrears);
  });

  it.each([
    [{ branchIds: [] }, 'Please select a branch'],
    [{ branchIds: [999999] }, 'Please choose branches from the list.'],
    [
      { branchIds: [1], startDate: '2026-11-02', endDate: '2026-11-01' },
      'The start date must be on or before the end date.',
    ],
  ])('refuses %j with the rule’s words', async (input, message) => {
    const { body } = await server.graphql(REPORT, { input }, staff);
    expect(body.errors?.[0].message).toBe(message);
  });

  it('is staff only: a member and a reporter are refused', async () => {
    for (const [username, password] of [MEMBER_TWO_ACCOUNTS, REPORTER]) {
      const token = await server.token(username, password);
      const { body } = await server.graphql(REPORT, { input: { branchIds: [1] } }, token);
      expect(body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
      expect((await get('/api/branch/getallbranches', token)).status).toBe(403);
    }
  });
});

const FILE = `query($input: MissedDepositReportInput!, $format: ExportFormat!) {
  missedDepositReportFile(input: $input, format: $format) { fileName contentType base64 } }`;

describe('the exports carry the screen’s figures', () => {
  it('CSV: a line per agreement, a total per branch and the total, as on the screen', async () => {
    const input = { branchIds: branches.map((b) => b.id) };
    const screen = await report(input);
    const { body } = await server.graphql<{ missedDepositReportFile: { fileName: string; base64: string } }>(
      FILE,
      { input, format: 'CSV' },
      staff,
    );
    const file = body.data!.missedDepositReportFile;
    expect(file.fileName).toBe('Missed_Deposits_Report.csv');
    const lines = Buffer.from(file.base64, 'base64').toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Branch,Account,Members,Agreement,Deposit frequency,Next deposit,Renewal date,Total in arrears',
    );
    expect(lines).toHaveLength(1 + screen.agreementCount + screen.groups.length + 1);
    const total = lines.at(-1)!;
    expect(total.startsWith('All branches,')).toBe(true);
    expect(cents(lastMoney(total))).toBe(cents(screen.totalValueInArrears));
  });

  it('PDF: landscape, Printed on, every branch total and the total', async () => {
    const input = { branchIds: branches.map((b) => b.id) };
    const screen = await report(input);
    const { body } = await server.graphql<{ missedDepositReportFile: { fileName: string; base64: string } }>(
      FILE,
      { input, format: 'PDF' },
      staff,
    );
    const file = body.data!.missedDepositReportFile;
    expect(file.fileName).toBe('Missed_Deposits_Report.pdf');
    const { text, info } = pdfText(Buffer.from(file.base64, 'base64'));
    expect(info).toMatch(/Page size:\s+841\.89 x 595\.28/);
    expect(text).toContain('Printed on');
    expect(text).toContain('Missed deposits report');
    const money = (amount: string) => `$${Number(amount).toLocaleString('en-AU', { minimumFractionDigits: 2 })}`;
    for (const group of screen.groups) expect(text).toContain(money(group.totalValueInArrears));
    expect(text).toMatch(
      new RegExp(
        `All branches\\s+Total\\s+${screen.agreementCount} agreements?[^\\n]*\\${money(screen.totalValueInArrears)}`,
      ),
    );
  });
});

describe('REST (spec 3 §7)', () => {
  it('GET getallbranches and getallbranchnames answer the active branches', async () => {
    const all = (await (await get('/api/branch/getallbranches')).json()) as { id: number; name: string }[];
    expect(all).toEqual(branches);
    const names = (await (await get('/api/branch/getallbranchnames')).json()) as string[];
    expect(names).toEqual(branches.map((b) => b.name));
  });

  it('POST submitbranchnames answers the groups for branch names and dates, money in dollars', async () => {
    const screen = await report({ branchIds: branches.map((b) => b.id) });
    const response = await post('/api/branch/submitbranchnames', {
      branches: branches.map((b) => b.name),
      startDate: null,
      endDate: null,
    });
    expect(response.status).toBe(200);
    const groups = (await response.json()) as Report['groups'];
    expect(groups).toEqual(
      screen.groups.map((g) =>
        expect.objectContaining({ totalValueInArrears: g.totalValueInArrears, branchName: g.branchName }),
      ),
    );
    const empty = await post('/api/branch/submitbranchnames', { branches: [] });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { message: string }).message).toBe('Please select a branch');
  });

  it('POST misseddepositreport/tocsv answers the given rows as a base64 CSV', async () => {
    const response = await post('/api/export/misseddepositreport/tocsv', {
      data: [{ branchName: 'Sydney', totalValueInArrears: '120.50', members: '=cmd' }],
      columnNames: ['Branch', 'Total', 'Members'],
      fieldsToExport: ['branchName', 'totalValueInArrears', 'members'],
    });
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.text(), 'base64').toString('utf8')).toBe(
      "Branch,Total,Members\r\nSydney,120.50,'=cmd\r\n",
    );
    const bad = await post('/api/export/misseddepositreport/tocsv', {
      data: [],
      columnNames: ['A'],
      fieldsToExport: [],
    });
    expect(bad.status).toBe(400);
  });

  it('POST htmlstring prints the report’s html landscape with the Printed on header', async () => {
    const response = await post('/api/export/htmlstring', {
      value: '<table><tr><th>Branch</th><th>Total in arrears</th></tr><tr><td>Sydney</td><td>$120.50</td></tr></table>',
      headerText: 'Printed on 24-11-2026',
      pageOrientation: 1,
    });
    expect(response.status).toBe(200);
    const { text, info } = pdfText(Buffer.from(await response.text(), 'base64'));
    expect(info).toMatch(/Page size:\s+841\.89 x 595\.28/);
    expect(text).toContain('Printed on 24-11-2026');
    expect(text).toMatch(/Sydney\s+\|\s+\$120\.50/);
  });
});

function dayBefore(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}
