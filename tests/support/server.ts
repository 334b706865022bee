import type { DestinationStream } from 'pino';
import { startApp, type App } from '../../server/src/app.js';
import { systemClock, type Clock } from '../../server/src/shared/clock.js';
import { loadConfig, type Config } from '../../server/src/config.js';
import { watchListeners } from './listeners.js';
import { EMBEDDED_TEST_DIR, freshSeededDatabase, realDatabaseUrl } from './database.js';

/** The key of test servers' access tokens (unless a test's env gives another). */
export const TEST_TOKEN_SECRET = 'test-token-secret';

export interface GraphQLBody<T> {
  data?: T;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

export interface TestServer {
  app: App;
  url: string;
  /** Signs in through POST /Token and returns the access token. */
  token(username: string, password: string): Promise<string>;
  signIn(username: string, password: string): Promise<Record<string, unknown>>;
  graphql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    token?: string,
  ): Promise<{ status: number; body: GraphQLBody<T> }>;
  /**
   * Resolves once `count` subscriptions listen on the event bus's `topic` (e.g. `activityAddedTopic(accountId)`):
   * wait for this after subscribing, instead of sleeping, before causing the event (listeners.ts).
   */
  listening(topic: string, count?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Boots the real server on a fresh, migrated, seeded database (DATABASE_URL, or the embedded one; `embedded: true`
 * the embedded one whatever DATABASE_URL says, as `npm start` runs). Its job queue runs no workers unless
 * `env.JOB_POLLING_SECONDS` says so.
 */
export async function startTestServer(
  options: {
    env?: Record<string, string>;
    clock?: Clock;
    reset?: boolean;
    embedded?: boolean;
    /** Where its log goes (with `env.LOG_LEVEL`), for a test that reads it. */
    logDestination?: DestinationStream;
  } = {},
): Promise<TestServer> {
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: options.embedded ? '' : (realDatabaseUrl ?? ''),
    DATA_DIR: EMBEDDED_TEST_DIR,
    TOKEN_SECRET: TEST_TOKEN_SECRET,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    HOST: '127.0.0.1',
    JOB_POLLING_SECONDS: '0', // no background jobs: a test runs them with `app.services.jobs.drain()`
    ...options.env,
  });
  const clock = options.clock ?? systemClock(config.timeZone);
  if (options.reset !== false) await freshSeededDatabase(config, clock);
  const app = await startApp(config, { port: 0, clock, logDestination: options.logDestination });
  const url = app.url;
  const listeners = watchListeners(app.services.events);

  async function signIn(username: string, password: string): Promise<Record<string, unknown>> {
    const response = await fetch(`${url}/Token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username, password }),
    });
    return (await response.json()) as Record<string, unknown>;
  }

  return {
    app,
    url,
    signIn,
    async token(username, password) {
      const body = await signIn(username, password);
      if (typeof body.access_token !== 'string')
        throw new Error(`Sign-in failed for ${username}: ${JSON.stringify(body)}`);
      return body.access_token;
    },
    async graphql<T>(query: string, variables?: Record<string, unknown>, token?: string) {
      const response = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await response.json()) as GraphQLBody<T>;
      return { status: response.status, body };
    },
    listening: (topic, count) => listeners.listening(topic, count),
    stop: () => app.stop(),
  };
}
