import { createPubSub } from '@graphql-yoga/subscription';

/**
 * One event bus for every subscription. In memory for a single process (the embedded database);
 * a PostgreSQL LISTEN/NOTIFY bus lets several server instances share events on a real server.
 */
export interface EventBus {
  publish(topic: string, payload: unknown): void;
  subscribe(topic: string): AsyncIterable<unknown>;
  close(): Promise<void>;
}

export function memoryEventBus(): EventBus {
  const pubsub = createPubSub<Record<string, [unknown]>>();
  return {
    publish: (topic, payload) => pubsub.publish(topic, payload),
    subscribe: (topic) => pubsub.subscribe(topic),
    close: async () => undefined,
  };
}
