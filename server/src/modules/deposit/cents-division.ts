/**
 * Integer division for cents. `a / b` is a float: for large amounts it can land on the wrong side of a
 * whole number, so the quotient is nudged back to the exact one.
 */
export function floorDiv(a: number, b: number): number {
  if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b) || b <= 0) {
    throw new RangeError(`floorDiv needs safe integers and a positive divisor: ${a} / ${b}`);
  }
  let q = Math.floor(a / b);
  while (q * b > a) q -= 1;
  while ((q + 1) * b <= a) q += 1;
  return q + 0; // no negative zero
}

export function ceilDiv(a: number, b: number): number {
  return 0 - floorDiv(-a, b);
}
