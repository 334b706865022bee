// The signed-in user's session, kept for the browser session only (spec 1 §3 "Session").
import { isRecord } from '../shared/is-record';

export const ROLES = ['MEMBER', 'AGENT', 'BRANCH_AGENT', 'MANAGER', 'ADMIN', 'REPORTER'] as const;
export type Role = (typeof ROLES)[number];

/** The JSON body of a successful `POST /Token`. */
export interface TokenResponse {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token: string;
  userName: string;
  displayName: string;
  roles: Role[];
  memberId: number | null;
  issued: string;
  expires: string;
  sessionExpires: string;
  /** When the session ends unless the person acts (empty from older servers). */
  inactivityExpires: string;
}

export interface Session {
  displayname: string;
  username: string;
  /** Access-token expiry, epoch milliseconds. */
  expires: number;
  /** Absolute end of the session, epoch milliseconds: no refresh extends it. */
  sessionExpires: number;
  /** When the session ends unless the person acts (in any tab), epoch milliseconds; null when not told. */
  inactivityExpires: number | null;
  roles: Role[];
  memberId: number | null;
  token: TokenResponse;
}

function isRole(value: unknown): value is Role {
  return ROLES.some((role) => role === value);
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** Checks the shape of a token response; null when it is not one. */
export function parseTokenResponse(json: unknown): TokenResponse | null {
  if (!isRecord(json)) return null;
  const accessToken = text(json.access_token);
  const userName = text(json.userName);
  const expires = text(json.expires);
  const { expires_in: expiresIn, roles, memberId } = json;
  if (!accessToken || !userName || !expires || typeof expiresIn !== 'number' || !Array.isArray(roles)) return null;
  if (memberId !== null && memberId !== undefined && typeof memberId !== 'number') return null;
  return {
    access_token: accessToken,
    token_type: text(json.token_type) ?? 'bearer',
    expires_in: expiresIn,
    refresh_token: text(json.refresh_token) ?? '',
    userName,
    displayName: text(json.displayName) ?? '',
    roles: roles.filter(isRole),
    memberId: typeof memberId === 'number' ? memberId : null,
    issued: text(json.issued) ?? '',
    expires,
    sessionExpires: text(json.sessionExpires) ?? expires,
    inactivityExpires: text(json.inactivityExpires) ?? '',
  };
}

export function sessionFromToken(token: TokenResponse): Session {
  // An unparsable date counts as already past: the session is then expired rather than endless.
  const expires = Date.parse(token.expires) || 0;
  const sessionExpires = Date.parse(token.sessionExpires) || expires;
  return {
    displayname: token.displayName,
    username: token.userName,
    expires,
    sessionExpires,
    inactivityExpires: Date.parse(token.inactivityExpires) || null,
    roles: token.roles,
    memberId: token.memberId,
    token,
  };
}

export interface SessionStore {
  get(): Session | null;
  save(token: TokenResponse): Session;
  clear(): void;
  subscribe(listener: () => void): () => void;
}

const STORAGE_KEY = 'billsmoothing.session';

/** A session store over Web Storage; `getStorage` is lazy so that importing this module touches no window. */
export function createSessionStore(getStorage: () => Storage): SessionStore {
  const listeners = new Set<() => void>();
  let cached: Session | null | undefined;

  const read = (): Session | null => {
    const raw = getStorage().getItem(STORAGE_KEY);
    if (!raw) return null;
    try {
      const token = parseTokenResponse(JSON.parse(raw));
      return token ? sessionFromToken(token) : null;
    } catch {
      return null;
    }
  };
  const changed = (next: Session | null) => {
    cached = next;
    for (const listener of [...listeners]) listener();
  };

  return {
    get() {
      if (cached === undefined) cached = read();
      return cached;
    },
    save(token) {
      getStorage().setItem(STORAGE_KEY, JSON.stringify(token));
      const session = sessionFromToken(token);
      changed(session);
      return session;
    },
    clear() {
      getStorage().removeItem(STORAGE_KEY);
      if (cached !== null) changed(null);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export const sessionStore = createSessionStore(() => window.sessionStorage);
