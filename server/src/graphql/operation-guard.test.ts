import { buildSchema, getOperationAST, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { operationProblem, rootFieldsOf } from './operation-guard.js';

const schema = buildSchema(`
  type Query { settings: String, me: String }
  input Item { months: [Int!] }
  type Mutation { save(input: Item!): String, register(name: String!): String }
`);
const PUBLIC = new Set(['Query.settings', 'Mutation.register']);

function problem(query: string, variables: Record<string, unknown> = {}, signedIn = false) {
  const document = parse(query);
  const operation = getOperationAST(document)!;
  return operationProblem({ schema, document, operation, variables, signedIn }, PUBLIC);
}

describe('rootFieldsOf', () => {
  it.each<[string, string[] | null]>([
    ['{ settings me }', ['Query.settings', 'Query.me']],
    ['{ __typename settings }', ['Query.settings']],
    ['{ ...F } fragment F on Query { me }', ['Query.me']],
    ['{ ... on Query { me } }', ['Query.me']],
    ['{ me @skip(if: true) }', null],
    ['{ ...Missing }', null],
  ])('%s → %j', (query, fields) => {
    const document = parse(query, { noLocation: true });
    expect(rootFieldsOf(getOperationAST(document)!.selectionSet, document, 'Query')).toEqual(fields);
  });
});

describe('operationProblem (issue 21 item 7)', () => {
  const many = (n: number, value: unknown) => Array.from({ length: n }, () => value);
  const SAVE = 'mutation($input: Item!) { save(input: $input) }';

  it('tells a stranger to sign in before anything about the input', () => {
    expect(problem(SAVE, { input: { months: many(2000, 'x') } })).toMatchObject({
      message: 'Authentication is required.',
      extensions: { code: 'UNAUTHENTICATED' },
    });
  });

  it('lets a stranger reach what is public, and leaves a mix to the resolvers', () => {
    expect(problem('{ settings }')).toBeNull();
    expect(problem('mutation { register(name: "a") }')).toBeNull();
    expect(problem('{ settings me }')).toBeNull();
    expect(problem('{ __typename }')).toBeNull();
  });

  it('leaves the session to the resolvers when not asked to check it', () => {
    const document = parse(SAVE);
    const operation = getOperationAST(document)!;
    const variables = { input: { months: [1] } };
    expect(operationProblem({ schema, document, operation, variables, signedIn: false }, null)).toBeNull();
  });

  it('refuses a list longer than any form as one user error naming it', () => {
    expect(problem(SAVE, { input: { months: many(1001, 1) } }, true)).toMatchObject({
      message: 'input.months has too many items: at most 1000.',
      extensions: { code: 'BAD_USER_INPUT', field: 'input.months' },
    });
    expect(problem(SAVE, { input: { months: many(1000, 1) } }, true)).toBeNull();
  });

  it('answers the first malformed item only', () => {
    const refused = problem(SAVE, { input: { months: many(500, 'x') } }, true);
    expect(refused?.extensions.code).toBe('BAD_USER_INPUT');
    expect(refused?.message).toContain('input.months[0]');
  });
});
