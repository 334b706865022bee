import { useEffect, useState } from 'react';

/** The value as it was `wait` ms after it last changed (compared by JSON, so a new equal object is no change). */
export function useDebouncedValue<T>(value: T, wait: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), wait);
    return () => clearTimeout(timer);
    // The key stands for the value: an equal value rebuilt on every render does not restart the wait.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, wait]);
  return settled;
}
