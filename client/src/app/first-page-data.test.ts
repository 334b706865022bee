// @vitest-environment jsdom
import { ApolloClient, ApolloLink } from '@apollo/client';
import { Observable } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../auth/session';
import { tokenFixture } from '../auth/test-support';
import { createCache } from './apollo';
import { createAppRouter, firstPageData } from './router';

/** An Apollo client whose link records each operation's name and never answers. */
function recordingClient() {
  const sent: string[] = [];
  const link = new ApolloLink((operation) => {
    sent.push(operation.operationName ?? '?');
    return new Observable(() => undefined);
  });
  return { sent, client: new ApolloClient({ link, cache: createCache() }) };
}

/** Lets every pending microtask run, but no task (a timer, or React's render): at most `rounds` rounds of them. */
async function microtasks(rounds = 100) {
  for (let i = 0; i < rounds; i += 1) await Promise.resolve();
}

afterEach(() => {
  sessionStore.clear();
  window.history.replaceState(null, '', '/');
});

describe('firstPageData: the first page’s query goes out as the router starts, before any task runs', () => {
  it('on the overview, its loader sends OverviewPage within the router’s creation and its microtasks', async () => {
    window.history.replaceState(null, '', '/member/42/account/7/overview');
    sessionStore.save(tokenFixture());
    const { sent, client } = recordingClient();
    await firstPageData();
    let taskRan = false;
    setTimeout(() => (taskRan = true), 0);
    const router = createAppRouter(client);
    await microtasks();
    expect(taskRan).toBe(false);
    expect(sent).toEqual(['OverviewPage']);
    router.dispose();
  });

  it('asks nothing on a member page without a route query (the bill dashboard asks from its screen)', async () => {
    window.history.replaceState(null, '', '/member/42/account/7/paybill');
    sessionStore.save(tokenFixture());
    const { sent, client } = recordingClient();
    await firstPageData();
    const router = createAppRouter(client);
    await microtasks();
    expect(sent).toEqual([]);
    router.dispose();
  });

  it('resolves at once on a page whose routes have no data module (the login page)', async () => {
    await expect(firstPageData({ pathname: '/' })).resolves.toBeUndefined();
    await expect(firstPageData({ pathname: '/no/such/page' })).resolves.toBeUndefined();
  });
});
