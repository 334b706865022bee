import { createPubSub } from '@graphql-yoga/subscription';
import pg from 'pg';
import type { Logger } from 'pino';

/**
 * One event bus for every subscription. In memory for a single process (the embedded database, which cannot
 * LISTEN through its socket); a PostgreSQL LISTEN/NOTIFY bus lets several server instances share events on a
 * real server. Delivery is at most once. Publish only AFTER the commit of the change an event announces, and
 * send ids and small facts, not documents: a subscriber reads the rest with its own access checks.
 */
export interface EventBus {
  publish(topic: string, payload: unknown): void;
  subscribe(topic: string): AsyncIterable<unknown>;
  close(): Promise<void>;
}

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const MAX_EVENT_BYTES = 7900;

/** The one channel every instance listens on; the topic travels inside the payload. */
export const EVENT_CHANNEL = 'portal_events';

export class EventTooLargeError extends Error {
  constructor(topic: string, bytes: number) {
    super(`Event on ${topic} is ${bytes} bytes; send ids, not documents (limit ${MAX_EVENT_BYTES}).`);
    this.name = 'EventTooLargeError';
  }
}

/** The wire form of an event; also checked by the memory bus, so that embedded mode fails as production would. */
export function encodeEvent(topic: string, payload: unknown): string {
  const text = JSON.stringify({ topic, payload: payload ?? null });
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > MAX_EVENT_BYTES) throw new EventTooLargeError(topic, bytes);
  return text;
}

export function decodeEvent(text: string): { topic: string; payload: unknown } | null {
  try {
    const value = JSON.parse(text) as { topic?: unknown; payload?: unknown };
    return typeof value.topic === 'string' ? { topic: value.topic, payload: value.payload ?? null } : null;
  } catch {
    return null;
  }
}

export function memoryEventBus(): EventBus {
  const pubsub = createPubSub<Record<string, [unknown]>>();
  return {
    publish: (topic, payload) => {
      // Same size rule and the same JSON round trip as the PostgreSQL bus.
      const event = decodeEvent(encodeEvent(topic, payload));
      if (event) pubsub.publish(event.topic, event.payload);
    },
    subscribe: (topic) => pubsub.subscribe(topic),
    close: async () => undefined,
  };
}

export interface PostgresEventBusOptions {
  connectionString: string;
  logger: Logger;
  channel?: string;
  /** First and largest wait between reconnection attempts. */
  backoff?: { initialMs: number; maxMs: number };
}

/**
 * LISTEN/NOTIFY on one dedicated `pg.Client` per instance (not a pooled connection: LISTEN belongs to a session).
 * Events published here travel through PostgreSQL and come back to this instance's subscribers too, so every
 * instance delivers them the same way and in the order they were published. When the connection drops it is
 * made again with exponential backoff; events published meanwhile reach this instance's subscribers only.
 */
export async function postgresEventBus(options: PostgresEventBusOptions): Promise<EventBus> {
  const { connectionString, logger } = options;
  const channel = options.channel ?? EVENT_CHANNEL;
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  const backoff = options.backoff ?? { initialMs: 100, maxMs: 10_000 };
  const local = createPubSub<Record<string, [unknown]>>();
  let client: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | null = null;
  let sending: Promise<void> = Promise.resolve();
  /** Events published while a NOTIFY statement is in flight: the next statement sends them all, in order. */
  let waiting: string[] | null = null;

  const deliver = (text: string) => {
    const event = decodeEvent(text);
    if (event) local.publish(event.topic, event.payload);
    else logger.warn({ channel }, 'event bus: ignored a malformed notification');
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString, application_name: 'portal-event-bus' });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) deliver(message.payload);
    });
    next.on('error', (error) => {
      logger.warn({ err: error }, 'event bus: connection error');
      lost(next);
    });
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    if (attempt > 0) logger.info({ attempts: attempt }, 'event bus: reconnected');
    attempt = 0;
  }

  function lost(which: pg.Client): void {
    if (client !== which) return;
    client = null;
    which.end().catch(() => undefined);
    scheduleReconnect();
  }

  function scheduleReconnect(): void {
    if (closed || timer) return;
    const delay = Math.min(backoff.maxMs, backoff.initialMs * 2 ** attempt);
    attempt += 1;
    timer = setTimeout(() => {
      timer = null;
      connect().catch((error: unknown) => {
        logger.warn({ err: error, attempt }, 'event bus: reconnection failed');
        scheduleReconnect();
      });
    }, delay);
    timer.unref();
  }

  await connect();

  return {
    publish(topic, payload) {
      const text = encodeEvent(topic, payload);
      const current = client;
      if (!current) {
        logger.warn({ topic }, 'event bus: disconnected, event delivered to this instance only');
        deliver(text);
        return;
      }
      // One statement at a time on the client (pg 9 refuses overlapping ones), in the order published. Events
      // published while one is in flight go together in the next statement: a burst (a job's thousand
      // activities) costs a few round trips, not one each, and does not hold up the requests sharing the machine.
      // (PostgreSQL delivers identical payloads on one channel within one statement once: at most once anyway.)
      if (waiting) {
        waiting.push(text);
        return;
      }
      const batch = [text];
      waiting = batch;
      sending = sending
        .then(() => {
          waiting = null;
          return current.query(
            'select pg_notify($1, payload) from unnest($2::text[]) with ordinality as e(payload, n) order by n',
            [channel, batch],
          );
        })
        .then(
          () => undefined,
          (error: unknown) => {
            logger.warn(
              { err: error, events: batch.length },
              'event bus: NOTIFY failed, events delivered to this instance only',
            );
            for (const each of batch) deliver(each);
          },
        );
    },
    subscribe: (topic) => local.subscribe(topic),
    async close() {
      closed = true;
      await sending;
      if (timer) clearTimeout(timer);
      timer = null;
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
