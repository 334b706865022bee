import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { operationAccess, resolvers } from '../../server/src/graphql/schema.js';
import { restRoutes } from '../../server/src/rest/routes.js';

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
    const lines = operationAccess().map((entry) => `${entry.operation}: ${entry.access.join(', ')}`);
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('./__snapshots__/graphql-operations.txt');
  });

  it('lists which roles reach every REST route', async () => {
    const lines = restRoutes
      .map(
        (route) =>
          `${route.method.toUpperCase()} ${route.path}: ${typeof route.access === 'string' ? route.access : route.access.join(', ')}`,
      )
      .sort();
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('./__snapshots__/rest-routes.txt');
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
