// @vitest-environment jsdom
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { loadOverviewData, overviewPageVariables } from './overview-loader';

/** A link that records each operation and answers only when told: shows which requests start before any answer. */
function heldLink() {
  const asked: { name: string; variables: Record<string, unknown> }[] = [];
  const pending: (() => void)[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable<ApolloLink.Result>((observer) => {
        asked.push({ name: operation.operationName ?? '?', variables: operation.variables });
        pending.push(() => observer.error(new Error('not answered in this test')));
      }),
  );
  return { link, asked, answerAll: () => pending.splice(0).forEach((answer) => answer()) };
}

describe('loadOverviewData', () => {
  it('asks the page’s one query, with the variables the screen asks with, and waits for it', async () => {
    const { link, asked, answerAll } = heldLink();
    const client = new ApolloClient({ cache: new InMemoryCache(), link });
    let settled = false;
    const loading = loadOverviewData(client, { memberId: 1, accountId: 2 }, false).then((value) => {
      settled = true;
      return value;
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked).toEqual([
      { name: 'OverviewPage', variables: overviewPageVariables({ memberId: 1, accountId: 2 }, false) },
    ]);
    expect(settled).toBe(false);
    // A failure is the screen's to show: the loader itself never fails the route.
    answerAll();
    await expect(loading).resolves.toBeNull();
  });

  it('asks staff’s page with the staff parts (notes, every activity group)', async () => {
    const { link, asked, answerAll } = heldLink();
    const client = new ApolloClient({ cache: new InMemoryCache(), link });
    const loading = loadOverviewData(client, { memberId: 1, accountId: 2 }, true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked.map((operation) => operation.variables)).toEqual([
      {
        memberId: 1,
        accountId: 2,
        staff: true,
        filters: ['Payment', 'AgreementChange', 'Notification', 'Note'],
        page: 1,
        pageSize: 20,
      },
    ]);
    answerAll();
    await loading;
  });

  it('on a move from another page asks nothing and waits for nothing: the screen asks, once', async () => {
    const { link, asked } = heldLink();
    const client = new ApolloClient({ cache: new InMemoryCache(), link });
    await expect(loadOverviewData(client, { memberId: 1, accountId: 2 }, false, { wait: false })).resolves.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked).toEqual([]);
  });
});
