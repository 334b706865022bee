import { startApp, type App } from '../../server/src/app.js';
import { systemClock, type Clock } from '../../server/src/common/clock.js';
import { loadConfig, type Config } from '../../server/src/config.js';
import { EMBEDDED_TEST_DIR, freshSeededDatabase, realDatabaseUrl } from './database.js';

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
  stop(): Promise<void>;
}

/**
 * Boots the real server on a fresh, migrated, seeded database (DATABASE_URL, or the embedded one). Its job queue
 * runs no workers unless `env.JOB_POLLING_SECONDS` says so.
 */
export async function startTestServer(
  options: { env?: Record<string, string>; clock?: Clock; reset?: boolean } = {},
): Promise<TestServer> {
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: realDatabaseUrl ?? '',
    DATA_DIR: EMBEDDED_TEST_DIR,
    TOKEN_SECRET: 'test-token-secret',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    HOST: '127.0.0.1',
    JOB_POLLING_SECONDS: '0', // no background jobs: a test runs them with `app.services.jobs.drain()`
    ...options.env,
  });
  const clock = options.clock ?? systemClock(config.timeZone);
  if (options.reset !== false) await freshSeededDatabase(config, clock);
  const app = await startApp(config, { port: 0, clock });
  const url = app.url;

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
    stop: () => app.stop(),
  };
}
