// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createActivityClock, idleHeader, watchPersonActivity } from './activity';

describe('the person’s activity in this tab', () => {
  it('counts idle seconds from the page’s opening, then from each action of the person', () => {
    let now = 1_000_000;
    const clock = createActivityClock(() => now);
    now += 90_500;
    expect(idleHeader(clock)).toEqual({ 'X-Idle-Seconds': '90' });
    const stop = watchPersonActivity(window, clock);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    now += 2_000;
    expect(clock.idleSeconds()).toBe(2);
    window.dispatchEvent(new Event('pointerdown'));
    expect(clock.idleSeconds()).toBe(0);
    stop();
    now += 5_000;
    window.dispatchEvent(new Event('pointerdown'));
    expect(clock.idleSeconds()).toBe(5);
  });

  it('ignores what no person did: timers, focus, visibility, the mouse passing over', () => {
    let now = 0;
    const clock = createActivityClock(() => now);
    const stop = watchPersonActivity(window, clock);
    now += 60_000;
    for (const type of ['focus', 'visibilitychange', 'mousemove', 'scroll', 'message']) {
      window.dispatchEvent(new Event(type));
    }
    expect(clock.idleSeconds()).toBe(60);
    stop();
  });
});
