/**
 * Runs `work` on every item, at most `limit` at a time, in order of start; rejects with the first error after the
 * running ones settle. The day's work is per agreement (each its own transaction and locks), so agreements run side
 * by side on a pool of connections; on the embedded database (one connection) the limit is 1.
 */
export async function forEachConcurrently<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: unknown = null;
  const lane = async () => {
    while (failure === null && next < items.length) {
      const item = items[next++];
      try {
        await work(item);
      } catch (error) {
        failure ??= error;
      }
    }
  };
  // Each lane's work forks its own EntityManager and transaction: one pooled connection per lane, never one shared.
  // eslint-disable-next-line no-restricted-syntax
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  if (failure !== null) throw failure;
}
