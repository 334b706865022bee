import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache.js';

function cacheAt(ttlMs: number, maxEntries = 10) {
  const time = { now: 1_000 };
  const cache = new SessionCache<string>(ttlMs, maxEntries, () => time.now);
  return { cache, time };
}

describe('SessionCache', () => {
  it.each([
    // [age of the entry in ms, kept?]
    [0, true],
    [4_999, true],
    [5_000, false],
    [60_000, false],
    [-1, false], // a clock that went back: read again
  ])('an entry %i ms old is kept: %s (ttl 5 s)', (age, kept) => {
    const { cache, time } = cacheAt(5_000);
    cache.set('s1', 'row');
    time.now += age;
    expect(cache.get('s1')).toBe(kept ? 'row' : undefined);
  });

  it('keeps nothing when the ttl is 0 (the cache switched off)', () => {
    const { cache } = cacheAt(0);
    cache.set('s1', 'row');
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('forgets an evicted session at once', () => {
    const { cache } = cacheAt(5_000);
    cache.set('s1', 'row');
    cache.evict('s1');
    expect(cache.get('s1')).toBeUndefined();
  });

  it('updates a kept row without making it fresher', () => {
    const { cache, time } = cacheAt(5_000);
    cache.set('s1', 'old');
    time.now += 4_000;
    cache.update('s1', (row) => `${row}+seen`);
    expect(cache.get('s1')).toBe('old+seen');
    time.now += 1_000;
    expect(cache.get('s1')).toBeUndefined();
    cache.update('s2', () => 'never kept');
    expect(cache.get('s2')).toBeUndefined();
  });

  it('asks for a refresh once the row is half its ttl old, once until it is read again', () => {
    const { cache, time } = cacheAt(5_000);
    cache.set('s1', 'old');
    time.now += 2_499;
    expect(cache.claimRefresh('s1')).toBe(false); // fresh enough
    time.now += 1;
    expect(cache.claimRefresh('s1')).toBe(true);
    expect(cache.claimRefresh('s1')).toBe(false); // one read at a time
    const startedAt = cache.time();
    time.now += 100;
    cache.refreshed('s1', (kept) => `${kept}>new`, startedAt);
    expect(cache.get('s1')).toBe('old>new');
    // As fresh as the read's start: kept 5 s from then, not from its end.
    time.now += 4_899;
    expect(cache.get('s1')).toBe('old>new');
    time.now += 1;
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.claimRefresh('s2')).toBe(false); // nothing kept: the request reads it itself
  });

  it('never serves a row past its ttl while a refresh is under way, nor brings back one evicted meanwhile', () => {
    const { cache, time } = cacheAt(5_000);
    cache.set('s1', 'old');
    time.now += 3_000;
    expect(cache.claimRefresh('s1')).toBe(true);
    const startedAt = cache.time();
    time.now += 2_000; // the read is slow: the kept row is too old now
    expect(cache.get('s1')).toBeUndefined();
    cache.refreshed('s1', () => 'new', startedAt);
    expect(cache.get('s1')).toBeUndefined();

    cache.set('s2', 'old');
    time.now += 3_000;
    expect(cache.claimRefresh('s2')).toBe(true);
    cache.evict('s2'); // revoked during the read
    cache.refreshed('s2', () => 'new', cache.time());
    expect(cache.get('s2')).toBeUndefined();
  });

  it('lets a failed refresh be claimed again, the kept row ageing as before', () => {
    const { cache, time } = cacheAt(5_000);
    cache.set('s1', 'old');
    time.now += 3_000;
    expect(cache.claimRefresh('s1')).toBe(true);
    cache.refreshed('s1', undefined, cache.time());
    expect(cache.claimRefresh('s1')).toBe(true);
    time.now += 2_000;
    expect(cache.get('s1')).toBeUndefined();
  });

  it('drops the least recently read entry when full', () => {
    const { cache } = cacheAt(5_000, 2);
    cache.set('a', '1');
    cache.set('b', '2');
    cache.set('a', '1'); // read again: now the newest
    cache.set('c', '3');
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual(['1', undefined, '3']);
  });
});
