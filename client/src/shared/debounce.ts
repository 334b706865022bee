export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  cancel(): void;
}

/**
 * Trailing debounce with a maximum wait: `fn` runs `wait` ms after the last call, but never later than `maxWait` ms
 * after the first call of a burst.
 */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, wait: number, maxWait: number): Debounced<A> {
  let waitTimer: ReturnType<typeof setTimeout> | undefined;
  let maxTimer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;

  const cancel = () => {
    clearTimeout(waitTimer);
    clearTimeout(maxTimer);
    waitTimer = undefined;
    maxTimer = undefined;
    pending = undefined;
  };
  const flush = () => {
    const args = pending;
    cancel();
    if (args) fn(...args);
  };
  const debounced = (...args: A) => {
    pending = args;
    clearTimeout(waitTimer);
    waitTimer = setTimeout(flush, wait);
    maxTimer ??= setTimeout(flush, maxWait);
  };
  return Object.assign(debounced, { cancel });
}
