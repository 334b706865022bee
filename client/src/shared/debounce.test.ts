// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce } from './debounce';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('debounce with a maximum wait', () => {
  it('runs once, wait ms after the last call, with the last arguments', () => {
    const fn = vi.fn();
    const debounced = debounce(fn, 500, 1000);
    debounced(1);
    vi.advanceTimersByTime(300);
    debounced(2);
    vi.advanceTimersByTime(499);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith(2);
  });

  it('never waits longer than maxWait during a steady stream of calls', () => {
    const fn = vi.fn();
    const debounced = debounce(fn, 500, 1000);
    for (let elapsed = 0; elapsed < 2500; elapsed += 100) {
      debounced(elapsed);
      vi.advanceTimersByTime(100);
    }
    // Flushed at 1000 ms and 2000 ms although a call came every 100 ms.
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(500);
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('can be cancelled', () => {
    const fn = vi.fn();
    const debounced = debounce(fn, 500, 1000);
    debounced();
    debounced.cancel();
    vi.advanceTimersByTime(2000);
    expect(fn).not.toHaveBeenCalled();
  });
});
