import { describe, expect, it } from 'vitest';
import { whenInitialized } from './router';

/** A router as whenInitialized sees it: its state, and its subscribers told of each new state. */
function fakeRouter(initialized: boolean) {
  const listeners = new Set<(state: { initialized: boolean }) => void>();
  const router = {
    state: { initialized },
    subscribe(listener: (state: { initialized: boolean }) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const publish = (state: { initialized: boolean }) => {
    router.state = state;
    for (const listener of [...listeners]) listener(state);
  };
  return { router: router as unknown as Parameters<typeof whenInitialized>[0], publish, listeners };
}

describe('whenInitialized (the first render of a page painted from its HTML waits for it)', () => {
  it('resolves at once for a router already initialised', async () => {
    const { router, listeners } = fakeRouter(true);
    await whenInitialized(router);
    expect(listeners.size).toBe(0);
  });

  it('resolves when the router is initialised, not before, and stops listening', async () => {
    const { router, publish, listeners } = fakeRouter(false);
    let resolved = false;
    const ready = whenInitialized(router).then(() => (resolved = true));
    publish({ initialized: false });
    await Promise.resolve();
    expect(resolved).toBe(false);
    publish({ initialized: true });
    await ready;
    expect(resolved).toBe(true);
    expect(listeners.size).toBe(0);
  });
});
