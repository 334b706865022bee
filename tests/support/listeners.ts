import type { EventBus } from '../../server/src/graphql/event-bus.js';

/**
 * Counts the event bus's listeners per topic, so that a test waits until a subscription listens rather than sleeping
 * "to let it start". graphql-ws says nothing when a subscription starts; a subscription listens once the iterator of
 * its topic has been asked for its first event (the bus attaches its listener then, synchronously).
 */
export interface ListenerWatch {
  /** Resolves once at least `count` listeners listen on `topic` (rejects after `timeoutMs`: the test then fails). */
  listening(topic: string, count?: number, timeoutMs?: number): Promise<void>;
}

export function watchListeners(events: EventBus): ListenerWatch {
  const counts = new Map<string, number>();
  const waiters = new Set<() => void>();
  const change = (topic: string, delta: number) => {
    counts.set(topic, (counts.get(topic) ?? 0) + delta);
    for (const wake of waiters) wake();
  };
  const subscribe = events.subscribe.bind(events);
  events.subscribe = (topic) => ({
    [Symbol.asyncIterator]() {
      const inner = subscribe(topic)[Symbol.asyncIterator]();
      let counted = false;
      const uncount = () => {
        if (counted) change(topic, -1);
        counted = false;
      };
      return {
        next() {
          const result = inner.next();
          if (!counted) {
            counted = true;
            change(topic, 1);
          }
          return result.then((r) => {
            if (r.done) uncount();
            return r;
          });
        },
        return(value?: unknown) {
          uncount();
          return inner.return?.(value) ?? Promise.resolve({ value: undefined, done: true as const });
        },
        throw(error?: unknown) {
          uncount();
          return inner.throw?.(error) ?? Promise.reject(error);
        },
      };
    },
  });
  return {
    listening(topic, count = 1, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if ((counts.get(topic) ?? 0) < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No ${count} listener(s) on ${topic} after ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}
