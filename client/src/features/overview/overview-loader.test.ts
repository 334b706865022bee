// @vitest-environment jsdom
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { loadOverviewData } from './overview-loader';

/** A link that records each operation and answers only when told: shows which requests start before any answer. */
function heldLink() {
  const asked: string[] = [];
  const pending: (() => void)[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable<ApolloLink.Result>((observer) => {
        asked.push(operation.operationName ?? '?');
        pending.push(() => observer.error(new Error('not answered in this test')));
      }),
  );
  return { link, asked, answerAll: () => pending.splice(0).forEach((answer) => answer()) };
}

describe('loadOverviewData', () => {
  it('asks for the account, the overview and its sections at once, before any answer (no rounds)', async () => {
    const { link, asked, answerAll } = heldLink();
    const client = new ApolloClient({ cache: new InMemoryCache(), link });
    const loading = loadOverviewData(client, { memberId: 1, accountId: 2 }, false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect([...asked].sort()).toEqual([
      'AccountOverview',
      'Activities',
      'ClientSettings',
      'MemberAccount',
      'OverviewAutoBillers',
      'OverviewBanners',
      'OverviewManualBillers',
    ]);
    // A failure is the screen's to show: the loader itself never fails the route.
    answerAll();
    await expect(loading).resolves.toBeNull();
  });

  it('on a move from another page starts the account and the sections without waiting, the overview left to its screen', async () => {
    const { link, asked, answerAll } = heldLink();
    const client = new ApolloClient({ cache: new InMemoryCache(), link });
    await expect(loadOverviewData(client, { memberId: 1, accountId: 2 }, false, { wait: false })).resolves.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect([...asked].sort()).toEqual([
      'Activities',
      'ClientSettings',
      'MemberAccount',
      'OverviewAutoBillers',
      'OverviewBanners',
      'OverviewManualBillers',
    ]);
    answerAll();
  });
});
