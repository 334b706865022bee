import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_CATEGORIES, CATALOGUE_COMPANIES } from '../../server/src/modules/company/company-catalogue.data.js';
import { ensureCatalogue } from '../../server/src/seed/catalogue.js';
import { AGENT, MEMBER_TWO_ACCOUNTS, REPORTER } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * The category and company pickers of the agreement wizard (spec 2 §2, §5, §7) over GraphQL and REST: the same
 * service behind both, the shipped catalogue, bad input refused clearly with nothing written.
 */

let server: TestServer;
let agent: string;
let member: string;
let reporter: string;
let electricity: number;
let gas: number;

const COMPANY_FIELDS = 'id name billingCategoryId category paymentTypes bPayNumber bpayBillerName';

interface Company {
  id: number;
  name: string;
  billingCategoryId: number;
  category: string;
  paymentTypes: number[];
  bPayNumber: string | null;
  bpayBillerName: string | null;
}

async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return server.app.database.orm.em.fork().execute<T[]>(text, params);
}

async function rest(path: string, token: string | null = agent) {
  const response = await fetch(`${server.url}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: JSON.parse(text) as unknown };
}

async function gql<T>(query: string, variables: Record<string, unknown> = {}, token = agent) {
  return server.graphql<T>(query, variables, token);
}

/** Row counts and the newest ids of what a read must never write. */
async function footprint() {
  const [row] = await sql<Record<string, string>>(
    `select (select count(*) from company) as companies, (select count(*) from billing_category) as categories,
            (select count(*) from biller) as billers, (select coalesce(max(id), 0) from activity) as activity,
            (select coalesce(max(id), 0) from audit_record) as audits`,
  );
  return row;
}

beforeAll(async () => {
  server = await startTestServer({ env: { CHANGE_APPLIER_INTERVAL_MS: '0' } });
  [agent, member, reporter] = await Promise.all([
    server.token(...AGENT),
    server.token(...MEMBER_TWO_ACCOUNTS),
    server.token(...REPORTER),
  ]);
  const categories = await sql<{ id: number; name: string }>('select id, name from billing_category');
  electricity = categories.find((c) => c.name === CATALOGUE_CATEGORIES.electricity)!.id;
  gas = categories.find((c) => c.name === CATALOGUE_CATEGORIES.gas)!.id;
});
afterAll(() => server?.stop());

describe('the shipped catalogue in the demo data', () => {
  it('holds every shipped company once, with its payment methods; loading it again changes nothing', async () => {
    const stored = () =>
      sql<{ name: string; payment_methods: string }>('select name, payment_methods from company order by id');
    const before = await stored();
    expect(before.length).toBe(CATALOGUE_COMPANIES.length);
    const em = server.app.database.orm.em.fork();
    await em.transactional((tx) => ensureCatalogue(tx));
    expect(await stored()).toEqual(before);
    for (const company of CATALOGUE_COMPANIES) {
      expect(before.find((row) => row.name === company.name)?.payment_methods).toBe(company.paymentMethods.join(','));
    }
  });

  it('validates a BPAY biller code of the shipped catalogue from the stored companies', async () => {
    const redGum = CATALOGUE_COMPANIES.find((c) => c.name === 'Red Gum Energy')!;
    const { body } = await gql<{ validateBpay: { code: number; billerName: string | null } }>(
      'query($input: BpayValidationInput!) { validateBpay(input: $input) { code billerName } }',
      { input: { bPayNumber: redGum.bpay!.billerCode } },
      member,
    );
    expect(body.data?.validateBpay).toEqual({ code: 0, billerName: 'Red Gum Energy' });
  });
});

describe('categories (GET /api/categories, GET /api/billingcategories/{id})', () => {
  it('lists every category in the catalogue order, the same over GraphQL and REST, for staff and members', async () => {
    const { body } = await gql<{ billingCategories: { id: number; name: string }[] }>(
      '{ billingCategories { id name } }',
      {},
      member,
    );
    const list = body.data!.billingCategories;
    expect(list.map((c) => c.name)).toEqual(Object.values(CATALOGUE_CATEGORIES));
    expect((await rest('/api/categories', member)).body).toEqual(list);
    expect((await rest('/api/Categories', agent)).body).toEqual(list);
  });

  it('answers an empty list when there are no categories (the client shows No data available)', async () => {
    await sql('update billing_category set is_active = false');
    try {
      expect((await rest('/api/categories')).body).toEqual([]);
      expect((await gql<{ billingCategories: unknown[] }>('{ billingCategories { id } }')).body.data).toEqual({
        billingCategories: [],
      });
    } finally {
      await sql('update billing_category set is_active = true');
    }
  });

  it('answers one category by id', async () => {
    expect((await rest(`/api/billingcategories/${gas}`, member)).body).toEqual({ id: gas, name: 'Gas' });
    const { body } = await gql('query($id: Int!) { billingCategory(categoryId: $id) { id name } }', { id: gas });
    expect(body.data).toEqual({ billingCategory: { id: gas, name: 'Gas' } });
  });
});

describe('companies (GET /api/companies/{id})', () => {
  it('answers a company with its category, payment types and BPAY details, the same on both APIs', async () => {
    const [row] = await sql<{ id: number }>("select id from company where name = 'Red Gum Energy'");
    const expected = {
      id: row.id,
      name: 'Red Gum Energy',
      billingCategoryId: electricity,
      category: 'Electricity',
      paymentTypes: [0, 1, 4],
      bPayNumber: CATALOGUE_COMPANIES.find((c) => c.name === 'Red Gum Energy')!.bpay!.billerCode,
      bpayBillerName: 'Red Gum Energy',
    };
    expect((await rest(`/api/companies/${row.id}`, member)).body).toEqual(expected);
    const { body } = await gql(`query($id: Int!) { company(companyId: $id) { ${COMPANY_FIELDS} } }`, { id: row.id });
    expect(body.data).toEqual({ company: expected });
  });

  it('answers a company paid without BPAY with no biller code', async () => {
    const [row] = await sql<{ id: number }>("select id from company where name = 'Bayview Real Estate'");
    expect((await rest(`/api/companies/${row.id}`)).body).toMatchObject({
      paymentTypes: [1],
      bPayNumber: null,
      bpayBillerName: null,
    });
  });
});

describe('popular companies (GET /api/companies/popularByCategory?categoryId)', () => {
  it('lists at most 10 companies of the category, the same on both APIs, in a stable order', async () => {
    const first = (await rest(`/api/companies/popularByCategory?categoryId=${electricity}`, member)).body as Company[];
    expect(first.length).toBe(10);
    expect(first.every((c) => c.billingCategoryId === electricity)).toBe(true);
    expect((await rest(`/api/companies/popularbycategory?categoryId=${electricity}`)).body).toEqual(first);
    const { body } = await gql<{ popularCompanies: Company[] }>(
      `query($id: Int!) { popularCompanies(categoryId: $id) { ${COMPANY_FIELDS} } }`,
      { id: electricity },
    );
    expect(body.data!.popularCompanies).toEqual(first);
  });

  it('puts first the company the most accounts pay, whatever its place in the catalogue', async () => {
    const popular = (await rest(`/api/companies/popularByCategory?categoryId=${electricity}`)).body as Company[];
    const [outsider] = await sql<{ id: number; name: string }>(
      `select id, name from company where billing_category_id = ? and id not in (${popular.map((c) => c.id).join(',')})
       order by id limit 1`,
      [electricity],
    );
    expect(outsider).toBeDefined();
    // The billers of three accounts (every version of each) now pay the outsider.
    const moved = await sql<{ id: number }>(
      `update biller set company_id = ? where agreement_id in (
         select id from agreement where account_id in (
           select distinct g.account_id from agreement g join biller b on b.agreement_id = g.id
           where g.status not in (5, 6, 10) and b.status <> 3 order by g.account_id limit 3))
       and status <> 3 returning id`,
      [outsider.id],
    );
    expect(moved.length).toBeGreaterThanOrEqual(3);
    const after = (await rest(`/api/companies/popularByCategory?categoryId=${electricity}`)).body as Company[];
    expect(after[0]).toMatchObject({ id: outsider.id, name: outsider.name });
    expect(after.slice(1)).toEqual(popular.filter((c) => c.id !== outsider.id).slice(0, 9));
  });
});

describe('company typeahead (GET /api/companies/companiesByCategory?search&categoryId)', () => {
  it('finds the companies of the category whose name contains the text, by name, on both APIs', async () => {
    const response = await rest(`/api/companies/companiesByCategory?search=%20ENER&categoryId=${electricity}`, member);
    const names = (response.body as Company[]).map((c) => c.name);
    const expected = CATALOGUE_COMPANIES.filter((c) => c.category === 'electricity' && /ener/i.test(c.name))
      .map((c) => c.name)
      .sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
    expect(names).toEqual(expected);
    expect(response.headers.get('x-is-complete')).toBe('true');
    const { body } = await gql<{ searchCompanies: { companies: Company[]; isComplete: boolean; search: string } }>(
      `query($id: Int!, $search: String!) { searchCompanies(categoryId: $id, search: $search) {
         companies { ${COMPANY_FIELDS} } isComplete search } }`,
      { id: electricity, search: ' ENER' },
      member,
    );
    expect(body.data!.searchCompanies).toEqual({ companies: response.body, isComplete: true, search: 'ener' });
  });

  it('looks only in the chosen category', async () => {
    const response = await rest(`/api/companies/companiesByCategory?search=gas&categoryId=${electricity}`);
    expect(response.body).toEqual([]);
    expect(((await rest(`/api/companies/companiesByCategory?search=gas&categoryId=${gas}`)).body as []).length).toBe(
      CATALOGUE_COMPANIES.filter((c) => c.category === 'gas' && /gas/i.test(c.name)).length,
    );
  });

  it.each([
    ['two characters', '&search=en'],
    ['spaces around two', '&search=%20%20en%20'],
    ['no search', ''],
  ])('answers an empty list, not complete, under 3 characters: %s', async (_case, query) => {
    const response = await rest(`/api/companies/companiesByCategory?categoryId=${electricity}${query}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
    expect(response.headers.get('x-is-complete')).toBe('false');
  });

  it('says when an answer is cut at 20 matches', async () => {
    await sql(
      `insert into company (name, billing_category_id, payment_methods)
       select 'Zeta Test Power ' || n, ?, '1' from generate_series(1, 21) n`,
      [electricity],
    );
    try {
      const response = await rest(`/api/companies/companiesByCategory?search=zeta%20test&categoryId=${electricity}`);
      expect((response.body as Company[]).length).toBe(20);
      expect(response.headers.get('x-is-complete')).toBe('false');
      const narrower = await rest(
        `/api/companies/companiesByCategory?search=zeta%20test%20power%202&categoryId=${electricity}`,
      );
      expect((narrower.body as Company[]).map((c) => c.name)).toEqual([
        'Zeta Test Power 2',
        'Zeta Test Power 20',
        'Zeta Test Power 21',
      ]);
      expect(narrower.headers.get('x-is-complete')).toBe('true');
    } finally {
      await sql("delete from company where name like 'Zeta Test Power %'");
    }
  });
});

describe('the unknown-company option', () => {
  it('offers every payment type of the biller form, in the chosen category', async () => {
    const { body } = await gql(
      'query($id: Int!) { unknownCompany(categoryId: $id) { name billingCategoryId category paymentTypes } }',
      { id: gas },
      member,
    );
    expect(body.data).toEqual({
      unknownCompany: {
        name: 'Unknown company',
        billingCategoryId: gas,
        category: 'Gas',
        paymentTypes: [0, 1, 2, 3, 4],
      },
    });
  });
});

describe('bad input: a clear error, nothing written', () => {
  it.each([
    ['/api/billingcategories/abc', 400, 'INVALID_ID', 'Invalid id.'],
    ['/api/billingcategories/1.5', 400, 'INVALID_ID', 'Invalid id.'],
    ['/api/billingcategories/-1', 400, 'INVALID_ID', 'Invalid id.'],
    ['/api/billingcategories/987654', 404, 'NOT_FOUND', 'Could not find the billing category.'],
    ['/api/companies/abc', 400, 'INVALID_ID', 'Invalid id.'],
    ['/api/companies/0', 400, 'INVALID_ID', 'Invalid id.'],
    ['/api/companies/99999999999', 400, 'INVALID_ID', 'Invalid id.'],
    ['/api/companies/987654', 404, 'NOT_FOUND', 'Could not find the company.'],
    ['/api/companies/popularByCategory', 400, 'INVALID_ID', 'Invalid categoryId.'],
    ['/api/companies/popularByCategory?categoryId=gas', 400, 'INVALID_ID', 'Invalid categoryId.'],
    ['/api/companies/popularByCategory?categoryId=987654', 404, 'NOT_FOUND', 'Could not find the billing category.'],
    ['/api/companies/companiesByCategory?search=energy', 400, 'INVALID_ID', 'Invalid categoryId.'],
    ['/api/companies/companiesByCategory?search=energy&categoryId=x1', 400, 'INVALID_ID', 'Invalid categoryId.'],
    [
      '/api/companies/companiesByCategory?search=energy&categoryId=987654',
      404,
      'NOT_FOUND',
      'Could not find the billing category.',
    ],
    [
      `/api/companies/companiesByCategory?search=${'x'.repeat(101)}&categoryId=1`,
      400,
      'INVALID_SEARCH',
      'Search for at most 100 characters.',
    ],
  ])('GET %s answers %i %s', async (path, status, code, message) => {
    const before = await footprint();
    const response = await rest(path, member);
    const field =
      code === 'INVALID_SEARCH'
        ? 'search'
        : code === 'INVALID_ID'
          ? path.includes('ByCategory')
            ? 'categoryId'
            : 'id'
          : undefined;
    const body = field ? { code, message, field } : { code, message };
    expect({ status: response.status, body: response.body }).toEqual({ status, body });
    expect(await footprint()).toEqual(before);
  });

  it('refuses a search with a control character at the edge', async () => {
    const before = await footprint();
    const response = await rest(`/api/companies/companiesByCategory?search=ene%00rgy&categoryId=${gas}`, member);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'INVALID_INPUT', field: 'search' });
    expect(await footprint()).toEqual(before);
  });

  it.each([
    ['billingCategory', 'query { billingCategory(categoryId: 987654) { id } }', 'NOT_FOUND'],
    ['company', 'query { company(companyId: -3) { id } }', 'NOT_FOUND'],
    ['popularCompanies', 'query { popularCompanies(categoryId: 987654) { id } }', 'NOT_FOUND'],
    ['searchCompanies', 'query { searchCompanies(categoryId: 987654, search: "energy") { isComplete } }', 'NOT_FOUND'],
    [
      'searchCompanies',
      `query { searchCompanies(categoryId: 1, search: "${'x'.repeat(101)}") { isComplete } }`,
      'INVALID_SEARCH',
    ],
    [
      'searchCompanies',
      'query { searchCompanies(categoryId: 1, search: "en\\u0000ergy") { isComplete } }',
      'BAD_USER_INPUT',
    ],
    ['unknownCompany', 'query { unknownCompany(categoryId: 0) { name } }', 'NOT_FOUND'],
    ['company', 'query { company(companyId: "abc") { id } }', 'GRAPHQL_VALIDATION_FAILED'],
  ])('GraphQL %s refuses bad input with %s', async (_name, query, code) => {
    const before = await footprint();
    const { status, body } = await gql(query, {}, member);
    expect(status).toBeLessThan(500);
    expect(body.data ?? null).toBeNull();
    expect(body.errors?.[0]?.extensions?.code).toBe(code);
    expect(await footprint()).toEqual(before);
  });
});

describe('who may call them', () => {
  it('refuses the reporting role (not a wizard user) and callers without a token', async () => {
    expect((await rest('/api/categories', reporter)).status).toBe(403);
    expect((await rest(`/api/companies/popularByCategory?categoryId=${gas}`, reporter)).status).toBe(403);
    expect((await rest('/api/categories', null)).status).toBe(401);
    const { body } = await gql('{ billingCategories { id } }', {}, reporter);
    expect(body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
