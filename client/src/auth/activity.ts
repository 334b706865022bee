/**
 * The person's own activity in this tab (issue 21 item 6): only their actions keep a session alive, never the
 * tab's timers. Every request and token renewal tells the server how long the person has been idle here
 * (`X-Idle-Seconds`, read by the server's session.rules.ts); the server keeps the latest activity of all tabs.
 */

export const IDLE_SECONDS_HEADER = 'X-Idle-Seconds';

/** What a person does: a key, a click or tap, a touch, a scroll with the wheel. Timers cause none of these. */
const PERSON_EVENTS = ['keydown', 'pointerdown', 'touchstart', 'wheel'] as const;

export interface ActivityClock {
  /** Whole seconds since the person last acted in this tab (opening the page counts). */
  idleSeconds(): number;
  /** Records an action now (the listeners call it). */
  acted(): void;
}

export function createActivityClock(now: () => number = Date.now): ActivityClock {
  let last = now();
  return {
    idleSeconds: () => Math.max(0, Math.floor((now() - last) / 1000)),
    acted: () => {
      last = now();
    },
  };
}

/** Listens for the person's actions on a window; returns a stop function. */
export function watchPersonActivity(target: Window, clock: ActivityClock): () => void {
  const listener = () => clock.acted();
  const options = { capture: true, passive: true } as const;
  for (const type of PERSON_EVENTS) target.addEventListener(type, listener, options);
  return () => {
    for (const type of PERSON_EVENTS) target.removeEventListener(type, listener, options);
  };
}

export const personActivity = createActivityClock();

/** The header to send with a request or renewal. */
export function idleHeader(clock: ActivityClock = personActivity): Record<string, string> {
  return { [IDLE_SECONDS_HEADER]: String(clock.idleSeconds()) };
}
