import { constantTimeEquals, verifySignedToken } from './token.js';
import { createHash, createHmac } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Single sign-on from the institution's own site: a token `base64url(JSON{memberNumber, exp}).base64url(HMAC)`
 * signed with the institution's secret, sent with the institution id. Failure codes route the client
 * (spec 1 §4): 2 and 3 locked, 5 expired, any other no-member.
 */
export enum SsoErrorCode {
  InvalidToken = 1,
  MemberLocked = 2,
  MemberInactive = 3,
  NoMember = 4,
  Expired = 5,
  UnknownInstitution = 6,
}

export const SSO_SEPARATOR = '|';

/**
 * Whether a password grant's username is a sign-on token joined to its institution id (`<body>.<mac>|<id>`, 1 §7:
 * old clients send single sign-on as grant_type=password). No username has this shape: they are member numbers
 * and staff names, without a dot-separated signature or the separator.
 */
export function isJoinedSsoToken(username: string): boolean {
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\|[A-Za-z0-9_-]+$/.test(username);
}

export type SsoResult =
  | { ok: true; memberNumber: string; tokenHash: string; expiresAt: number }
  | { ok: false; code: SsoErrorCode; message: string };

/** What a replayed token is told (it routes like any invalid token). */
export const SSO_TOKEN_USED = 'The sign-on token has already been used.';

export function readSsoToken(joined: string, secrets: Record<string, string>, nowSeconds: number): SsoResult {
  const at = joined.lastIndexOf(SSO_SEPARATOR);
  const token = at > 0 ? joined.slice(0, at) : '';
  const institutionId = at > 0 ? joined.slice(at + 1) : '';
  const secret = Object.entries(secrets).find(([id]) => constantTimeEquals(id, institutionId))?.[1];
  if (!secret) return { ok: false, code: SsoErrorCode.UnknownInstitution, message: 'Unknown institution.' };
  const payload = verifySignedToken(token, secret) as { memberNumber?: unknown; exp?: unknown } | undefined;
  if (!payload || typeof payload.memberNumber !== 'string' || typeof payload.exp !== 'number') {
    return { ok: false, code: SsoErrorCode.InvalidToken, message: 'The sign-on token is not valid.' };
  }
  if (payload.exp <= nowSeconds) {
    return { ok: false, code: SsoErrorCode.Expired, message: 'The sign-on token has expired.' };
  }
  // The signed body is what the signature covers (one body has one valid signature): it names the token.
  const body = token.slice(0, token.indexOf('.'));
  const tokenHash = createHash('sha256').update(`${institutionId}${SSO_SEPARATOR}${body}`).digest('hex');
  return { ok: true, memberNumber: payload.memberNumber, tokenHash, expiresAt: payload.exp };
}

/**
 * SSO tokens are single-use: the first use records the token (until it expires) and later or concurrent uses are
 * refused: the primary key lets exactly one insert win. Tokens past their expiry are forgotten on the way.
 */
export async function claimSsoToken(
  em: EntityManager,
  token: { tokenHash: string; expiresAt: number },
  nowSeconds: number,
): Promise<boolean> {
  await em.execute('delete from used_sso_token where expires_at < to_timestamp(?)', [nowSeconds], 'run');
  const claimed = await em.execute<{ token_hash: string }[]>(
    `insert into used_sso_token (token_hash, expires_at) values (?, to_timestamp(?))
     on conflict (token_hash) do nothing returning token_hash`,
    [token.tokenHash, token.expiresAt],
  );
  return claimed.length === 1;
}

/** What the institution's site does to send a member here (used by tests and the demo). */
export function createSsoToken(memberNumber: string, secret: string, expSeconds: number): string {
  const body = Buffer.from(JSON.stringify({ memberNumber, exp: expSeconds })).toString('base64url');
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}
