import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Access tokens: `base64url(payload).base64url(HMAC-SHA256)`; they name a session, which must still be live. */
export interface AccessTokenPayload {
  sid: string;
  uid: number;
  /** Issued at and expiry, seconds since the epoch. */
  iat: number;
  exp: number;
}

function mac(secret: string, data: string): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

export function signToken(payload: object, secret: string): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

/** Returns the payload when the signature is right, else undefined (expiry is the caller's check). */
export function verifySignedToken(token: string, secret: string): unknown {
  const dot = token.indexOf('.');
  if (dot <= 0 || dot !== token.lastIndexOf('.') || token.length > 4096) return undefined;
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = mac(secret, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

export function verifyAccessToken(token: string, secret: string, nowSeconds: number): AccessTokenPayload | undefined {
  const payload = verifySignedToken(token, secret);
  if (!payload || typeof payload !== 'object') return undefined;
  const { sid, uid, iat, exp } = payload as Partial<AccessTokenPayload>;
  if (typeof sid !== 'string' || typeof uid !== 'number' || typeof iat !== 'number' || typeof exp !== 'number') {
    return undefined;
  }
  return exp > nowSeconds ? { sid, uid, iat, exp } : undefined;
}

/**
 * `verifyAccessToken` with a memory of the tokens whose signature it has checked, by their exact text: a client
 * sends one token with every request until it refreshes it, and the HMAC, base64 and JSON of each request were
 * about 3 % of an overview's time on the server (issue 13 item 8). A remembered token is still refused once
 * expired (checked on every call); any other text, a token altered by one character included, is verified in
 * full. Whether its session is still live is the caller's check, as before. The oldest entries go first past
 * `maxEntries`.
 */
export class AccessTokenVerifier {
  private readonly checked = new Map<string, AccessTokenPayload>();

  constructor(
    private readonly secret: string,
    private readonly maxEntries = 10_000,
  ) {}

  verify(token: string, nowSeconds: number): AccessTokenPayload | undefined {
    const known = this.checked.get(token);
    if (known) {
      if (known.exp > nowSeconds) return known;
      this.checked.delete(token);
      return undefined;
    }
    const payload = verifyAccessToken(token, this.secret, nowSeconds);
    if (payload) {
      if (this.checked.size >= this.maxEntries) this.checked.delete(this.checked.keys().next().value!);
      this.checked.set(token, payload);
    }
    return payload;
  }

  get size(): number {
    return this.checked.size;
  }
}

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The refresh token a refresh answers: derived from the one presented (keyed by the token secret), so that twin
 * refreshes with one token within the grace answer the same pair without its text being stored anywhere.
 */
export function successorRefreshToken(token: string, secret: string): string {
  return mac(secret, `refresh-successor:${token}`).toString('base64url');
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function constantTimeEquals(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right) && a.length === b.length;
}
