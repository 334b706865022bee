import { buildSchema, graphql } from 'graphql';
import { describe, expect, it } from 'vitest';
import { omittedArgumentsAsNull } from './omitted-arguments.js';

const schema = buildSchema(`
  input Inner { a: Int, b: Int! }
  input Outer { inner: Inner, list: [Inner!], note: String, count: Int = 3 }
  type Query { echo(id: Int, name: String = "x", outer: Outer, required: Int!): String }
`);
let seen: unknown;
schema.getQueryType()!.getFields().echo.resolve = (_source, args) => {
  seen = args;
  return 'ok';
};
omittedArgumentsAsNull(schema);

async function argsOf(query: string): Promise<unknown> {
  const result = await graphql({ schema, source: query });
  expect(result.errors).toBeUndefined();
  return seen;
}

describe('omittedArgumentsAsNull', () => {
  it.each([
    [
      'an omitted nullable argument is null',
      '{ echo(required: 1) }',
      { id: null, name: 'x', outer: null, required: 1 },
    ],
    ['a given argument is kept', '{ echo(required: 1, id: 5) }', { id: 5, name: 'x', outer: null, required: 1 }],
    [
      'an explicit null stays null',
      '{ echo(required: 1, id: null) }',
      { id: null, name: 'x', outer: null, required: 1 },
    ],
    [
      'omitted input fields are null at every depth; defaults still apply',
      '{ echo(required: 1, outer: { inner: { b: 2 }, list: [{ b: 3 }] }) }',
      {
        id: null,
        name: 'x',
        required: 1,
        outer: { inner: { a: null, b: 2 }, list: [{ a: null, b: 3 }], note: null, count: 3 },
      },
    ],
  ])('%s', async (_name, query, expected) => {
    expect(await argsOf(query)).toEqual(expected);
  });
});
