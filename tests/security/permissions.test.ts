import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { decideAccess, isWrite, READ_ONLY_WRITES } from '../../server/src/common/auth/access.rules.js';
import { Role } from '../../server/src/common/auth/roles.js';
import { operationAccess, resolvers } from '../../server/src/graphql/schema.js';
import { accessRules } from '../../server/src/rest/route.js';
import { restRoutes } from '../../server/src/rest/routes.js';

/** Every GraphQL operation and REST route with the rules it declares, named alike (`Mutation.x`, `POST /api/x`). */
function everyOperation(): { operation: string; rules: readonly string[] }[] {
  return [
    ...operationAccess().map((entry) => ({ operation: entry.operation, rules: entry.access })),
    ...restRoutes.map((route) => ({
      operation: `${route.method.toUpperCase()} ${route.path}`,
      rules: accessRules(route.access),
    })),
  ];
}

/** What the declared rules would admit but the read-only rule refuses (access.rules.ts): shown in the snapshot. */
function readOnlyNote(operation: string, rules: readonly string[]): string {
  return decideAccess(operation, rules, [Role.REPORTER]) === 'read-only' ? ' (REPORTER refused: read-only)' : '';
}

/**
 * Who can reach every endpoint. A diff in the snapshot changes who can reach an endpoint:
 * review it as a permission change.
 */
describe('permission snapshot', () => {
  it('guards every GraphQL operation with @Authorized', () => {
    expect(resolvers.length).toBeGreaterThan(0);
    const unguarded = operationAccess().filter((entry) => entry.access.length === 0);
    expect(unguarded).toEqual([]);
  });

  it('lists which roles reach every GraphQL operation', async () => {
    const lines = operationAccess().map(
      (entry) => `${entry.operation}: ${entry.access.join(', ')}${readOnlyNote(entry.operation, entry.access)}`,
    );
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('./__snapshots__/graphql-operations.txt');
  });

  it('lists which roles reach every REST route', async () => {
    const lines = restRoutes
      .map((route) => {
        const operation = `${route.method.toUpperCase()} ${route.path}`;
        const access = typeof route.access === 'string' ? route.access : route.access.join(', ');
        return `${operation}: ${access}${readOnlyNote(operation, accessRules(route.access))}`;
      })
      .sort();
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('./__snapshots__/rest-routes.txt');
  });

  it('admits the read-only REPORTER to no mutation or REST write outside its allow-list (issue 21 item 2)', () => {
    const writes = everyOperation().filter(({ operation }) => isWrite(operation));
    expect(writes.length).toBeGreaterThan(80);
    const admitted = writes
      .filter(({ operation, rules }) => decideAccess(operation, rules, [Role.REPORTER]) === 'allowed')
      .map(({ operation }) => operation);
    // Its own sign-out and token refresh, and the public register-interest form (open to anyone, signed in or not).
    expect(admitted.sort()).toEqual(
      [...READ_ONLY_WRITES, 'Mutation.registerInterest', 'POST /api/members/registerinterest'].sort(),
    );
    // The allow-list names only writes that exist.
    const names = new Set(writes.map(({ operation }) => operation));
    expect([...READ_ONLY_WRITES].filter((operation) => !names.has(operation))).toEqual([]);
  });

  it('keeps REST routes public only where the spec says', () => {
    const publicRoutes = restRoutes.filter((route) => route.access === 'public').map((r) => `${r.method} ${r.path}`);
    expect(publicRoutes.sort()).toEqual([
      'get /api/authentication/windowslogin',
      'get /api/settings',
      'post /Token',
      'post /api/members/registerinterest',
    ]);
  });

  it('keeps GraphQL operations public only for settings and register interest', () => {
    const publicOps = operationAccess()
      .filter((entry) => entry.access.includes('PUBLIC'))
      .map((entry) => entry.operation);
    expect(publicOps).toEqual(['Mutation.registerInterest', 'Query.clientSettings', 'Query.serverSettings']);
  });
});
