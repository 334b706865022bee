import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE, lockDataDir } from '../../server/src/database/data-dir-lock.js';
import { startEmbeddedPostgres } from '../../server/src/database/embedded.js';
import { StartupError } from '../../server/src/serving.js';

/**
 * The embedded database's folder is one portal's at a time: a second `npm start` on it (or a restart while the last
 * one is still stopping) opened PGlite's files a second time and left them unreadable ("Aborted()" at every start).
 */
describe('the embedded database folder is locked for one portal', () => {
  const dirs: string[] = [];
  let other: ChildProcess;
  const folder = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-lock-'));
    dirs.push(dir);
    return dir;
  };
  beforeAll(() => {
    other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  });
  afterAll(() => {
    other.kill();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('writes its process id and removes the lock when released', () => {
    const dir = folder();
    const lock = lockDataDir(dir);
    expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('refuses a folder another running process holds, and says which', () => {
    const dir = folder();
    writeFileSync(path.join(dir, LOCK_FILE), String(other.pid));
    expect(() => lockDataDir(dir)).toThrow(StartupError);
    expect(() => lockDataDir(dir)).toThrow(`is open in another running portal (process ${other.pid})`);
    expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(String(other.pid));
  });

  it('takes over a lock whose process is gone (a crash)', async () => {
    const dir = folder();
    const gone = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((resolve) => gone.on('exit', resolve));
    writeFileSync(path.join(dir, LOCK_FILE), String(gone.pid));
    const lock = lockDataDir(dir);
    expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
    lock.release();
  });

  it('does not open the embedded database while another portal has it, and opens it once that one has stopped', async () => {
    const dir = folder();
    writeFileSync(path.join(dir, LOCK_FILE), String(other.pid));
    await expect(startEmbeddedPostgres(dir)).rejects.toThrow(StartupError);
    rmSync(path.join(dir, LOCK_FILE));
    const database = await startEmbeddedPostgres(dir);
    expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
    await database.stop();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  }, 120_000);
});
