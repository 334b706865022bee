import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../shared/clock.js';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { parseRole, type Role } from '../../common/auth/roles.js';
import { UnauthenticatedError } from '../../shared/errors.js';
import type { Config } from '../../config.js';
import type { EventBus } from '../../graphql/event-bus.js';
import { User } from '../user/index.js';
import { verifyPassword } from './password.js';
import { RefreshToken } from './refresh-token.entity.js';
import { SessionCache, SESSION_REVOKED_TOPIC } from './session-cache.js';
import { Session } from './session.entity.js';
import { claimSsoToken, readSsoToken, SSO_TOKEN_USED, SsoErrorCode } from './sso.js';
import { tooManyAttemptsMessage, type SignInThrottle } from './throttle.js';
import { claimedActivityAt, lastActiveAt, refreshUse } from './session.rules.js';
import {
  AccessTokenVerifier,
  constantTimeEquals,
  hashRefreshToken,
  newRefreshToken,
  signToken,
  successorRefreshToken,
} from './token.js';

/** The session data answered by POST /Token and the windows login (spec 1 §7). */
export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  refresh_token: string;
  userName: string;
  displayName: string;
  roles: string[];
  memberId: number | null;
  issued: string;
  expires: string;
  sessionExpires: string;
  /** When the session ends unless the person acts (their last activity known plus INACTIVITY_SECONDS). */
  inactivityExpires: string;
}

/** A refused sign-in: `error` and `error_description` as OAuth clients expect, and the spec's error code. */
export class SignInError extends Error {
  constructor(
    readonly status: number,
    readonly description: string,
    readonly errorCode?: number,
    /** A throttled attempt (429): when it may be tried again (the Retry-After header). */
    readonly retryAfterSeconds?: number,
  ) {
    super(description);
    this.name = 'SignInError';
  }
}

export const BAD_CREDENTIALS = 'The member number or password is incorrect.';
export const SESSION_TIMED_OUT = 'This session has timed out. Please login again to access the system.';
export const LOCKED = 'Your access has been locked. Please contact us to have it unlocked.';

function throttled(retryAfterSeconds: number): SignInError {
  return new SignInError(429, tooManyAttemptsMessage(retryAfterSeconds), undefined, retryAfterSeconds);
}

/** How often a live session's last-seen time is written (activity within a minute is one write). */
const LAST_SEEN_RESOLUTION_MS = 60_000;

export class AuthService {
  private readonly tokenSecret: string;
  private readonly accessTokens: AccessTokenVerifier;
  /** Session rows read lately by requests (not sockets, which keep their own watch: SocketSession). */
  private readonly sessions: SessionCache<SessionRow>;
  private revocations: AsyncIterator<unknown> | undefined;

  constructor(
    private readonly config: Config,
    private readonly clock: Clock,
    private readonly throttle: SignInThrottle,
    private readonly events?: EventBus,
  ) {
    if (!config.tokenSecret) throw new Error('The access-token secret was not resolved (startApp does it).');
    this.tokenSecret = config.tokenSecret;
    this.accessTokens = new AccessTokenVerifier(config.tokenSecret);
    this.sessions = new SessionCache<SessionRow>(config.sessionCacheMs);
    if (events && config.sessionCacheMs > 0) this.followRevocations(events);
  }

  /** Forgets a session revoked on any instance the moment the bus says so. */
  private followRevocations(events: EventBus): void {
    const iterator = events.subscribe(SESSION_REVOKED_TOPIC)[Symbol.asyncIterator]();
    this.revocations = iterator;
    const next = (): void => {
      iterator.next().then(
        (result) => {
          if (result.done) return;
          const sessionId = (result.value as { sessionId?: unknown } | null)?.sessionId;
          if (typeof sessionId === 'string') this.sessions.evict(sessionId);
          next();
        },
        () => undefined,
      );
    };
    next();
  }

  /** Stops following revocations (the server is stopping). */
  async stop(): Promise<void> {
    await this.revocations?.return?.();
    this.revocations = undefined;
  }

  async passwordGrant(em: EntityManager, username: string, password: string, address: string): Promise<TokenResponse> {
    const name = username.trim().toLowerCase();
    if (!name || !password) throw new SignInError(400, BAD_CREDENTIALS);
    // Reserve-then-verify: the attempt is counted before its password is checked (shared by every instance).
    const slot = await this.throttle.reserve(em, { account: name, address });
    if (!slot.allowed) throw throttled(slot.retryAfterSeconds);
    const user = await em.findOne(User, { username: name }, { populate: ['member'] });
    const valid = await verifyPassword(user?.passwordHash, password);
    if (!user || !valid) throw new SignInError(400, BAD_CREDENTIALS);
    await slot.reservation.succeeded();
    if (user.isLocked) throw new SignInError(400, LOCKED, SsoErrorCode.MemberLocked);
    return this.startSession(em, user, 'password', address);
  }

  async ssoGrant(em: EntityManager, joined: string, address: string): Promise<TokenResponse> {
    // No password here: only the address's counter, and a token that is merely expired is refunded.
    const slot = await this.throttle.reserve(em, { address });
    if (!slot.allowed) throw throttled(slot.retryAfterSeconds);
    const result = readSsoToken(joined, this.config.ssoSecrets, this.nowSeconds());
    if (!result.ok) {
      if (result.code === SsoErrorCode.Expired) await slot.reservation.refund();
      throw new SignInError(400, result.message, result.code);
    }
    if (!(await claimSsoToken(em, result, this.nowSeconds()))) {
      throw new SignInError(400, SSO_TOKEN_USED, SsoErrorCode.InvalidToken);
    }
    await slot.reservation.succeeded();
    const user = await em.findOne(User, { member: { memberNumber: result.memberNumber } }, { populate: ['member'] });
    if (!user?.member) throw new SignInError(400, 'No member was found for this sign-on.', SsoErrorCode.NoMember);
    if (user.isLocked) throw new SignInError(400, LOCKED, SsoErrorCode.MemberLocked);
    if (!user.member.isActive) throw new SignInError(400, LOCKED, SsoErrorCode.MemberInactive);
    return this.startSession(em, user, 'sso', address);
  }

  /** Integrated (windows) sign-in for staff, trusted only when the configured proxy vouches with its secret. */
  async windowsLogin(
    em: EntityManager,
    headers: Record<string, string | string[] | undefined>,
    address: string,
  ): Promise<TokenResponse> {
    const setting = this.config.windowsLogin;
    const secret = headers['x-proxy-secret'];
    const account = headers[setting?.userHeader ?? ''];
    if (!setting || typeof secret !== 'string' || !constantTimeEquals(secret, setting.proxySecret)) {
      throw new SignInError(401, 'Integrated sign-in is not available.');
    }
    const name = typeof account === 'string' ? account.split('\\').pop()!.trim().toLowerCase() : '';
    const user = name ? await em.findOne(User, { username: name }, { populate: ['member'] }) : null;
    if (!user || user.member || user.isLocked) throw new SignInError(401, 'Integrated sign-in is not available.');
    return this.startSession(em, user, 'windows', address);
  }

  /**
   * Renews a session's tokens with a refresh token, which it uses up. Twin refreshes with one token (two tabs)
   * within REFRESH_REUSE_GRACE_MS all answer the pair the first use gave; a used token later is a stolen copy and
   * ends the session. The refresh is activity only as far as `idleHeader` tells of the person's (session.rules.ts).
   */
  async refreshGrant(em: EntityManager, refreshToken: string, idleHeader?: unknown): Promise<TokenResponse> {
    const hash = hashRefreshToken(refreshToken);
    const record = await em.findOne(
      RefreshToken,
      { hash },
      { populate: ['session', 'session.user', 'session.user.member'] },
    );
    if (!record) throw new SignInError(400, SESSION_TIMED_OUT);
    const { session } = record;
    const now = this.clock.now();
    const use = refreshUse(record.usedAt, now);
    if (use === 'replay') return this.refuseReplay(em, session.id);
    const claim = use === 'first' ? claimedActivityAt(now, idleHeader, 'refresh') : null;
    const lastSeenAt = lastActiveAt(session.lastSeenAt, claim, this.config.inactivitySeconds * 1000);
    const times = { revokedAt: session.revokedAt ?? null, expiresAt: session.expiresAt, lastSeenAt };
    if (!this.isLive(times, now)) throw new SignInError(400, SESSION_TIMED_OUT);
    const successor = successorRefreshToken(refreshToken, this.tokenSecret);
    const issuedAt =
      use === 'first' ? await this.rotate(em, hash, successor, session.id, now, lastSeenAt) : (record.usedAt ?? null);
    if (issuedAt === null) return this.refuseReplay(em, session.id);
    this.sessions.evict(session.id); // the next request reads the new last-seen time
    return this.tokenResponse(
      { id: session.id, expiresAt: session.expiresAt, lastSeenAt },
      session.user,
      successor,
      issuedAt,
    );
  }

  /**
   * Uses the refresh token up and stores its successor, in one transaction: of twin refreshes, one writes; the other
   * waits for it and then answers the same pair when it came within the grace. Null: a replay after all.
   */
  private async rotate(
    em: EntityManager,
    hash: string,
    successor: string,
    sessionId: string,
    now: Date,
    lastSeenAt: Date,
  ): Promise<Date | null> {
    return em.transactional(async (tx) => {
      const claimed = await tx.nativeUpdate(RefreshToken, { hash, usedAt: null }, { usedAt: now });
      if (claimed !== 1) {
        const [row] = await tx.execute<{ used_at: Date | string }[]>(
          'select used_at from auth_refresh_token where hash = ?',
          [hash],
        );
        const usedAt = row ? new Date(row.used_at) : null;
        return refreshUse(usedAt, this.clock.now()) === 'again-within-grace' ? usedAt : null;
      }
      await tx.execute('update auth_session set last_seen_at = greatest(last_seen_at, ?) where id = ?', [
        lastSeenAt,
        sessionId,
      ]);
      await tx.execute('insert into auth_refresh_token (hash, session_id, created_at) values (?, ?, ?)', [
        hashRefreshToken(successor),
        sessionId,
        now,
      ]);
      return now;
    });
  }

  /** A used refresh token again, after the grace: someone holds a stolen copy. End the session for everyone. */
  private async refuseReplay(em: EntityManager, sessionId: string): Promise<never> {
    await this.revoke(em, sessionId, 'refresh-token-reuse');
    throw new SignInError(400, SESSION_TIMED_OUT);
  }

  /**
   * Reads the bearer token of a request: null when absent, an error when present but not (or no longer) valid. The
   * request is the person's activity as far as `idleHeader` (X-Idle-Seconds) tells (session.rules.ts).
   */
  async authenticate(
    em: EntityManager,
    authorization: string | undefined,
    idleHeader?: unknown,
  ): Promise<CurrentUser | null> {
    return (await this.readBearer(em, authorization, { idleHeader }))?.user ?? null;
  }

  /**
   * The same check for a subscription socket's connection parameters, except that it does not count as activity
   * (socket traffic never does: only requests made with the session's tokens move its last-seen time). Also
   * answers when the token expires, which ends the socket's authority.
   */
  async authenticateSocket(em: EntityManager, authorization: string | undefined): Promise<SocketCredentials | null> {
    return this.readBearer(em, authorization, null);
  }

  /**
   * The session check alone, without side effects (one plain statement): the session's times while it can still
   * be live, null once it has been revoked, its user locked, or it no longer exists. `isLive` decides the rest.
   */
  async sessionTimes(em: EntityManager, user: CurrentUser): Promise<SessionTimes | null> {
    const row = await this.sessionRow(em, user.sessionId);
    if (!row || row.user_id !== user.userId || row.is_locked || row.revoked_at) return null;
    return { revokedAt: null, expiresAt: new Date(row.expires_at), lastSeenAt: new Date(row.last_seen_at) };
  }

  /** `activity`: a request's (it may move the session's last activity); null for a socket (it never does). */
  private async readBearer(
    em: EntityManager,
    authorization: string | undefined,
    activity: { idleHeader: unknown } | null,
  ): Promise<SocketCredentials | null> {
    if (!authorization) return null;
    const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
    if (!match) throw new UnauthenticatedError('The authorization header is not a bearer token.');
    const payload = this.accessTokens.verify(match[1], this.nowSeconds());
    if (!payload) throw new UnauthenticatedError(SESSION_TIMED_OUT);
    // Requests reuse a row read in the last moments (sockets read their own: they do not touch the session).
    const cached = activity ? this.sessions.get(payload.sid) : undefined;
    const row = cached ?? (await this.sessionRow(em, payload.sid));
    const now = this.clock.now();
    if (!row || row.user_id !== payload.uid || row.is_locked) throw new UnauthenticatedError(SESSION_TIMED_OUT);
    if (activity && !cached) this.sessions.set(row.id, row);
    else if (cached && this.sessions.claimRefresh(row.id)) this.refreshSession(em, row.id);
    const stored = new Date(row.last_seen_at);
    const claim = activity ? claimedActivityAt(now, activity.idleHeader, 'request') : null;
    const times: SessionTimes = {
      revokedAt: row.revoked_at ? new Date(row.revoked_at) : null,
      expiresAt: new Date(row.expires_at),
      lastSeenAt: lastActiveAt(stored, claim, this.config.inactivitySeconds * 1000),
    };
    if (!this.isLive(times, now)) {
      this.sessions.evict(row.id);
      throw new UnauthenticatedError(SESSION_TIMED_OUT);
    }
    if (times.lastSeenAt.getTime() - stored.getTime() > LAST_SEEN_RESOLUTION_MS) {
      const lastSeenAt = times.lastSeenAt;
      await em.execute(
        'update auth_session set last_seen_at = greatest(last_seen_at, ?) where id = ?',
        [lastSeenAt, row.id],
        'run',
      );
      this.sessions.update(row.id, (kept) => ({ ...kept, last_seen_at: lastSeenAt }));
    }
    return {
      user: {
        userId: row.user_id,
        sessionId: row.id,
        username: row.username,
        displayName: row.display_name,
        roles: parseRoles(row.roles),
        memberId: row.member_id,
      },
      tokenExpiresAt: new Date(payload.exp * 1000),
      times,
    };
  }

  /**
   * Reads a kept session row again in the background (SessionCache.claimRefresh): the request goes on with the kept
   * one, still within its ttl. A session gone from the table is forgotten (the next request reads and refuses it).
   */
  private refreshSession(em: EntityManager, sessionId: string): void {
    const startedAt = this.sessions.time();
    this.sessionRow(em, sessionId).then(
      (row) => {
        if (!row) {
          this.sessions.evict(sessionId);
          return;
        }
        // A last-seen time this instance wrote during the read is kept (the row read may predate it).
        const merge = (kept: SessionRow): SessionRow =>
          new Date(kept.last_seen_at) > new Date(row.last_seen_at) ? { ...row, last_seen_at: kept.last_seen_at } : row;
        this.sessions.refreshed(sessionId, merge, startedAt);
      },
      () => this.sessions.refreshed(sessionId, undefined, startedAt),
    );
  }

  /** One plain statement: the session and its user, without entity hydration (it runs on every request). */
  private async sessionRow(em: EntityManager, sessionId: string): Promise<SessionRow | undefined> {
    const [row] = await em.execute<SessionRow[]>(
      `select s.id, s.user_id, s.last_seen_at, s.expires_at, s.revoked_at, u.username, u.display_name, u.roles,
              u.member_id, u.is_locked
       from auth_session s join app_user u on u.id = s.user_id where s.id = ?`,
      [sessionId],
    );
    return row;
  }

  async logout(em: EntityManager, user: CurrentUser): Promise<void> {
    await this.revoke(em, user.sessionId, 'logout');
  }

  /** The session rule: not revoked, before its absolute end, and active within the inactivity limit. */
  isLive(session: SessionTimes, now: Date): boolean {
    return (
      !session.revokedAt &&
      session.expiresAt.getTime() > now.getTime() &&
      now.getTime() - session.lastSeenAt.getTime() <= this.config.inactivitySeconds * 1000
    );
  }

  private async revoke(em: EntityManager, sessionId: string, reason: string): Promise<void> {
    this.sessions.evict(sessionId);
    await em.nativeUpdate(
      Session,
      { id: sessionId, revokedAt: null },
      { revokedAt: this.clock.now(), revokedReason: reason },
    );
    // Once written: every instance forgets the row it kept, so the next request reads the revocation.
    this.sessions.evict(sessionId);
    this.events?.publish(SESSION_REVOKED_TOPIC, { sessionId });
  }

  private async startSession(em: EntityManager, user: User, method: string, address: string): Promise<TokenResponse> {
    const now = this.clock.now();
    const session = em.create(Session, {
      id: randomUUID(),
      user,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + this.config.absoluteSessionSeconds * 1000),
      method,
      address: address.slice(0, 64),
    });
    em.persist(session);
    return this.issueTokens(em, session, user);
  }

  /** A new session's first tokens: a random refresh token, stored by its hash. */
  private async issueTokens(em: EntityManager, session: Session, user: User): Promise<TokenResponse> {
    const now = this.clock.now();
    const refreshToken = newRefreshToken();
    em.persist(em.create(RefreshToken, { hash: hashRefreshToken(refreshToken), session, createdAt: now }));
    await em.flush();
    return this.tokenResponse(session, user, refreshToken, now);
  }

  /** The answer of a grant, the same for the same session, refresh token and issue time (twin refreshes). */
  private tokenResponse(
    session: Pick<Session, 'id' | 'expiresAt' | 'lastSeenAt'>,
    user: User,
    refreshToken: string,
    issuedAt: Date,
  ): TokenResponse {
    const iat = Math.floor(issuedAt.getTime() / 1000);
    // An access token never outlives its session.
    const exp = Math.min(iat + this.config.accessTokenSeconds, Math.floor(session.expiresAt.getTime() / 1000));
    return {
      access_token: signToken({ sid: session.id, uid: user.id, iat, exp }, this.tokenSecret),
      token_type: 'bearer',
      expires_in: exp - iat,
      refresh_token: refreshToken,
      userName: user.username,
      displayName: user.displayName,
      roles: [...user.roles],
      memberId: user.member?.id ?? null,
      issued: new Date(iat * 1000).toISOString(),
      expires: new Date(exp * 1000).toISOString(),
      sessionExpires: session.expiresAt.toISOString(),
      inactivityExpires: new Date(session.lastSeenAt.getTime() + this.config.inactivitySeconds * 1000).toISOString(),
    };
  }

  private nowSeconds(): number {
    return Math.floor(this.clock.now().getTime() / 1000);
  }
}

/** What ends a session by time, and whether it was revoked. */
export type SessionTimes = Pick<Session, 'revokedAt' | 'expiresAt' | 'lastSeenAt'>;

/** A subscription socket's caller, when the access token it presented expires, and its session as read. */
export interface SocketCredentials {
  user: CurrentUser;
  tokenExpiresAt: Date;
  times: SessionTimes;
}

interface SessionRow {
  id: string;
  user_id: number;
  last_seen_at: Date | string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
  username: string;
  display_name: string;
  roles: string[] | string;
  member_id: number | null;
  is_locked: boolean;
}

/** `text[]` arrives as an array from pg, or as its literal `{A,B}` where no array parser is registered. */
function parseRoles(value: string[] | string): Role[] {
  const names = Array.isArray(value)
    ? value
    : value
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean);
  return names.map(parseRole).filter((role): role is Role => role !== undefined);
}
