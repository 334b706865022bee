import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../server/src/shared/local-date.js';
import { DEFAULT_CLIENT_SETTINGS } from '../../server/src/modules/settings/settings.defaults.js';
import { AGENT, MEMBER_NO_AGREEMENT, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { bpayBillerInput, bpayCompany } from './biller-wizard.fixtures.js';

/**
 * The confirm page's view and the printed agreement (spec 3 §2, §7): the tables and summary over GraphQL, the PDF
 * over an authenticated GET read back with pdftotext (member, biller, deposit amount, header and footer), and
 * POST /api/export/htmlstring answering a base64 PDF of the html's text; bad input and other members refused.
 */

let server: TestServer;
let agent: string;
let member: string;
let contractId: number;
let memberName: string;

async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return server.app.database.orm.em.fork().execute<T[]>(text, params);
}

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'contract-pdf-'));
  writeFileSync(join(dir, 'in.pdf'), pdf);
  return execFileSync('pdftotext', ['-layout', join(dir, 'in.pdf'), '-']).toString('utf8');
}

async function get(path: string, token = agent) {
  return fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
}

async function post(path: string, body: unknown, token = agent) {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  server = await startTestServer();
  agent = await server.token(...AGENT);
  member = await server.token(...MEMBER_TWO_ACCOUNTS);
  const [ids] = await sql<{ member_id: number; account_id: number; first_name: string; last_name: string }>(
    `select m.id as member_id, l.account_id, m.first_name, m.last_name from member m
     join member_account_link l on l.member_id = m.id where m.member_number = ? order by l.account_id limit 1`,
    [MEMBER_NO_AGREEMENT[0]],
  );
  memberName = `${ids.first_name} ${ids.last_name}`;
  const started = await server.graphql<{ r: { wizard: { agreementId: number } } }>(
    'mutation($m: Int!, $a: Int!) { r: startNewAgreement(memberId: $m, accountId: $a) { wizard { agreementId } errors { message } } }',
    { m: Number(ids.member_id), a: Number(ids.account_id) },
    agent,
  );
  contractId = started.body.data!.r.wizard.agreementId;
  const bpay = await bpayCompany(server);
  const today = server.app.services.clock.today();
  const saved = await server.graphql<{ saveBiller: { errors: unknown[] } }>(
    `mutation($input: BillerInput!) { saveBiller(input: $input) { errors { code message } } }`,
    {
      input: bpayBillerInput(bpay, contractId, addDays(today, 10), { nickname: 'Harbour Power' }),
    },
    agent,
  );
  expect(saved.body.data?.saveBiller.errors).toEqual([]);
  // The deposits step (another module) would store these: fortnightly deposits of $123.45.
  await sql(
    'update agreement set contribution_frequency = 2, deposit_amount = 123.45, contribution_date = start_date where id = ?',
    [contractId],
  );
});
afterAll(async () => {
  await server?.stop();
});

describe('the confirm page', () => {
  it('lists the automatic biller, the summary and the six confirmations, with no lock', async () => {
    const { body } = await server.graphql<{ c: Record<string, unknown> }>(
      `query($id: Int!) { c: agreementConfirmation(contractId: $id) { contractId isSetup memberNames
        automatic { nickname highlight expenseAmount frequencyLabel } manual { nickname } outsidePeriod { nickname }
        finalBills { nickname } summary { frequencyLabel depositAmount scheduleSummary } confirmations lock { code message } } }`,
      { id: contractId },
      agent,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data?.c).toMatchObject({
      contractId,
      isSetup: true,
      memberNames: expect.arrayContaining([memberName]),
      automatic: [
        { nickname: 'Harbour Power', highlight: 'Added', expenseAmount: '250.00', frequencyLabel: 'per quarter' },
      ],
      manual: [],
      outsidePeriod: [],
      finalBills: [],
      summary: { frequencyLabel: 'Fortnightly', depositAmount: '123.45' },
      confirmations: DEFAULT_CLIENT_SETTINGS.termsConfirmationChecklist,
      lock: null,
    });
    expect((body.data?.c.confirmations as string[]).length).toBe(6);
  });

  it('is refused to another member', async () => {
    const { body } = await server.graphql(
      'query($id: Int!) { agreementConfirmation(contractId: $id) { contractId } }',
      { id: contractId },
      member,
    );
    expect(body.errors?.[0].message).toBe('You do not have access to this member or account.');
  });
});

describe('the printed agreement (Contract_Confirm.pdf)', () => {
  it('downloads as Contract_Confirm.pdf and reads back with the member, the biller, the deposit, header and footer', async () => {
    const response = await get(`/api/export/contractpdf?contractId=${contractId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="Contract_Confirm.pdf"');
    const text = pdfText(Buffer.from(await response.arrayBuffer()));
    expect(text).toContain(memberName);
    expect(text).toContain('Harbour Power');
    expect(text).toContain('$250.00 per quarter');
    expect(text).toContain('Deposit amount: $123.45');
    expect(text).toContain('Frequency: Fortnightly');
    expect(text).toMatch(/Printed on \d{1,2} [A-Z][a-z]+, \d{4}/);
    expect(text).toContain(`Powered by BillSmoothing © ${server.app.services.clock.today().slice(0, 4)}`);
    expect(text).toContain(DEFAULT_CLIENT_SETTINGS.printedAgreementTerms[0]);
  });

  it('refuses a bad id, another member, and a version under the zero-balance lock', async () => {
    expect((await get('/api/export/contractpdf?contractId=abc')).status).toBe(400);
    expect((await get(`/api/export/contractpdf?contractId=${contractId}`, member)).status).toBe(403);
    const [[active]] = [await sql<{ id: number }>('select id from agreement where status = 7 order by id limit 1')];
    const closed = await get(`/api/export/contractpdf?contractId=${active.id}`);
    expect(closed.status).toBe(400);
    expect(((await closed.json()) as { code: string }).code).toBe('WIZARD_CLOSED');
  });
});

describe('POST /api/export/htmlstring', () => {
  it('answers a base64 PDF of the html’s text, with the header and footer, never running the html', async () => {
    const response = await post('/api/export/htmlstring', {
      value:
        '<h1>Agreement</h1><p>Hello <b>World</b></p><script>document.write("INJECTED")</script><table><tr><td>Gas</td><td>$10.00</td></tr></table>',
      headerText: 'Printed on 24 November, 2026',
      footerText: 'Powered by BillSmoothing © 2026',
      pageOrientation: 1,
    });
    expect(response.status).toBe(200);
    const base64 = await response.text();
    expect(base64).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const pdf = Buffer.from(base64, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Hello World');
    expect(text).toContain('Gas');
    expect(text).toContain('Printed on 24 November, 2026');
    expect(text).toContain('Powered by BillSmoothing © 2026');
    expect(text).not.toContain('INJECTED');
  });

  it.each([
    ['no value', { headerText: 'x' }, 'value'],
    ['an empty value', { value: '   ' }, 'value'],
    ['a bad orientation', { value: '<p>x</p>', pageOrientation: 5 }, 'pageOrientation'],
    ['a header that is not text', { value: '<p>x</p>', headerText: { a: 1 } }, 'headerText'],
  ])('refuses %s with a 400 naming the field', async (_name, body, field) => {
    const response = await post('/api/export/htmlstring', body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { field: string }).field).toBe(field);
  });

  it('is for staff only', async () => {
    expect((await post('/api/export/htmlstring', { value: '<p>x</p>' }, member)).status).toBe(403);
  });
});
