import { createServer } from 'node:net';
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { lockDataDir } from './data-dir-lock.js';

/** An embedded PostgreSQL (PGlite) persisted on disk, reachable by the ordinary driver on a loopback port. */
export interface EmbeddedPostgres {
  clientUrl: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

interface PooledConnection {
  query(sql: string, done: (error: Error | null) => void): void;
}

/**
 * The ORM pool for the embedded database. PGlite is one backend serving one connection at a time, and what a
 * session holds outlives the connection: a statement prepared by a closed connection would still be there when
 * the pool's next connection, which knows of none, prepares it again ("prepared statement … already exists").
 * Each new connection therefore starts by forgetting them, as a new session on PostgreSQL would.
 */
export function embeddedPool(max = 1) {
  return {
    min: 0,
    max,
    afterCreate(connection: PooledConnection, done: (error: Error | null, connection: PooledConnection) => void) {
      connection.query('deallocate all', (error) => done(error, connection));
    },
  };
}

/**
 * PostgreSQL's 128 MB of shared buffers live in PGlite's WebAssembly memory, which never shrinks: the embedded
 * server held 449 MB idle against 208 MB on a PostgreSQL server (issue 23 item 6). The demo's and a developer's
 * data fit in 16 MB, and PGlite reads its files through the operating system's cache anyway. Measured on the demo
 * data (open, then read every table twice): 323 MB → 214 MB of process memory.
 *
 * What is left (2026-11-28, `npm start` idle 20 s after start-up, `process.memoryUsage()`): embedded 326 MB resident
 * (V8 heap 93 MB used, 143 MB outside it), PostgreSQL mode 213 MB (heap 71 MB, 5 MB outside). The 138 MB difference
 * outside the heap is PGlite's WebAssembly memory, and it cannot be made smaller from here: the module declares a
 * minimum of 2,048 pages (128 MB), so `initialMemory` below that fails to link ("memory import 0 is smaller than
 * initial 2048"). The rest (about 20 MB of heap) is PGlite's JavaScript side and its socket server.
 */
const EMBEDDED_SETTINGS = ['-c', 'shared_buffers=16MB'];

export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedPostgres> {
  const dir = path.join(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const lock = lockDataDir(dataDir);
  try {
    const db = await PGlite.create({ dataDir: dir, startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS] });
    const port = await freePort();
    // One backend: one connection. The ORM pool is sized to match.
    const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 1 });
    await server.start();
    return {
      clientUrl: `postgresql://postgres@127.0.0.1:${port}/postgres`,
      async stop() {
        try {
          await server.stop();
          await db.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
