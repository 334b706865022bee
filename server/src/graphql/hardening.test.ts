import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { aliasLimitRule, asksForIntrospection, costLimitRule, depthLimitRule, LIMITS } from './hardening.js';

const schema = buildSchema(`
  type Item { id: ID, children(first: Int): [Item!]!, parent: Item }
  type Wide { ${Array.from({ length: 120 }, (_, i) => `f${i}: Int`).join(', ')} }
  type Edge { cursor: String, node: Item, wide: Wide }
  type PageInfo { hasNextPage: Boolean, endCursor: String }
  type ItemConnection { edges: [Edge!]!, pageInfo: PageInfo }
  type ItemPage { items: [Item!]!, total: Int }
  type Query {
    items(first: Int): [Item!]!, item: Item, itemPage(first: Int, after: String): ItemConnection
    pageOfItems(pageSize: Int): ItemPage
  }
`);

function errorsOf(query: string, rule = [depthLimitRule, aliasLimitRule, costLimitRule]) {
  return validate(schema, parse(query), rule).map((e) => e.message);
}

function chain(levels: number): string {
  let inner = 'id';
  for (let i = 1; i < levels; i += 1) inner = `parent { ${inner} }`;
  return `{ item { ${inner} } }`;
}

describe('depth limit', () => {
  it('allows the limit and refuses one level more', () => {
    expect(errorsOf(chain(LIMITS.maxDepth - 1))).toEqual([]);
    expect(errorsOf(chain(LIMITS.maxDepth + 1))).toEqual([expect.stringContaining('levels deep')]);
  });

  it('counts depth through fragments, and ends on fragment cycles', () => {
    const query = `{ item { ...A } } fragment A on Item { parent { parent { ...B } } } fragment B on Item { parent { parent { parent { parent { parent { parent { parent { id } } } } } } } }`;
    expect(errorsOf(query, [depthLimitRule])).toEqual([expect.stringContaining('levels deep')]);
    expect(() => errorsOf('{ item { ...A } } fragment A on Item { parent { ...A } }', [depthLimitRule])).not.toThrow();
  });
});

describe('alias limit', () => {
  it('allows 15 aliases and refuses 16', () => {
    const aliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: item { id }`).join(' ')} }`;
    expect(errorsOf(aliases(15), [aliasLimitRule])).toEqual([]);
    expect(errorsOf(aliases(16), [aliasLimitRule])).toEqual([expect.stringContaining('16 aliases')]);
  });
});

describe('cost limit', () => {
  it('multiplies nested lists by their page size', () => {
    // 1 + 100 × (1 + 100 × 1) = 10,101 > 10,000
    expect(errorsOf('{ items(first: 100) { children(first: 100) { id } } }', [costLimitRule])).toEqual([
      expect.stringContaining('costs 10101'),
    ]);
    expect(errorsOf('{ items(first: 10) { children(first: 10) { id } } }', [costLimitRule])).toEqual([]);
  });

  it('assumes 20 items for a list without a page size', () => {
    // 1 + 20 × (1 + 20 × (1 + 20 × 2)) = 16,421
    expect(errorsOf('{ items { children { children { id again: id } } } }', [costLimitRule])).toEqual([
      expect.stringContaining('costs 16421'),
    ]);
  });
});

describe('cost of __typename', () => {
  it('counts nothing for it: Apollo Client asks it in every selection, and no resolver runs for it', () => {
    // 1 + (1 + 100 × (1 + 98)) = 9,902 with or without __typename; one more field in each row is 10,002
    const wide = Array.from({ length: 98 }, (_, i) => `f${i}`).join(' ');
    const query = (extra: string) =>
      `{ itemPage(first: 100) { __typename edges { __typename ${extra} wide { __typename ${wide} } } } }`;
    expect(errorsOf(query(''), [costLimitRule])).toEqual([]);
    expect(errorsOf(query('cursor'), [costLimitRule])).toEqual([expect.stringContaining('costs 10002')]);
  });
});

describe('cost of a page object that is not a connection', () => {
  it('keeps the default size for its list, whatever the page size (only a connection’s edges take it)', () => {
    // items at 20: 1 + 20 × (1 + 120) + 1 = 2,422; at the page size 100 it would be 12,102, over the limit
    const wide = Array.from({ length: 120 }, (_, i) => `f${i}: id`).join(' ');
    const query = (size: string) => `query($n: Int) { pageOfItems(pageSize: ${size}) { items { ${wide} } total } }`;
    expect(errorsOf(query('$n'), [costLimitRule])).toEqual([]);
    expect(errorsOf(query('100'), [costLimitRule])).toEqual([]);
  });
});

describe('cost of a connection (the reporting API)', () => {
  const fields = (n: number) => Array.from({ length: n }, (_, i) => `f${i}`).join(' ');

  it('multiplies its edges by its first, literal or (at the largest page) a variable', () => {
    // 1 + (1 + 100 × (1 + 1 + (1 + 1))) + (1 + 2) = 406
    expect(
      errorsOf('{ itemPage(first: 100) { edges { cursor node { id } } pageInfo { hasNextPage endCursor } } }', [
        costLimitRule,
      ]),
    ).toEqual([]);
    // A row costs its fields + 2 (cursor, node): 100 rows of 97 fields fit (9,902), of 98 do not (10,002); a
    // variable first counts as the largest page.
    const page = (n: number, first: string) =>
      `query($first: Int) { itemPage(first: ${first}) { edges { cursor wide { ${fields(n)} } } } }`;
    expect(errorsOf(page(97, '100'), [costLimitRule])).toEqual([]);
    expect(errorsOf(page(97, '$first'), [costLimitRule])).toEqual([]);
    expect(errorsOf(page(98, '$first'), [costLimitRule])).toEqual([expect.stringContaining('costs 10002')]);
    expect(errorsOf(page(98, '10'), [costLimitRule])).toEqual([]);
    expect(LIMITS.maxConnectionPage).toBe(100);
  });

  it('gives its size only to the lists directly below it', () => {
    // 1 + (1 + 2 × (1 + (1 + (1 + 20 × 1)))) = 50: the item's children keep the default 20
    expect(errorsOf('{ itemPage(first: 2) { edges { node { children { id } } } } }', [costLimitRule]).length).toBe(0);
    expect(
      errorsOf('{ itemPage(first: 100) { edges { node { children { children { id } } } } } }', [costLimitRule]),
    ).toEqual([expect.stringContaining('costs')]);
  });
});

describe('asksForIntrospection', () => {
  it.each([
    ['{ __schema { types { name } } }', true],
    ['{ __type(name: "Item") { name } }', true],
    ['{ item { __typename id } }', false],
    ['{ ... on Query { __schema { queryType { name } } } }', true],
  ])('%s → %s', (query, expected) => {
    expect(asksForIntrospection(parse(query))).toBe(expected);
  });
});
