import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ROUTE_PRELOADS, routePreloadScript } from './route-preload';

/** Runs the script as a browser would at `pathname` and answers the links it added to the head. */
function preloadsAt(pathname: string, routes: Parameters<typeof routePreloadScript>[0], firstPaint = false) {
  const added: { rel: string; href: string; crossOrigin: string | null }[] = [];
  const listeners: Record<string, () => void> = {};
  const document = {
    readyState: 'loading',
    visibilityState: 'visible',
    addEventListener: (event: string, listener: () => void) => (listeners[event] = listener),
    documentElement: { hasAttribute: (name: string) => firstPaint && name === 'data-first-paint' },
    createElement: () => ({ rel: '', href: '', crossOrigin: null }),
    head: { appendChild: (link: (typeof added)[number]) => added.push(link) },
  };
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  runInNewContext(routePreloadScript(routes), {
    location: { pathname },
    document,
    requestAnimationFrame: (run: () => void) => frames.push(run),
    setTimeout: (run: () => void) => timers.push(run),
  });
  /** The page parsed, then painted (a frame, then a task). */
  const paint = () => {
    listeners.DOMContentLoaded?.();
    frames.shift()?.();
    timers.shift()?.();
  };
  return Object.assign(added, { paint });
}

const routes = [
  { path: /^\/$/, files: ['assets/Login-1.js', 'assets/form-2.js'] },
  { path: /^\/member\/\d+\/account\/\d+\/overview\/?$/i, files: ['assets/Overview-3.js'] },
  { path: /^\/member\/\d+\/account\/\d+(\/|$)/i, files: ['assets/Layout-4.js'] },
];

describe('the route preload script', () => {
  it.each([
    ['/', ['/assets/Login-1.js', '/assets/form-2.js']],
    ['/member/1/account/2/overview', ['/assets/Overview-3.js']],
    ['/Member/1/Account/2/Overview/', ['/assets/Overview-3.js']],
    ['/member/1/account/2/paybill', ['/assets/Layout-4.js']],
    ['/help', []],
    ['/member/1/accounts', []],
  ])('at %s names %j as module preloads (the first matching route only)', (pathname, files) => {
    const links = preloadsAt(pathname, routes);
    expect(links.map((link) => link.href)).toEqual(files);
    for (const link of links) {
      expect(link.rel).toBe('modulepreload');
      // As Vite's own modulepreload links: the module scripts are fetched in CORS mode, the preload must match.
      expect(link.crossOrigin).toBe('');
    }
  });

  it('asks for them once the page is painted on a page painted before its scripts (login.html, first-paint.ts)', () => {
    const links = preloadsAt('/', routes, true);
    expect(links).toHaveLength(0);
    links.paint();
    expect(links.map((link) => link.href)).toEqual(['/assets/Login-1.js', '/assets/form-2.js']);
  });

  it('knows the login page and the member overview', () => {
    expect(ROUTE_PRELOADS.find((route) => route.path.test('/'))?.modules).toEqual(['src/features/login/LoginPage.tsx']);
    expect(ROUTE_PRELOADS.find((route) => route.path.test('/member/7/account/9/overview'))?.modules).toContain(
      'src/features/overview/OverviewScreen.tsx',
    );
  });
});
