import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';

const NAME = 'token';

/**
 * The access-token HMAC key when TOKEN_SECRET is not given: kept in the database, made once by whichever instance
 * starts first (INSERT … ON CONFLICT DO NOTHING, then read back), so every instance on the database signs and
 * accepts the same tokens. A key an older version left in DATA_DIR/token-secret is adopted, so its sessions live on.
 */
export async function sharedTokenSecret(em: EntityManager, dataDir: string): Promise<string> {
  const legacyFile = path.join(dataDir, 'token-secret');
  const legacy = existsSync(legacyFile) ? readFileSync(legacyFile, 'utf8').trim() : '';
  const candidate = legacy || randomBytes(32).toString('base64url');
  await em.execute('insert into app_secret (name, value) values (?, ?) on conflict (name) do nothing', [
    NAME,
    candidate,
  ]);
  const [row] = await em.execute<{ value: string }[]>('select value from app_secret where name = ?', [NAME]);
  return row.value;
}
