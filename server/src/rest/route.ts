import type { Request, Response } from 'express';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CurrentUser } from '../common/auth/current-user.js';
import type { Role } from '../common/auth/roles.js';
import { DomainError } from '../common/errors.js';
import type { Services } from '../services.js';

/** Who may call a REST route: anyone, any session, or one of the roles. Every route must say. */
export type RouteAccess = 'public' | 'signed-in' | readonly Role[];

export interface RestContext {
  em: EntityManager;
  user: CurrentUser | null;
  services: Services;
  req: Request;
  res: Response;
}

export interface RestRoute {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  access: RouteAccess;
  /** The answer, sent as JSON (a string is sent as text, as the old API did for `true`/`false`). */
  handle(ctx: RestContext): Promise<unknown> | unknown;
}

export function route(
  method: RestRoute['method'],
  path: string,
  access: RouteAccess,
  handle: RestRoute['handle'],
): RestRoute {
  return { method, path, access, handle };
}

/** Reads a whole, positive id from a path or query parameter. */
export function idParam(value: unknown, name: string): number {
  const text = Array.isArray(value) ? value[0] : value;
  const id = typeof text === 'string' && /^\d{1,9}$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(id) || id <= 0) {
    throw new DomainError('INVALID_ID', name === 'accountId' ? 'Invalid accountId.' : `Invalid ${name}.`, name);
  }
  return id;
}

/** Old clients mix the case of body keys (MemberId, memberId): read one case-insensitively. */
export function bodyField(body: unknown, name: string): unknown {
  if (!body || typeof body !== 'object') return undefined;
  const key = Object.keys(body).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : (body as Record<string, unknown>)[key];
}
