import { afterAll, describe, expect, it } from 'vitest';
import { realDatabaseUrl, resetDatabase } from '../support/database.js';
import { runScript, startServerProcess, type ScriptRun } from '../support/script.js';

/**
 * The documented first run on a fresh database: `npm run migrate`, `npm run seed -- --members N`, then `npm start`
 * (the demo data loads on top of what the seed made). The real scripts run as child processes.
 */
function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, DATABASE_URL: realDatabaseUrl, LOG_LEVEL: 'silent', NODE_ENV: 'test', ...extra };
}

const run = (script: string, args: string[]) => runScript(script, args, env());

/** Starts the server; resolves with its URL once it says it is running, or with how it ended. */
function start(extra: Record<string, string> = {}) {
  const server = startServerProcess(env({ PORT: '0', HOST: '127.0.0.1', CHANGE_APPLIER_INTERVAL_MS: '0', ...extra }));
  return { outcome: server.started, stop: async () => void (await server.stop()) };
}

describe.skipIf(!realDatabaseUrl)('start-up after a seed', () => {
  const stops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    await Promise.all(stops.map((stop) => stop()));
  });

  it('migrates, seeds 50 members, then starts with the demo data on top, twice', async () => {
    await resetDatabase();
    expect((await run('server/src/scripts/migrate.ts', ['up'])).code).toBe(0);
    const seeded = await run('server/src/scripts/seed.ts', ['--members', '50']);
    expect(seeded.code, seeded.stderr).toBe(0);

    for (let round = 1; round <= 2; round++) {
      const server = start();
      stops.push(server.stop);
      const outcome = await server.outcome;
      expect(outcome, JSON.stringify(outcome)).toHaveProperty('url');
      const { url } = outcome as { url: string };
      const signIn = await fetch(`${url}/Token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'password', username: '100001', password: 'member-demo-pass' }),
      });
      expect(signIn.status).toBe(200);
      await server.stop();
    }
  }, 300_000);

  it('says in one line why it could not start, without a stack', async () => {
    const server = start({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere' });
    stops.push(server.stop);
    const outcome = (await server.outcome) as ScriptRun;
    expect(outcome.code).toBe(1);
    const lines = outcome.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^The portal could not start: .*ECONNREFUSED/);
  }, 120_000);
});
