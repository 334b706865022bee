import type { Request, Response } from 'express';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CurrentUser } from '../common/auth/current-user.js';
import { PUBLIC, SIGNED_IN, type Role } from '../common/auth/roles.js';
import { DomainError } from '../shared/errors.js';
import type { Services } from '../services.js';
import type { WireType } from './wire.js';

/** Who may call a REST route: anyone, any session, or one of the roles. Every route must say. */
export type RouteAccess = 'public' | 'signed-in' | readonly Role[];

/** A route's access as the shared rule reads it (access.rules.ts): PUBLIC, SIGNED_IN or role names. */
export function accessRules(access: RouteAccess): readonly string[] {
  if (access === 'public') return [PUBLIC];
  if (access === 'signed-in') return [SIGNED_IN];
  return access;
}

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
  /** What the answer is (an object type, scalar or list, as GraphQL declares it): `toWire` writes it by this type. */
  answers?: WireType;
  /** The answer, sent as JSON (a string is sent as text, as the old API did for `true`/`false`). */
  handle(ctx: RestContext): Promise<unknown> | unknown;
}

/** Answers that need no declared type: text, booleans, nothing. Numbers and objects declare theirs (money!). */
type Plain = string | boolean | null | undefined | void;

/**
 * A REST route. One that answers a number or an object says what it answers (`answers`), so that money and dates
 * are written by their declared type (`wire.ts`), the same values GraphQL gives.
 */
export function route(
  method: RestRoute['method'],
  path: string,
  access: RouteAccess,
  handle: (ctx: RestContext) => Plain | Promise<Plain>,
): RestRoute;
export function route(
  method: RestRoute['method'],
  path: string,
  access: RouteAccess,
  answers: WireType,
  handle: RestRoute['handle'],
): RestRoute;
export function route(
  method: RestRoute['method'],
  path: string,
  access: RouteAccess,
  ...rest: [RestRoute['handle']] | [WireType, RestRoute['handle']]
): RestRoute {
  if (rest.length === 1) return { method, path, access, handle: rest[0] };
  return { method, path, access, answers: rest[0], handle: rest[1] };
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

/**
 * An optional count from a query string or path (a page, a page size, how many results): `fallback` when absent or
 * blank, else a whole number of at most six digits (0 included: callers bound it), refused as `INVALID_NUMBER`.
 */
export function countParam(value: unknown, name: string, fallback: number): number {
  const item = Array.isArray(value) ? value[0] : value;
  const text = typeof item === 'string' ? item : '';
  if (text === '') return fallback;
  if (!/^\d{1,6}$/.test(text)) throw new DomainError('INVALID_NUMBER', `${name} must be a whole number.`, name);
  return Number(text);
}

/** A whole, positive id from a body field, sent as a number or a string. */
export function positiveInt(value: unknown, name: string): number {
  return idParam(typeof value === 'number' ? String(value) : value, name);
}

/** A body field's text as old clients send it: a string, or a number as its text; null otherwise. */
export function textValue(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' ? value : null;
}

/** Old clients mix the case of body keys (MemberId, memberId): read one case-insensitively. */
export function bodyField(body: unknown, name: string): unknown {
  if (!body || typeof body !== 'object') return undefined;
  const key = Object.keys(body).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : (body as Record<string, unknown>)[key];
}

/** A yes or no as old clients send it (true, "true", 1; false, "false", 0); null when absent or blank. */
export function flagValue(value: unknown, name: string): boolean | null {
  if (value === null || value === undefined || value === '') return null;
  if (value === true || value === 'true' || value === 1) return true;
  if (value === false || value === 'false' || value === 0) return false;
  throw new DomainError('INVALID_INPUT', `${name} must be true or false.`, name);
}
