/**
 * How a spec code travels in GraphQL: each numeric code table here (AgreementStatus, BillStatus, …) is registered as
 * a GraphQL enum whose names are the table's keys, so `AgreementStatus.Active` (7) is sent as "Active". The database
 * and the REST façade keep the spec's numbers; the client receives the name and asks a shared rule with the code.
 */

/** The names of a code table's codes: what its GraphQL enum sends (the client's generated union is the same). */
export type CodeName<T> = Extract<keyof T, string>;

/** The code a GraphQL enum name stands for (null for null: a field without a value). */
export function codeOf<T extends Record<string, string | number>, K extends CodeName<T>>(table: T, name: K): T[K];
export function codeOf<T extends Record<string, string | number>, K extends CodeName<T>>(
  table: T,
  name: K | null | undefined,
): T[K] | null;
export function codeOf<T extends Record<string, string | number>, K extends CodeName<T>>(
  table: T,
  name: K | null | undefined,
): T[K] | null {
  return name === null || name === undefined ? null : table[name];
}
