import { describe, expect, it } from 'vitest';
import { claimedActivityAt, lastActiveAt, REFRESH_REUSE_GRACE_MS, refreshUse } from './session.rules.js';

const now = new Date('2026-11-23T00:30:00Z');
const at = (minutes: number, seconds = 0) => new Date(Date.UTC(2026, 10, 23, 0, minutes, seconds));

describe('claimedActivityAt: what a request or a refresh says of the person', () => {
  it.each([
    ['a request telling 0 s idle', '0', 'request', at(30)],
    ['a request telling 90 s idle', '90', 'request', at(28, 30)],
    ['a refresh telling 90 s idle', '90', 'refresh', at(28, 30)],
    ['a request without the header (an old client): activity now', undefined, 'request', at(30)],
    ['a refresh without the header (a timer): no activity', undefined, 'refresh', null],
    ['a refresh with an unreadable header', 'soon', 'refresh', null],
    ['a request with an unreadable header', '-5', 'request', at(30)],
    ['a repeated header', ['0', '0'], 'refresh', null],
    ['more than a day idle counts as a day', '999999', 'refresh', new Date(now.getTime() - 86_400_000)],
  ] as const)('%s', (_, header, kind, expected) => {
    expect(claimedActivityAt(now, header, kind)).toEqual(expected);
  });
});

describe('lastActiveAt: a claim counts while the session was live, and never moves it back', () => {
  const limit = 20 * 60_000;
  it.each([
    ['no claim', at(0), null, at(0)],
    ['a later claim within the limit', at(0), at(12), at(12)],
    ['a claim exactly at the limit', at(0), at(20), at(20)],
    ['a claim after the session was already over', at(0), at(21), at(0)],
    ['an earlier claim (another tab was active since)', at(10), at(5), at(10)],
  ])('%s', (_, lastSeen, claim, expected) => {
    expect(lastActiveAt(lastSeen, claim, limit)).toEqual(expected);
  });
});

describe('refreshUse: twin refreshes within the grace, replays after it', () => {
  it.each([
    ['an unused token', null, 'first'],
    ['used a moment ago', new Date(now.getTime() - 1_000), 'again-within-grace'],
    ['used at the end of the grace', new Date(now.getTime() - REFRESH_REUSE_GRACE_MS), 'again-within-grace'],
    ['used after the grace', new Date(now.getTime() - REFRESH_REUSE_GRACE_MS - 1), 'replay'],
    ['used "after now" by an instance whose clock is ahead', new Date(now.getTime() + 2_000), 'again-within-grace'],
  ] as const)('%s', (_, usedAt, expected) => {
    expect(refreshUse(usedAt, now)).toBe(expected);
  });
});
