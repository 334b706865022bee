import { isRecord } from '../shared/is-record';
import { idleHeader } from './activity';
import { SERVER_ERROR } from '../shared/messages';
import { parseTokenResponse, type TokenResponse } from './session';

/** The failure body of `POST /Token`; `error_description` is the text to show. */
export interface TokenError {
  error: string;
  error_description: string;
  error_code?: number;
}

export type TokenResult = { ok: true; token: TokenResponse } | { ok: false; status: number; error: TokenError };

type Fetch = typeof fetch;

function tokenError(json: unknown): TokenError {
  if (isRecord(json)) {
    const { error, error_description: description, error_code: code } = json;
    return {
      error: typeof error === 'string' ? error : 'server_error',
      error_description: typeof description === 'string' && description ? description : SERVER_ERROR,
      ...(typeof code === 'number' ? { error_code: code } : {}),
    };
  }
  return { error: 'server_error', error_description: SERVER_ERROR };
}

/** `POST /Token` with a form body; never throws (a network failure is a `status: 0` result). */
export async function requestToken(
  form: Record<string, string>,
  fetchImpl: Fetch = fetch,
  headers: Record<string, string> = {},
): Promise<TokenResult> {
  let response: Response;
  try {
    response = await fetchImpl('/Token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json', ...headers },
      body: new URLSearchParams(form).toString(),
      cache: 'no-store',
    });
  } catch {
    return { ok: false, status: 0, error: tokenError(null) };
  }
  const json: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const token = parseTokenResponse(json);
    if (token) return { ok: true, token };
  }
  return { ok: false, status: response.status, error: tokenError(json) };
}

export function passwordGrant(username: string, password: string, fetchImpl?: Fetch): Promise<TokenResult> {
  return requestToken({ grant_type: 'password', username, password }, fetchImpl);
}

/** A renewal says how long the person has been idle here: a renewal on a timer is no activity of theirs. */
export function refreshGrant(refreshToken: string, fetchImpl?: Fetch): Promise<TokenResult> {
  return requestToken({ grant_type: 'refresh_token', refresh_token: refreshToken }, fetchImpl, idleHeader());
}

/** Single sign-on: the token and the institution id joined by `|`. */
export function ssoGrant(token: string, institutionId: string, fetchImpl?: Fetch): Promise<TokenResult> {
  return requestToken({ grant_type: 'sso', username: `${token}|${institutionId}` }, fetchImpl);
}
