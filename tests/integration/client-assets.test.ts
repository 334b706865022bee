import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressBuild } from '../../client/build/precompress.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * The built client as the browser gets it (issue 13 item 7): precompressed copies by Accept-Encoding, hashed
 * files immutable for a year, the index page revalidated, no source maps. A small build made here stands in for
 * dist/client; the build step is the same function the Vite plugin runs.
 */
const root = mkdtempSync(path.join(tmpdir(), 'billsmoothing-client-'));
const clientDir = path.join(root, 'client');
const SCRIPT = 'assets/index-AbC123_x.js';
const script = `export const lines = [${Array.from({ length: 400 }, (_, i) => `"line ${i} of the app"`).join(',')}];\n`;
const INDEX = `<!doctype html><html><head><script type="module" src="/${SCRIPT}"></script></head><body>${'<!-- -->'.repeat(200)}<div id="root"></div></body></html>`;
/** The login page with its first paint in it (client/build/first-paint.ts). */
const LOGIN = INDEX.replace('<div id="root"></div>', `<div id="root"><main>${'<p>Log in</p>'.repeat(40)}</main></div>`);

let server: TestServer;

beforeAll(async () => {
  mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
  mkdirSync(path.join(clientDir, '.vite'), { recursive: true });
  writeFileSync(path.join(clientDir, 'index.html'), INDEX);
  writeFileSync(path.join(clientDir, 'login.html'), LOGIN);
  writeFileSync(path.join(clientDir, SCRIPT), script);
  writeFileSync(path.join(clientDir, `${SCRIPT}.map`), '{"version":3,"sources":["secret.ts"]}');
  writeFileSync(path.join(clientDir, '.vite/manifest.json'), '{}');
  await precompressBuild(clientDir, ['index.html', 'login.html', SCRIPT, `${SCRIPT}.map`, '.vite/manifest.json']);
  // A map left in the served folder by some other build must not be served either.
  writeFileSync(path.join(clientDir, 'assets/stray-Q1w2E3.js.map'), '{"version":3}');
  server = await startTestServer({ env: { CLIENT_DIR: clientDir, DEMO_DATA: 'false' } });
});
afterAll(async () => {
  await server?.stop();
  rmSync(root, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw GET, path as given (fetch would decode the encoding itself, and a URL would resolve `..`). */
function get(pathname: string, acceptEncoding?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(server.url);
    const req = request({
      hostname,
      port,
      path: pathname,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the built client', () => {
  it('writes brotli and gzip copies at build time and moves the source maps out of the served folder', () => {
    expect(brotliDecompressSync(readFileSync(path.join(clientDir, `${SCRIPT}.br`))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(path.join(clientDir, `${SCRIPT}.gz`))).toString()).toBe(script);
    expect(existsSync(path.join(clientDir, `${SCRIPT}.map`))).toBe(false);
    expect(existsSync(path.join(`${clientDir}-sourcemaps`, `${SCRIPT}.map`))).toBe(true);
  });

  it('sends a hashed script brotli-compressed, immutable for a year, varying by Accept-Encoding', async () => {
    const answer = await get(`/${SCRIPT}`, 'gzip, deflate, br, zstd');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^text\/javascript/);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(answer.body).toString()).toBe(script);
  });

  it('sends gzip to a browser without brotli, and the plain file to one accepting neither', async () => {
    const gzip = await get(`/${SCRIPT}`, 'gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(script);

    const refused = await get(`/${SCRIPT}`, 'br;q=0, gzip');
    expect(refused.headers['content-encoding']).toBe('gzip');

    const plain = await get(`/${SCRIPT}`, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body.toString()).toBe(script);
    expect((await get(`/${SCRIPT}`)).body.toString()).toBe(script);
  });

  it.each([
    ['/', LOGIN],
    ['/?returnTo=%2Fmember%2F1', LOGIN],
    ['/member/1/account/2/overview', INDEX],
    ['/unauthorized', INDEX],
  ])(
    'sends %s its page compressed but revalidated on every load (the login page only for /)',
    async (pathname, page) => {
      const answer = await get(pathname, 'br, gzip');
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(answer.body).toString()).toBe(page);
    },
  );

  it.each([
    `/${SCRIPT}.map`,
    '/assets/stray-Q1w2E3.js.map',
    `/${SCRIPT}.br`,
    `/${SCRIPT}.gz`,
    '/.vite/manifest.json',
    '/assets/missing-Zz9.js',
    '/assets/../index.html',
    '/assets/%2e%2e/index.html',
  ])('answers 404 to %s, never a source map or the index page', async (pathname) => {
    const answer = await get(pathname, 'br, gzip');
    expect(answer.status).toBe(404);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString()).not.toContain('<html');
    expect(answer.body.toString()).not.toContain('"version":3');
  });
});
