import { constantTimeEquals, verifySignedToken } from './token.js';
import { createHmac } from 'node:crypto';

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

export type SsoResult = { ok: true; memberNumber: string } | { ok: false; code: SsoErrorCode; message: string };

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
  return { ok: true, memberNumber: payload.memberNumber };
}

/** What the institution's site does to send a member here (used by tests and the demo). */
export function createSsoToken(memberNumber: string, secret: string, expSeconds: number): string {
  const body = Buffer.from(JSON.stringify({ memberNumber, exp: expSeconds })).toString('base64url');
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}
