// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createSessionStore } from './session';
import { createSessionRecovery } from './session-recovery';
import { announceRenewal, followRenewals, type Renewal, type RenewalChannel } from './tab-renewals';
import { memoryStorage, tokenFixture } from './test-support';

/** Two tabs' ends of one channel, delivering at once. */
function pair(): [RenewalChannel, RenewalChannel] {
  const listeners: [Set<(event: MessageEvent<Renewal>) => void>, Set<(event: MessageEvent<Renewal>) => void>] = [
    new Set(),
    new Set(),
  ];
  const end = (mine: number): RenewalChannel => ({
    postMessage: (data) => listeners[1 - mine].forEach((listener) => listener({ data } as MessageEvent<Renewal>)),
    addEventListener: (_type, listener) => listeners[mine].add(listener),
    removeEventListener: (_type, listener) => listeners[mine].delete(listener),
  });
  return [end(0), end(1)];
}

describe('tabs of one session renew once for all', () => {
  it('gives the other tab the new pair when it held the token just used', async () => {
    const [first, second] = pair();
    const tabA = createSessionStore(memoryStorage);
    const tabB = createSessionStore(memoryStorage);
    tabA.save(tokenFixture());
    tabB.save(tokenFixture());
    followRenewals(tabB, second);
    const renewed = tokenFixture({ access_token: 'access-2', refresh_token: 'refresh-2' });
    const recovery = createSessionRecovery({
      store: tabA,
      refreshGrant: vi.fn(async () => ({ ok: true as const, token: renewed })),
      onEnded: vi.fn(),
      onRenewed: (used, token) => announceRenewal(first, used, token),
    });
    expect(await recovery.refresh()).toBe(true);
    expect(tabB.get()?.token).toMatchObject({ access_token: 'access-2', refresh_token: 'refresh-2' });
  });

  it('leaves a tab of another session (or one already renewed) alone', () => {
    const [first, second] = pair();
    const tab = createSessionStore(memoryStorage);
    tab.save(tokenFixture({ refresh_token: 'other-session' }));
    followRenewals(tab, second);
    announceRenewal(first, 'refresh-1', tokenFixture({ refresh_token: 'refresh-2' }));
    expect(tab.get()?.token.refresh_token).toBe('other-session');
  });
});
