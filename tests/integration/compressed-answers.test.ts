import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { OVERVIEW, session, type Session } from './portal-support.js';

/**
 * API answers are compressed when the browser asks (issue 23 item 1: the overview's JSON went uncompressed to
 * phones): brotli or gzip by Accept-Encoding, plain without it, small answers left as they are.
 */
let server: TestServer;
let member: Session;
let accountId: number;

beforeAll(async () => {
  server = await startTestServer();
  member = await session(server, MEMBER_TWO_ACCOUNTS);
  const list = await server.graphql<{ accountList: { accountId: number }[] }>(
    'query($m: Int!) { accountList(memberId: $m) { accountId } }',
    { m: member.memberId },
    member.token,
  );
  accountId = list.body.data!.accountList[0].accountId;
});
afterAll(() => server?.stop());

interface Answer {
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw POST (fetch would undo the encoding itself, hiding whether the server compressed). */
function post(path: string, body: string, headers: Record<string, string>): Promise<Answer> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const overview = (acceptEncoding?: string) =>
  post('/graphql', JSON.stringify({ query: OVERVIEW, variables: { m: member.memberId, a: accountId } }), {
    'content-type': 'application/json',
    authorization: `Bearer ${member.token}`,
    ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
  });

describe('compressed answers', () => {
  it('sends the overview brotli-compressed to a browser that accepts it, the same JSON as uncompressed', async () => {
    const plain = await overview();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const text = plain.body.toString();
    expect(JSON.parse(text).data.accountOverview.accountId).toBe(accountId);
    expect(text.length).toBeGreaterThan(1024);

    const br = await overview('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(text.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(JSON.parse(text));
  });

  it('sends gzip to a client that accepts only gzip', async () => {
    const gz = await overview('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString()).data.accountOverview.accountId).toBe(accountId);
  });

  it('leaves answers under 1 KB as they are', async () => {
    const small = await post('/graphql', JSON.stringify({ query: '{ __typename }' }), {
      'content-type': 'application/json',
      'accept-encoding': 'br, gzip',
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual({ data: { __typename: 'Query' } });
  });
});
