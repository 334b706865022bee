import 'reflect-metadata';
import { afterEach, describe, expect, it } from 'vitest';
import { MEMBER_MISSED_DEPOSIT, MEMBER_NO_ACCOUNT } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Whose X-Forwarded-For is believed (issue 21 item 6): by default nobody's, so a client that varies the header still
 * meets one per-address throttle (5 wrong passwords for an account, then 429); with TRUST_PROXY naming the proxy
 * (here the loopback the test connects from), each forwarded address has its own counters.
 */

let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

async function wrongPassword(address: string, username: string = MEMBER_NO_ACCOUNT[0]): Promise<number> {
  const response = await fetch(`${server!.url}/Token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
    body: new URLSearchParams({ grant_type: 'password', username, password: 'wrong-pass' }),
  });
  await response.body?.cancel();
  return response.status;
}

/** Wrong passwords one after another, each from a new forwarded address. */
async function fromVaryingAddresses(count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 1; i <= count; i += 1) statuses.push(await wrongPassword(`203.0.113.${i}`));
  return statuses;
}

describe('trusted proxy', () => {
  it('believes no X-Forwarded-For by default: varying it does not reset the per-address throttle', async () => {
    server = await startTestServer();
    expect(await fromVaryingAddresses(7)).toEqual([400, 400, 400, 400, 400, 429, 429]);
  });

  it('gives each forwarded address its own counters behind a configured proxy (TRUST_PROXY)', async () => {
    server = await startTestServer({ env: { TRUST_PROXY: 'loopback' } });
    expect(await fromVaryingAddresses(7)).toEqual(Array(7).fill(400));
    // One forwarded address is still held to its 5 (another account: this one's own counter has had 7).
    const same = [];
    for (let i = 0; i < 6; i += 1) same.push(await wrongPassword('198.51.100.9', MEMBER_MISSED_DEPOSIT[0]));
    expect(same).toEqual([400, 400, 400, 400, 400, 429]);
  });
});
