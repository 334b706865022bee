import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(path.join(tmpdir(), 'billsmoothing-shutdown-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the server process', () => {
  it('prints its URL and demo logins, and stops cleanly on Ctrl-C (SIGINT)', { timeout: 120_000 }, async () => {
    const child = spawn(process.execPath, ['--import', '@swc-node/register/esm-register', 'server/src/main.ts'], {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 100_000);
      child.stdout.on('data', () => {
        if (output.includes('Press Ctrl-C to stop.')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    expect(output).toMatch(/running at http:\/\/localhost:\d+/);
    expect(output).toMatch(/agent\s+agent-demo-pass/);
    const exited = new Promise<number | string | null>((resolve) =>
      child.on('exit', (code, signal) => resolve(code ?? signal)),
    );
    child.kill('SIGINT');
    const code = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('timeout'), 15_000))]);
    if (code === 'timeout') child.kill('SIGKILL');
    expect({ code, output: code === 0 ? '' : output }).toEqual({ code: 0, output: '' });
    expect(output).toContain('Stopping…');
  });
});
