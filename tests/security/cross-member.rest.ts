import { randomUUID } from 'node:crypto';
import type { RestRoute } from '../../server/src/rest/route.js';
import type { IdKind } from './cross-member.fixtures.js';

/** What each path parameter names. A route with a parameter missing here fails the matrix until it is added. */
const PATH_PARAMETERS: Readonly<Record<string, IdKind | 'accountNumber' | { value: string }>> = {
  memberId: 'member',
  accountId: 'account',
  contractId: 'agreement',
  agreementId: 'agreement',
  activityId: 'activity',
  transactionId: 'transaction',
  billId: 'bill',
  billerId: 'biller',
  subCategoryId: 'subCategory',
  approvalId: 'approval',
  accountNumber: 'accountNumber',
  maxResults: { value: '5' },
};

/** `:id` and `?id` mean different records on different routes: say which, per route. */
export const ID_PARAMETER_OF: Readonly<Record<string, IdKind>> = {
  'GET /api/members/:id': 'member',
  'GET /api/members/isresigned': 'member',
  'GET /api/members/getCompleteMemberInformation/:id': 'member',
  'GET /api/transaction/getexpandedtransaction': 'transaction',
  'GET /api/billingsubcategories/GetOverdueBillsForBillingSubCategory/:id': 'subCategory',
  // Notes are staff-only: a member is refused by role whatever the note.
  'GET /api/notes/:id': 'note',
  'PUT /api/notes/:id': 'note',
  'DELETE /api/notes/:id': 'note',
  'GET /api/billers/:id': 'biller',
  'GET /api/billingsubcategories/:id': 'subCategory',
  'GET /api/billingsubcategories/getdateofcreation': 'subCategory',
  'GET /api/contracts/:id': 'agreement',
};

/**
 * Routes whose `:id` names a record of the catalogue (a category, a company), the same for every member: sent
 * with this value, and the route counts as naming no member's record.
 */
export const CATALOGUE_ID_OF: Readonly<Record<string, string>> = {
  'GET /api/billingcategories/:id': '1',
  'GET /api/companies/:id': '1',
};

/** Whether a route's path names a member's record (any path parameter but a catalogue id). */
export function pathNamesMemberRecord(route: RestRoute): boolean {
  const name = `${route.method.toUpperCase()} ${route.path}`;
  const path = name in CATALOGUE_ID_OF ? route.path.replace(':id', '') : route.path;
  return /:\w+/.test(path);
}

/** Query parameters that name no member's record, with a plausible value (the company pickers'). */
const CATALOGUE_QUERY_PARAMETERS: Readonly<Record<string, string>> = { categoryId: '1', search: 'energy' };

/** Query parameters sent to every route with B's ids (a route reads the ones it knows). */
const QUERY_PARAMETERS: Readonly<Record<string, IdKind>> = {
  memberId: 'member',
  accountId: 'account',
  contractId: 'agreement',
  agreementId: 'agreement',
  activityId: 'activity',
  transactionId: 'transaction',
  billId: 'bill',
  billerId: 'biller',
  subCategoryId: 'subCategory',
  entityId: 'agreement',
};

export interface RestAttempt {
  /** "GET /api/members/:id", as the permission snapshot names routes. */
  route: string;
  method: string;
  /** The URL and body for each set of ids given (B's, missing ones, mixes). */
  requests: Record<string, { url: string; body: Record<string, unknown> | null }>;
  /** The kinds of record the path names. */
  pathKinds: IdKind[];
  /** Path parameters the matrix does not know (the test fails on them). */
  unknownParameters: string[];
  /** Kinds the first set of ids has no record of. */
  unfilled: IdKind[];
}

/** Ids to put in paths, query strings and bodies. */
export interface RestIds {
  ids: Readonly<Record<IdKind, number | null>>;
  accountNumber: string;
  linkedAccountNumber: string;
}

function bodyFor(ids: RestIds): Record<string, unknown> {
  const id = (kind: IdKind) => ids.ids[kind] ?? 1;
  return {
    bill: { billId: id('bill') },
    payment: {
      billAmount: '10.00',
      accountId: id('account'),
      memberId: id('member'),
      topupAccountNumber: ids.linkedAccountNumber,
      reimbursementAccountNumber: ids.linkedAccountNumber,
    },
    billOrAllocation: 'bill',
    billId: id('bill'),
    billerId: id('biller'),
    billingSubCategoryId: id('subCategory'),
    contractId: id('agreement'),
    accountId: id('account'),
    memberId: id('member'),
    transactionId: id('transaction'),
    approvalId: id('approval'),
    topupAmount: '10.00',
    accountNumber: ids.linkedAccountNumber,
    savingsAccountNumber: ids.linkedAccountNumber,
    idempotencyKey: randomUUID(),
    approvalGranted: false,
    note: 'cross-member check',
  };
}

function urlFor(
  route: RestRoute,
  ids: RestIds,
  unknown: Set<string>,
  unfilled: Set<IdKind>,
  pathKinds: Set<IdKind>,
): { url: string; body: Record<string, unknown> | null } {
  const name = `${route.method.toUpperCase()} ${route.path}`;
  const idOf = (kind: IdKind) => {
    if (ids.ids[kind] === null) unfilled.add(kind);
    return String(ids.ids[kind] ?? 1);
  };
  const path = route.path.replace(/:(\w+)/g, (_match, param: string) => {
    if (param === 'id' && name in CATALOGUE_ID_OF) return CATALOGUE_ID_OF[name];
    if (param === 'id') {
      const kind = ID_PARAMETER_OF[name];
      if (!kind) unknown.add(':id');
      if (kind) pathKinds.add(kind);
      return kind ? idOf(kind) : '1';
    }
    const meaning = PATH_PARAMETERS[param];
    if (!meaning) {
      unknown.add(`:${param}`);
      return '1';
    }
    if (meaning === 'accountNumber') return ids.accountNumber;
    if (typeof meaning !== 'string') return meaning.value;
    pathKinds.add(meaning);
    return idOf(meaning);
  });
  const query = new URLSearchParams();
  for (const [param, kind] of Object.entries(QUERY_PARAMETERS)) query.set(param, idOf(kind));
  for (const [param, value] of Object.entries(CATALOGUE_QUERY_PARAMETERS)) query.set(param, value);
  const idKind = ID_PARAMETER_OF[name];
  if (idKind && !route.path.includes(':id')) query.set('id', idOf(idKind));
  return { url: `${path}?${query.toString()}`, body: route.method === 'get' ? null : bodyFor(ids) };
}

/** One attempt per REST route, with each set of ids (the first: member B's) wherever a route may read one. */
export function restAttempts(routes: readonly RestRoute[], idSets: Readonly<Record<string, RestIds>>): RestAttempt[] {
  return routes.map((route) => {
    const unknown = new Set<string>();
    const pathKinds = new Set<IdKind>();
    let unfilled: Set<IdKind> | null = null;
    const requests: RestAttempt['requests'] = {};
    for (const [setName, ids] of Object.entries(idSets)) {
      const missingHere = new Set<IdKind>();
      requests[setName] = urlFor(route, ids, unknown, missingHere, pathKinds);
      unfilled ??= missingHere;
    }
    return {
      route: `${route.method.toUpperCase()} ${route.path}`,
      method: route.method.toUpperCase(),
      requests,
      pathKinds: [...pathKinds],
      unknownParameters: [...unknown],
      unfilled: [...(unfilled ?? [])],
    };
  });
}
