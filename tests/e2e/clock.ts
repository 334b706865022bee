import type { Browser, BrowserContext } from '@playwright/test';
import { DEFAULT_TIME_ZONE, runningClock, startOfRunOn, type Clock } from '../../server/src/shared/clock.js';
import { formatDisplayDate, parseLocalDate, todayIn, type LocalDate } from '../../server/src/shared/local-date.js';

/**
 * The browser tests' day. The server (serve.ts), its demo data and every browser context run on one clock that starts
 * at 10:00 in Sydney on E2E_TODAY (YYYY-MM-DD) and then runs as the wall clock does; the demo data follows that
 * clock. The default is a fixed day so the suite sees the same demo data on any calendar day; set E2E_TODAY to run it
 * on another one (the tests derive every date they expect from this clock and the data, never a literal date).
 */
export const DEFAULT_E2E_TODAY = '2026-11-23';

export function e2eToday(): LocalDate {
  return parseLocalDate(process.env.E2E_TODAY || DEFAULT_E2E_TODAY);
}

/**
 * The wall-clock instant the run's clock started at. playwright.config.ts sets it once; the server and the test workers
 * inherit it, so their clocks agree to the millisecond.
 */
export function e2eClockOrigin(): number {
  const origin = Number(process.env.E2E_CLOCK_ORIGIN);
  if (!Number.isFinite(origin) || origin <= 0) throw new Error('E2E_CLOCK_ORIGIN is not set (playwright.config.ts)');
  return origin;
}

export function e2eClock(): Clock {
  return runningClock(startOfRunOn(e2eToday(), DEFAULT_TIME_ZONE), DEFAULT_TIME_ZONE, e2eClockOrigin());
}

/** Now on the run's clock, in seconds (token expiries). */
export function e2eNowSeconds(): number {
  return Math.floor(e2eClock().now().getTime() / 1000);
}

/** The institution's today on the run's clock (the server's today). */
export function institutionToday(): LocalDate {
  return todayIn(DEFAULT_TIME_ZONE, e2eClock().now());
}

/** A date as the screens show it: DD-MM-YYYY. */
export function shown(date: LocalDate): string {
  return formatDisplayDate(date);
}

/** The date a screen shows (DD-MM-YYYY) as YYYY-MM-DD. */
export function fromShown(text: string): LocalDate {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text);
  if (!match) throw new Error(`Not a shown date: ${text}`);
  return parseLocalDate(`${match[3]}-${match[2]}-${match[1]}`);
}

/**
 * The page script that moves the browser's Date (Date.now() and new Date()) onto the run's clock, `offset` ms from the
 * machine's. Only Date: timers, performance and CSS animations keep the real time (Playwright's page.clock fakes those
 * too, which stalls the dialogs' animations). The client reads the institution's today and the session's expiry from it.
 */
function shiftDateScript(offset: number): string {
  return `(() => {
    const RealDate = Date;
    const offset = ${offset};
    class ShiftedDate extends RealDate {
      constructor(...args) {
        if (args.length === 0) super(RealDate.now() + offset);
        else super(...args);
      }
      static now() {
        return RealDate.now() + offset;
      }
    }
    globalThis.Date = ShiftedDate;
  })();`;
}

/** Puts a browser context on the run's clock (the client computes the institution's today from its own Date). */
export async function onRunClock(context: BrowserContext): Promise<BrowserContext> {
  await context.addInitScript({ content: shiftDateScript(e2eClock().now().getTime() - Date.now()) });
  return context;
}

/** A new browser context on the run's clock: use this instead of browser.newContext(). */
export async function newContextOnRunClock(browser: Browser): Promise<BrowserContext> {
  return onRunClock(await browser.newContext());
}
