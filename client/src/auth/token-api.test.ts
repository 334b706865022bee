// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { tokenFixture } from './test-support';
import { refreshGrant, ssoGrant } from './token-api';

function respond(status: number, body: unknown) {
  return vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status }));
}

function formOf(fetchImpl: ReturnType<typeof respond>) {
  return Object.fromEntries(new URLSearchParams(String(fetchImpl.mock.calls[0]?.[1]?.body)));
}

describe('token requests', () => {
  it('refreshes with the refresh token and returns the rotated token', async () => {
    const fetchImpl = respond(200, tokenFixture({ refresh_token: 'refresh-2' }));
    const result = await refreshGrant('refresh-1', fetchImpl);
    expect(formOf(fetchImpl)).toEqual({ grant_type: 'refresh_token', refresh_token: 'refresh-1' });
    expect(result.ok && result.token.refresh_token).toBe('refresh-2');
    // It tells how long the person has been idle: a renewal on a timer is not their activity.
    const headers = fetchImpl.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers['X-Idle-Seconds']).toMatch(/^\d+$/);
  });

  it('signs in by single sign-on with the token and institution id joined by a bar', async () => {
    const fetchImpl = respond(400, { error: 'invalid_grant', error_description: 'Member locked.', error_code: 2 });
    const result = await ssoGrant('abc', '7', fetchImpl);
    expect(formOf(fetchImpl)).toEqual({ grant_type: 'sso', username: 'abc|7' });
    expect(result).toEqual({
      ok: false,
      status: 400,
      error: { error: 'invalid_grant', error_description: 'Member locked.', error_code: 2 },
    });
  });

  it('reports a network failure or an unreadable answer as a server error', async () => {
    const offline = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    const broken = vi.fn<typeof fetch>(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(await refreshGrant('r', offline)).toMatchObject({ ok: false, status: 0 });
    expect(await refreshGrant('r', broken)).toMatchObject({
      ok: false,
      status: 502,
      error: { error_description: 'Server error.' },
    });
  });
});
