import path from 'node:path';
import { DEFAULT_TIME_ZONE } from './shared/clock.js';

/** Everything the server reads from its environment, parsed once at start. */
export interface Config {
  port: number;
  host: string;
  production: boolean;
  /** `npm run dev` only: stack traces and introspection for everyone. `npm start` and tests are hardened. */
  development: boolean;
  /** A real PostgreSQL server; when absent the embedded PGlite database is used. */
  databaseUrl?: string;
  dataDir: string;
  timeZone: string;
  /**
   * HMAC key for access tokens (TOKEN_SECRET). When not given, start-up uses the one kept in the database
   * (modules/auth/token-secret.ts), so every instance on one database accepts the others' tokens.
   */
  tokenSecret?: string;
  accessTokenSeconds: number;
  inactivitySeconds: number;
  absoluteSessionSeconds: number;
  /**
   * How long this instance trusts a session row it read (SESSION_CACHE_MS, default 5000; 0 reads it on every
   * request). Revocations evict at once on every instance through the event bus (modules/auth/session-cache.ts).
   */
  sessionCacheMs: number;
  /** Single sign-on: institution id → HMAC secret. */
  ssoSecrets: Record<string, string>;
  /**
   * Which peers' X-Forwarded-For is believed (TRUST_PROXY, Express's `trust proxy`): unset, none, and the client's
   * address is the connection's (a client varying the header cannot reset the sign-in throttle's counters).
   */
  trustProxy: boolean | number | string;
  /** Windows (integrated) login through a trusted reverse proxy: off unless both are set. */
  windowsLogin?: { userHeader: string; proxySecret: string };
  loadDemoData: boolean;
  /**
   * Demo mode (DEMO_MODE=true|false): staff may move the bank's clock forward a day at a time and run what the day
   * holds (modules/core-banking/demo-day.ts). Default: on with the demo data outside production (`npm start`, the
   * browser tests' server), off in production whatever DEMO_MODE says.
   */
  demoMode: boolean;
  logLevel: string;
  clientDir: string;
  /** How often this instance's job workers look for jobs, in seconds (0: it runs none; tests drain by hand). */
  jobPollingSeconds: number;
  /** How often pg-boss looks for jobs whose instance died (expired) and for old jobs to archive (JOB_MAINTENANCE_SECONDS). */
  jobMaintenanceSeconds: number;
  /**
   * The bank day's steps split into parts (issue 23 items 2 and 3): agreements per part (BANK_DAY_PARTITION_SIZE)
   * and how long a part may run before another instance takes it again (BANK_DAY_PART_EXPIRE_SECONDS).
   */
  bankDay: { partitionSize: number; partExpireSeconds: number };
  /** Outgoing messages (modules/notification/README.md). */
  mail: {
    /** An SMTP server (SMTP_URL, e.g. smtp://127.0.0.1:2525); unset: the app starts its own capture. */
    smtpUrl?: string;
    /** The capture's port when SMTP_URL is unset (SMTP_CAPTURE_PORT; 0, the default: any free port). */
    capturePort: number;
    /** The From of every e-mail (MAIL_FROM). */
    from: string;
  };
  /** Sign-in throttling (modules/auth/README.md): free attempts per counter, then doubling delays. */
  throttle: {
    windowSeconds: number;
    perAccountAddress: number;
    perAccount: number;
    perAddress: number;
    accountMaxDelaySeconds: number;
  };
}

/**
 * TRUST_PROXY as Express's `trust proxy` reads it: a number of proxy hops, `true`/`false`, or addresses and subnets
 * separated by commas (`loopback`, `10.0.0.0/8, 192.168.1.2`). Express refuses an invalid address at start.
 */
function trustProxyFrom(value: string | undefined): boolean | number | string {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  return /^\d+$/.test(text) ? Number(text) : text;
}

function intFrom(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`Expected a whole number, got "${value}"`);
  return parsed;
}

/** 0 (off), or at least pg-boss's smallest polling interval, half a second. */
function pollingSecondsFrom(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!(parsed === 0 || parsed >= 0.5)) throw new Error(`Expected 0 or at least 0.5 seconds, got "${value}"`);
  return parsed;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  const ssoSecrets: Record<string, string> = env.SSO_SECRETS ? JSON.parse(env.SSO_SECRETS) : {};
  if (!env.SSO_SECRETS && !production) ssoSecrets['1'] = 'demo-sso-secret-for-institution-1';
  return {
    port: intFrom(env.PORT, 4000),
    host: env.HOST ?? '0.0.0.0',
    production,
    development: env.NODE_ENV === 'development',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    timeZone: env.TIME_ZONE ?? DEFAULT_TIME_ZONE,
    tokenSecret: env.TOKEN_SECRET || undefined,
    accessTokenSeconds: intFrom(env.ACCESS_TOKEN_SECONDS, 15 * 60),
    inactivitySeconds: intFrom(env.INACTIVITY_SECONDS, 20 * 60),
    absoluteSessionSeconds: intFrom(env.ABSOLUTE_SESSION_SECONDS, 12 * 60 * 60),
    sessionCacheMs: intFrom(env.SESSION_CACHE_MS, 5_000),
    ssoSecrets,
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    windowsLogin:
      env.WINDOWS_LOGIN_HEADER && env.WINDOWS_LOGIN_PROXY_SECRET
        ? { userHeader: env.WINDOWS_LOGIN_HEADER.toLowerCase(), proxySecret: env.WINDOWS_LOGIN_PROXY_SECRET }
        : undefined,
    loadDemoData: env.DEMO_DATA !== 'false',
    demoMode: !production && (env.DEMO_MODE ? env.DEMO_MODE === 'true' : env.DEMO_DATA !== 'false'),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    clientDir: path.resolve(env.CLIENT_DIR ?? 'dist/client'),
    jobPollingSeconds: pollingSecondsFrom(env.JOB_POLLING_SECONDS, 2),
    jobMaintenanceSeconds: Math.max(1, intFrom(env.JOB_MAINTENANCE_SECONDS, 120)),
    bankDay: {
      partitionSize: Math.max(1, intFrom(env.BANK_DAY_PARTITION_SIZE, 5_000)),
      partExpireSeconds: Math.max(1, intFrom(env.BANK_DAY_PART_EXPIRE_SECONDS, 600)),
    },
    mail: {
      smtpUrl: env.SMTP_URL || undefined,
      capturePort: intFrom(env.SMTP_CAPTURE_PORT, 0),
      from: env.MAIL_FROM || 'no-reply@billsmoothing.example',
    },
    throttle: {
      windowSeconds: intFrom(env.LOGIN_THROTTLE_WINDOW_SECONDS, 15 * 60),
      perAccountAddress: intFrom(env.LOGIN_THROTTLE_PER_ACCOUNT_ADDRESS, 5),
      perAccount: intFrom(env.LOGIN_THROTTLE_PER_ACCOUNT, 10),
      perAddress: intFrom(env.LOGIN_THROTTLE_PER_ADDRESS, 30),
      accountMaxDelaySeconds: intFrom(env.LOGIN_THROTTLE_ACCOUNT_MAX_DELAY_SECONDS, 60),
    },
  };
}
