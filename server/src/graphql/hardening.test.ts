import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { aliasLimitRule, asksForIntrospection, costLimitRule, depthLimitRule, LIMITS } from './hardening.js';

const schema = buildSchema(`
  type Item { id: ID, children(first: Int): [Item!]!, parent: Item }
  type Query { items(first: Int): [Item!]!, item: Item }
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
    // 1 + 100 × (1 + 100 × 1) = 10,101 > 5,000
    expect(errorsOf('{ items(first: 100) { children(first: 100) { id } } }', [costLimitRule])).toEqual([
      expect.stringContaining('costs 10101'),
    ]);
    expect(errorsOf('{ items(first: 10) { children(first: 10) { id } } }', [costLimitRule])).toEqual([]);
  });

  it('assumes 20 items for a list without a page size', () => {
    // 1 + 20 × (1 + 20 × (1 + 20 × 1)) = 8,421
    expect(errorsOf('{ items { children { children { id } } } }', [costLimitRule])).toEqual([
      expect.stringContaining('costs 8421'),
    ]);
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
