import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';

/** The fresh-machine path: no DATABASE_URL, the embedded database on disk, kept across restarts. */
const dataDir = mkdtempSync(path.join(tmpdir(), 'billsmoothing-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const config = () =>
  loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', HOST: '127.0.0.1', DATABASE_URL: '' });

describe('embedded database', () => {
  it(
    'creates the database, loads the demo data once, and keeps data across a restart',
    { timeout: 120_000 },
    async () => {
      const first = await startApp(config(), { port: 0 });
      try {
        expect(first.database.embedded).toBe(true);
        const response = await fetch(`${first.url}/api/members/registerinterest`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            MemberId: 0,
            FullName: 'Kept Across Restarts',
            Email: 'kept@example.com',
            MobilePhone: '0412345678',
          }),
        });
        expect(response.status).toBe(200);
      } finally {
        await first.stop();
      }

      const second = await startApp(config(), { port: 0 });
      try {
        const em = second.database.orm.em.fork();
        const kept = await em
          .getConnection()
          .execute("select full_name from interest_registration where email = 'kept@example.com'");
        expect(kept).toEqual([{ full_name: 'Kept Across Restarts' }]);
        const agents = await em
          .getConnection()
          .execute("select count(*)::int as n from app_user where username = 'agent'");
        expect(agents).toEqual([{ n: 1 }]);
        const token = await fetch(`${second.url}/Token`, {
          method: 'POST',
          body: new URLSearchParams({ grant_type: 'password', username: 'agent', password: 'agent-demo-pass' }),
        });
        expect(token.status).toBe(200);
      } finally {
        await second.stop();
      }
    },
  );
});
