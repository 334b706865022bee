import type { EventBus } from './event-bus.js';

export interface LiveStreamOptions<T> {
  /** Read once the topic is being listened to, so that nothing published meanwhile is lost. */
  current?: () => Promise<T>;
  /** Turns an event into a value to send (loading what the event names); null skips the event. */
  fromEvent: (payload: unknown) => Promise<T | null> | T | null;
  /** Values with the same key as the last one sent are not sent again (an event racing the first read). */
  key?: (value: T) => string;
}

/**
 * A subscription's source: listens to `topic` first, then reads the current value (when asked for), then sends
 * it followed by every event. Hand-written rather than an async generator so that a client unsubscribing while
 * no event is pending ends the listener at once (an async generator's `return` waits for the pending event).
 */
export async function liveStream<T>(
  events: EventBus,
  topic: string,
  options: LiveStreamOptions<T>,
): Promise<AsyncIterableIterator<T>> {
  const source = events.subscribe(topic)[Symbol.asyncIterator]();
  let pending: Promise<IteratorResult<unknown>> | null = source.next(); // starts listening now
  pending.catch(() => undefined);
  let first: T | undefined;
  try {
    first = options.current ? await options.current() : undefined;
  } catch (error) {
    await source.return?.();
    throw error;
  }
  let firstSent = !options.current;
  let lastKey: string | null = null;
  let done = false;

  const finish = async (): Promise<IteratorResult<T>> => {
    done = true;
    pending = null;
    await source.return?.();
    return { value: undefined, done: true };
  };

  const iterator: AsyncIterableIterator<T> = {
    async next(): Promise<IteratorResult<T>> {
      if (done) return { value: undefined, done: true };
      if (!firstSent) {
        firstSent = true;
        lastKey = options.key ? options.key(first as T) : null;
        return { value: first as T, done: false };
      }
      for (;;) {
        const result: IteratorResult<unknown> = await (pending ?? source.next());
        pending = null;
        if (done || result.done) return finish();
        const value = await options.fromEvent(result.value);
        if (value === null) continue;
        const key = options.key ? options.key(value) : null;
        if (key !== null && key === lastKey) continue;
        lastKey = key;
        return { value, done: false };
      }
    },
    return: finish,
    async throw(error?: unknown): Promise<IteratorResult<T>> {
      await finish();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}
