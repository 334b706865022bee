import { GraphQLScalarType } from 'graphql';
import { getMetadataStorage } from 'type-graphql';
import { DomainError } from '../shared/errors.js';
import { cents, MoneyError, parseMoney, type Cents } from '../shared/money.js';

/**
 * Money and dates on the legacy REST wire, decided by type in one place.
 *
 * A REST route declares what it answers as the GraphQL answer is declared: a TypeGraphQL object type class (or a
 * list of one), or a scalar. `toWire` walks the answer along the declared fields and lets each field's own type say
 * how it is written, with the GraphQL scalars' own `serialize`: a `Money` field (integer cents in code) becomes
 * the decimal string "820.00" that GraphQL gives for the same value, a `LocalDate` stays `YYYY-MM-DD`, nested
 * object types are walked the same way. No list of field names: a new money field is right on both APIs as soon as
 * its type says `Money`. Keys the type does not declare are not sent.
 */

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
type ClassType = Function;

/** An answer that is not domain data (the OAuth grant of POST /Token): sent as the handler built it, never money. */
export const RAW_JSON = Symbol('raw JSON answer');

/** What a REST route answers: an object type class, a scalar (`Int`, `Money`, …), a list of one, or RAW_JSON. */
export type WireType = ClassType | GraphQLScalarType | typeof RAW_JSON | readonly [WireType];

export type Wire = string | number | boolean | null | Wire[] | { [key: string]: Wire };

interface WireField {
  /** The property on the service's value. */
  property: string;
  /** The name GraphQL answers it under (the same unless `@Field({ name })` says otherwise). */
  name: string;
  type: () => unknown;
}

const fieldCache = new Map<ClassType, WireField[]>();

/** The declared fields of an object type class, its parents' included (the nearest declaration wins). */
export function wireFields(type: ClassType): WireField[] {
  const cached = fieldCache.get(type);
  if (cached) return cached;
  const storage = getMetadataStorage();
  const fields = new Map<string, WireField>();
  for (let target: unknown = type; typeof target === 'function' && target !== Function.prototype;) {
    for (const field of storage.fields) {
      if (field.target === target && !fields.has(field.name)) {
        fields.set(field.name, { property: field.name, name: field.schemaName, type: field.getType });
      }
    }
    target = Object.getPrototypeOf(target);
  }
  if (fields.size === 0) throw new TypeError(`${type.name || 'A REST answer type'} is not a TypeGraphQL object type.`);
  const list = [...fields.values()];
  fieldCache.set(type, list);
  return list;
}

function isObjectTypeClass(type: unknown): type is ClassType {
  return (
    typeof type === 'function' && type !== String && type !== Number && type !== Boolean && type !== Date && !!type.name
  );
}

/** Writes `value` as its declared type says (see the file comment). */
export function toWire(value: unknown, type: WireType): Wire {
  if (type === RAW_JSON) return JSON.parse(JSON.stringify(value ?? null)) as Wire;
  if (value === null || value === undefined) return null;
  if (Array.isArray(type)) return toWire(value, type[0] as WireType);
  if (Array.isArray(value)) return value.map((item) => toWire(item, type));
  if (type instanceof GraphQLScalarType) return type.serialize(value) as Wire;
  if (value instanceof Date) return value.toISOString();
  if (isObjectTypeClass(type) && typeof value === 'object') {
    const out: Record<string, Wire> = {};
    for (const field of wireFields(type)) {
      const child = (value as Record<string, unknown>)[field.property];
      if (child !== undefined) out[field.name] = toWire(child, field.type() as WireType);
    }
    return out;
  }
  // String, Number, Boolean and enums: the value as it is (REST answers enum codes, as the old API did).
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  throw new TypeError(`Cannot write a ${typeof value} as ${String((type as { name?: string }).name ?? type)}.`);
}

/**
 * An amount as an old client sends it: dollars, as a JSON number (12.34) or a decimal string ("12.34"), at most
 * 2 decimals. Absent or blank is null. A number is read by its shortest decimal form (what the client wrote), never
 * by float arithmetic: 12.345, 1e21 and "12,34" are refused with `INVALID_AMOUNT` on the field.
 */
export function wireMoney(value: unknown, field: string): Cents | null {
  if (value === null || value === undefined || value === '') return null;
  const refuse = () =>
    new DomainError(
      'INVALID_AMOUNT',
      `${field} must be an amount in dollars with at most 2 decimals, such as 12.34.`,
      field,
    );
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string') throw refuse();
  try {
    return cents(parseMoney(text));
  } catch (error) {
    if (error instanceof MoneyError) throw refuse();
    throw error;
  }
}
