import { describe, expect, it } from 'vitest';
import { socketVerdict, type SocketVerdict } from './socket-session.js';

describe('socketVerdict: may a subscription socket deliver now', () => {
  const base = { now: 50_000, ended: false, tokenExpiresAt: 100_000, liveByLastRead: true, checkedAt: 45_000 };
  const cases: [string, Partial<typeof base>, SocketVerdict][] = [
    ['a live session read moments ago: no database read', {}, 'live'],
    ['once ended (logout news, a failed read), for good', { ended: true }, 'ended'],
    ['ended wins over an expired token', { ended: true, now: 200_000 }, 'ended'],
    ['the token expires at its exact second', { now: 100_000 }, 'token-expired'],
    ['an expired token needs no read', { now: 100_001, checkedAt: 0 }, 'token-expired'],
    ['a read just under the interval old is still good', { checkedAt: 40_001 }, 'live'],
    ['a read the interval old is read again', { checkedAt: 40_000 }, 'recheck'],
    [
      'over by its last read (inactivity, absolute end): read again before closing',
      { liveByLastRead: false },
      'recheck',
    ],
    ['a clock that went back: read again', { checkedAt: 60_000 }, 'recheck'],
  ];
  it.each(cases)('%s', (_name, change, expected) => {
    expect(socketVerdict({ ...base, recheckMs: 10_000, ...change })).toBe(expected);
  });
});
