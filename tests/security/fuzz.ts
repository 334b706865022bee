import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import type { RestRoute } from '../../server/src/rest/route.js';
import type { OwnIds } from './cross-member.fixtures.js';
import { ID_ARGUMENTS, selectionOf, VALUES_BY_NAME } from './cross-member.graphql.js';
import { restAttempts } from './cross-member.rest.js';

/**
 * Issue 13 §4: requests generated from the running schema and the REST route list, each leaf either a plausible
 * value (the caller's own ids, sensible amounts) or a hostile one. A new operation or route is covered as soon as
 * it exists; only a new kind of argument *name* may want a plausible value in VALUES_BY_NAME.
 */

export interface FuzzIds {
  ids: OwnIds;
  accountNumber: string;
  linkedAccountNumber: string;
  today: string;
}

const INT4_MAX = 2_147_483_647;

/** Hostile text: control characters, sizes around every column's limit, numbers-as-text, bad dates, injection. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'a\u0000b',
    '\u0000',
    'bell\u0007',
    'esc\u001b[31m',
    'del\u007f',
    '\ud800',
    '😀🏦',
    "'; drop table member; --",
    '%s%n',
    '-1',
    '0',
    '1.005',
    '-5.00',
    '0.00',
    '99999999999',
    '99999999999999.99',
    '1e309',
    'NaN',
    'null',
    '2026-02-30',
    '31-12-2026',
    '0000-00-00',
    '9999-12-31',
    '0001-01-01',
    '2026-13-01',
  ),
  fc.constantFrom(21, 65, 101, 121, 161, 201, 255, 1001, 9_999, 10_001).map((n) => 'x'.repeat(n)),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
);

/** Hostile numbers: int4's edges and beyond, fractions, negatives. */
export const hostileNumber: fc.Arbitrary<number> = fc.constantFrom(
  0,
  -1,
  -0.001,
  1.5,
  3.141,
  INT4_MAX,
  INT4_MAX + 1,
  -INT4_MAX - 2,
  1e20,
  -1e20,
  99_999_999_999,
);

/** Any hostile JSON value, or MISSING (the key left out). */
export const MISSING = Symbol('missing');
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileText, weight: 4 },
  { arbitrary: hostileNumber, weight: 2 },
  fc.constantFrom<unknown>(null, true, false, [], {}, ['a'], { a: 1 }, MISSING),
);

const MONEY = fc.constantFrom(
  '10.00',
  '0.01',
  '1',
  '250.5',
  '0',
  '0.00',
  '-5.00',
  '1.005',
  '99999999999999.99',
  '1e3',
  '',
);

function dates(today: string): fc.Arbitrary<string> {
  const shifted = (days: number) => {
    const date = new Date(`${today}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + days);
    return date.toISOString().slice(0, 10);
  };
  return fc.oneof(
    fc.integer({ min: -400, max: 400 }).map(shifted),
    fc.constantFrom('2026-02-30', '9999-12-31', '0001-01-01', '31-12-2026', '2026-1-5', ''),
  );
}

/** A plausible value for a named argument or field of a type, as a client would send it. */
function plausible(name: string, type: GraphQLInputType, ids: FuzzIds, depth: number): fc.Arbitrary<unknown> {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return fc.array(leaf(name, inner.ofType, ids, depth + 1), { maxLength: 3 });
  const named = getNamedType(inner);
  if (isInputObjectType(named)) {
    if (depth > 4) return fc.constant({});
    const fields = Object.values(named.getFields());
    return fc
      .tuple(...fields.map((field) => optional(field.name, field.type, ids, depth + 1)))
      .map((values) => objectOf(fields.map((field, i) => [field.name, values[i]])));
  }
  if (isEnumType(named)) return fc.constantFrom(...named.getValues().map((value) => value.name));
  const kind = ID_ARGUMENTS[name];
  if (named.name === 'Int') {
    if (kind) return fc.oneof(fc.constant(ids.ids[kind] ?? 1), fc.integer({ min: 1, max: 50 }));
    return fc.integer({ min: -2, max: 40 });
  }
  if (named.name === 'Float') return fc.double({ min: -10, max: 100, noNaN: true });
  if (named.name === 'Boolean') return fc.boolean();
  if (named.name === 'Money') return MONEY;
  if (named.name === 'LocalDate') return dates(ids.today);
  if (/accountnumber/i.test(name)) return fc.constantFrom(ids.accountNumber, ids.linkedAccountNumber, '000000');
  if (name === 'idempotencyKey') return fc.constant(null).map(() => randomUUID());
  if (/amount/i.test(name)) return MONEY;
  if (name in VALUES_BY_NAME) return fc.constant(VALUES_BY_NAME[name]);
  return fc.string({ maxLength: 20 });
}

/** A leaf: plausible most of the time, hostile sometimes (wrong type, missing, control characters, huge ...). */
function leaf(name: string, type: GraphQLInputType, ids: FuzzIds, depth: number): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: plausible(name, type, ids, depth), weight: 6 }, { arbitrary: hostileValue, weight: 1 });
}

/** An argument or input field that may also be left out when optional. */
function optional(name: string, type: GraphQLInputType, ids: FuzzIds, depth: number): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return leaf(name, type, ids, depth);
  return fc.oneof(
    { arbitrary: leaf(name, type, ids, depth), weight: 3 },
    { arbitrary: fc.constant(MISSING), weight: 1 },
  );
}

function objectOf(entries: [string, unknown][]): Record<string, unknown> {
  return Object.fromEntries(entries.filter(([, value]) => value !== MISSING));
}

export interface GraphQLCase {
  operation: string;
  kind: 'query' | 'mutation';
  document: string;
  variables: Record<string, unknown>;
}

/** Every query and mutation of the schema, each argument declared as a variable of its own type. */
export function graphqlCases(schema: GraphQLSchema, ids: FuzzIds): fc.Arbitrary<GraphQLCase> {
  const roots = [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
  ] as const;
  const fields = roots.flatMap(([kind, type]) =>
    Object.values(type?.getFields() ?? {}).map((field) => ({ kind, field }) as const),
  );
  return fc.oneof(
    ...fields.map(({ kind, field }) => {
      const declarations = field.args.map((arg, i) => `$v${i}: ${String(arg.type)}`);
      const call = field.args.map((arg, i) => `${arg.name}: $v${i}`);
      const document =
        `${kind} Fuzz${declarations.length ? `(${declarations.join(', ')})` : ''} ` +
        `{ ${field.name}${call.length ? `(${call.join(', ')})` : ''} ${selectionOf(field.type, 2)} }`;
      return fc.tuple(...field.args.map((arg) => optional(arg.name, arg.type, ids, 0))).map((values) => ({
        operation: `${kind === 'query' ? 'Query' : 'Mutation'}.${(field as GraphQLField<unknown, unknown>).name}`,
        kind,
        document,
        variables: objectOf(field.args.map((arg, i) => [`v${i}`, values[i]])),
      }));
    }),
  );
}

export interface RestCase {
  route: string;
  method: string;
  path: string;
  query: Record<string, unknown>;
  body: unknown;
}

/** Query parameters some route reads besides ids (a route ignores the others). */
const QUERY_EXTRAS = [
  'page',
  'pageSize',
  'pageNumber',
  'numberOfBills',
  'searchString',
  'resultCount',
  'allLinks',
  'from',
  'to',
  'filters',
  'entityType',
  'id',
];
/** Body keys some route reads besides the cross-member matrix's. */
const BODY_EXTRAS: Record<string, unknown> = {
  MemberId: 0,
  FullName: 'Fuzz Person',
  Email: 'fuzz@example.com',
  MobilePhone: '0412345678',
  description: 'fuzz',
  managerUsername: 'manager',
  managerPassword: 'wrong-password',
  topupOption: 'rainyDay',
  overdueOption: 'combine',
  bPayNumber: '23796',
  customerReferenceNumber: '1234567897',
  amount: '10.00',
  BsbNumber: '062000',
  grant_type: 'password',
  username: 'agent',
  password: 'wrong-password',
};

/** A body leaf kept, replaced by a hostile value, or dropped; objects recurse. */
function mutateBody(value: unknown, depth: number): fc.Arbitrary<unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value) && depth < 3) {
    const entries = Object.entries(value);
    return fc
      .tuple(...entries.map(([, item]) => mutateBody(item, depth + 1)))
      .map((items) => objectOf(entries.map(([key], i) => [key, items[i]])));
  }
  return fc.oneof({ arbitrary: fc.constant(value), weight: 8 }, { arbitrary: hostileValue, weight: 1 });
}

/** Every REST route, its path, query string and body (as the cross-member matrix fills them) fuzzed. */
export function restCases(routes: readonly RestRoute[], ids: FuzzIds): fc.Arbitrary<RestCase> {
  const attempts = restAttempts(routes, {
    own: { ids: ids.ids, accountNumber: ids.accountNumber, linkedAccountNumber: ids.linkedAccountNumber },
  });
  return fc.oneof(
    ...attempts.map((attempt, index) => {
      const route = routes[index];
      const { url, body } = attempt.requests.own;
      const [basePath, search] = url.split('?');
      const segments = basePath.split('/');
      const params = new Set(route.path.split('/').flatMap((part, i) => (part.startsWith(':') ? [i] : [])));
      const query: Record<string, unknown> = Object.fromEntries(new URLSearchParams(search));
      for (const key of QUERY_EXTRAS) query[key] = VALUES_BY_NAME[key] ?? '1';
      const fullBody = body === null ? null : { ...body, ...BODY_EXTRAS };
      return fc
        .record({
          path: fc.tuple(
            ...segments.map((segment, i) =>
              params.has(i)
                ? fc.oneof({ arbitrary: fc.constant(segment), weight: 4 }, { arbitrary: hostileText, weight: 1 })
                : fc.constant(segment),
            ),
          ),
          query: mutateBody(query, 0),
          body: fullBody === null ? fc.constant(null) : mutateBody(fullBody, 0),
        })
        .map(({ path, query: fuzzedQuery, body: fuzzedBody }) => ({
          route: attempt.route,
          method: attempt.method,
          path: path.map((segment, i) => (i === 0 ? segment : pathSegment(String(segment)))).join('/'),
          query: fuzzedQuery as Record<string, unknown>,
          body: fuzzedBody,
        }));
    }),
  );
}

/** A path segment percent-encoded; one that cannot be (a lone surrogate) is sent as a malformed escape. */
function pathSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80%';
  }
}

/** The query string as a client would send it: each value as text (objects as JSON, arrays repeated). */
export function queryString(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else if (value !== null && typeof value === 'object') params.append(key, JSON.stringify(value));
    else params.append(key, String(value));
  }
  return params.toString();
}
