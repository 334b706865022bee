import { randomUUID } from 'node:crypto';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import type { IdKind } from './cross-member.fixtures.js';

/** Argument and input-field names that name a member's record, and the kind of record they name. */
export const ID_ARGUMENTS: Readonly<Record<string, IdKind>> = {
  memberId: 'member',
  accountId: 'account',
  agreementId: 'agreement',
  contractId: 'agreement',
  activityId: 'activity',
  transactionId: 'transaction',
  billId: 'bill',
  billerId: 'biller',
  billingSubCategoryId: 'subCategory',
  subCategoryId: 'subCategory',
  approvalId: 'approval',
  noteId: 'note',
};

/** Names that carry one of B's account numbers (strings). */
const ACCOUNT_NUMBER_ARGUMENTS = new Set([
  'accountNumber',
  'topupAccountNumber',
  'reimbursementAccountNumber',
  'savingsAccountNumber',
]);

/** Plausible values for the other arguments, so that a refusal cannot hide behind an input error. */
export const VALUES_BY_NAME: Readonly<Record<string, unknown>> = {
  page: 1,
  pageSize: 10,
  numberOfBills: 6,
  step: 7,
  resultCount: 5,
  maxResults: 5,
  billAmount: '10.00',
  topupAmount: '10.00',
  amount: '10.00',
  billOrAllocation: 'bill',
  searchString: 'abc',
  search: 'energy',
  bsb: '062000',
  note: 'cross-member check',
  fullName: 'Cross Member',
  email: 'cross.member@example.com',
  mobilePhone: '0412345678',
  managerUsername: 'manager',
  managerPassword: 'not-the-password',
};

const VALUES_BY_TYPE: Readonly<Record<string, unknown>> = {
  Int: 1,
  Float: 1,
  Boolean: false,
  String: 'x',
  Money: '10.00',
  LocalDate: '2026-03-02',
};

/** Ids to put in arguments: one record per kind, and an account number. */
export interface IdValues {
  ids: Readonly<Record<IdKind, number | null>>;
  accountNumber: string;
}

export interface GraphQLAttempt {
  /** Query.accountOverview, Subscription.activityAdded, ... */
  operation: string;
  kind: 'query' | 'mutation' | 'subscription';
  document: string;
  /** The variables for each set of ids given (B's, missing ones, mixes). */
  variables: Record<string, Record<string, unknown>>;
  /** The kinds of record named (empty: the operation names no member's record). */
  idKinds: IdKind[];
  /** Kinds named by required arguments (an operation must use those: the mixed sets swap only these). */
  requiredKinds: IdKind[];
  /** Kinds named for which the first set of ids has no record. */
  unfilled: IdKind[];
}

interface Filler extends IdValues {
  idKinds: Set<IdKind>;
  requiredKinds: Set<IdKind>;
  unfilled: Set<IdKind>;
}

function valueFor(name: string, type: GraphQLInputType, fill: Filler, required: boolean): unknown {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) {
    const item = valueFor(name, inner.ofType, fill, true);
    return item === undefined ? [] : [item];
  }
  const named = getNamedType(inner);
  const kind = ID_ARGUMENTS[name];
  if (kind && named.name === 'Int') {
    fill.idKinds.add(kind);
    if (isNonNullType(type)) fill.requiredKinds.add(kind);
    if (fill.ids[kind] === null) fill.unfilled.add(kind);
    return fill.ids[kind] ?? 1;
  }
  if (ACCOUNT_NUMBER_ARGUMENTS.has(name) && named.name === 'String') {
    fill.idKinds.add('account');
    return fill.accountNumber;
  }
  if (!required) return undefined;
  if (name === 'idempotencyKey') return randomUUID();
  if (name in VALUES_BY_NAME) return VALUES_BY_NAME[name];
  if (isEnumType(named)) return named.getValues()[0].name;
  if (isInputObjectType(named)) {
    const object: Record<string, unknown> = {};
    for (const field of Object.values(named.getFields()) as GraphQLInputField[]) {
      const value = valueFor(
        field.name,
        field.type,
        fill,
        isNonNullType(field.type) && field.defaultValue === undefined,
      );
      if (value !== undefined) object[field.name] = value;
    }
    return object;
  }
  if (named.name in VALUES_BY_TYPE) return VALUES_BY_TYPE[named.name];
  throw new Error(`The cross-member matrix has no value for ${name}: ${String(type)}`);
}

/** Every leaf of the type, and the leaves of its object fields (two levels: enough to carry any leak). */
export function selectionOf(type: GraphQLOutputType, depth = 2): string {
  const named = getNamedType(type);
  if (isLeafType(named)) return '';
  if (!isObjectType(named)) return '{ __typename }';
  const parts: string[] = [];
  for (const field of Object.values(named.getFields())) {
    if (field.args.some((arg) => isNonNullType(arg.type) && arg.defaultValue === undefined)) continue;
    if (isLeafType(getNamedType(field.type))) parts.push(field.name);
    else if (depth > 1) parts.push(`${field.name} ${selectionOf(field.type, depth - 1)}`);
  }
  return `{ ${parts.length > 0 ? parts.join(' ') : '__typename'} }`;
}

function attemptFor(
  kind: GraphQLAttempt['kind'],
  field: GraphQLField<unknown, unknown>,
  idSets: Readonly<Record<string, IdValues>>,
): GraphQLAttempt {
  const variables: Record<string, Record<string, unknown>> = {};
  let declarations: string[] = [];
  let args: string[] = [];
  let first: Filler | null = null;
  for (const [setName, values] of Object.entries(idSets)) {
    const fill: Filler = { ...values, idKinds: new Set(), requiredKinds: new Set(), unfilled: new Set() };
    first ??= fill;
    const set: Record<string, unknown> = {};
    declarations = [];
    args = [];
    field.args.forEach((arg: GraphQLArgument, i) => {
      const required = isNonNullType(arg.type) && arg.defaultValue === undefined;
      const value = valueFor(arg.name, arg.type, fill, required);
      if (value === undefined) return;
      set[`v${i}`] = value;
      declarations.push(`$v${i}: ${String(arg.type)}`);
      args.push(`${arg.name}: $v${i}`);
    });
    variables[setName] = set;
  }
  const header = declarations.length > 0 ? `(${declarations.join(', ')})` : '';
  const call = args.length > 0 ? `(${args.join(', ')})` : '';
  return {
    operation: `${kind === 'query' ? 'Query' : kind === 'mutation' ? 'Mutation' : 'Subscription'}.${field.name}`,
    kind,
    document: `${kind} CrossMember${header} { ${field.name}${call} ${selectionOf(field.type)} }`,
    variables,
    idKinds: [...(first?.idKinds ?? [])],
    requiredKinds: [...(first?.requiredKinds ?? [])],
    unfilled: [...(first?.unfilled ?? [])],
  };
}

/** One attempt per root field of the schema, with each set of ids (the first: member B's) in every id argument. */
export function graphqlAttempts(schema: GraphQLSchema, idSets: Readonly<Record<string, IdValues>>): GraphQLAttempt[] {
  const roots = [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
    ['subscription', schema.getSubscriptionType()],
  ] as const;
  return roots.flatMap(([kind, type]) =>
    type ? Object.values(type.getFields()).map((field) => attemptFor(kind, field, idSets)) : [],
  );
}
