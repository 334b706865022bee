import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { appScripts, firstPaintStartScript, hoistStyles, stillPage, withFirstPaint } from './first-paint';

const ENTRY = '<script type="module" crossorigin src="/assets/index-A1.js"></script>';
const INDEX = `<!doctype html>
<html lang="en-AU">
  <head>
    <style data-chakra-global="">:root{--x:1}</style>
    ${ENTRY}
    <link rel="modulepreload" crossorigin href="/assets/vendor-react-B2.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
const MARKUP =
  '<style data-emotion="css-global 0"></style><style data-emotion="css a1">.css-a1{color:red}</style><header class="css-a1">Bank</header>' +
  '<main><style data-emotion="css b2 c3">.css-b2{margin:0}.css-c3{padding:0}</style><form class="css-b2"><input class="css-c3" name="username"/>' +
  '<input type="password" name="password"/><button type="submit" class="css-b2">Log in</button></form></main>';

describe("the login page's first paint", () => {
  it("moves emotion's styles into one tag for the head, each Global's apart, named so emotion does not insert them again", () => {
    const { markup, head } = hoistStyles(MARKUP);
    expect(markup).not.toContain('<style');
    expect(markup).toContain('<header class="css-a1">Bank</header><main><form class="css-b2">');
    expect(head).toBe(
      '<style data-emotion="css-global 0"></style>' +
        '<style data-emotion="css a1 b2 c3">.css-a1{color:red}.css-b2{margin:0}.css-c3{padding:0}</style>',
    );
  });

  it('refuses a style emotion did not name', () => {
    expect(() => hoistStyles('<style>p{}</style><main></main>')).toThrow(/did not name/);
  });

  it('makes the page still: fields read-only, no submit button, so nothing typed or pressed before the app runs goes anywhere', () => {
    const still = stillPage(hoistStyles(MARKUP).markup);
    expect(still.match(/<input readonly=""/g)).toHaveLength(2);
    expect(still).not.toContain('type="submit"');
    expect(still).toContain('<button type="button" class="css-b2">Log in</button>');
  });

  it("reads the app's entry and its chunks' preloads from index.html's head", () => {
    expect(appScripts(INDEX)).toEqual({ entry: '/assets/index-A1.js', preloads: ['/assets/vendor-react-B2.js'] });
  });

  it('writes the page into the root and its styles at the end of the head; its scripts are left to the start script', () => {
    const page = withFirstPaint(INDEX, MARKUP, '/assets/first-paint-start-C3.js');
    expect(page).toContain('<html data-first-paint lang="en-AU">');
    expect(page).not.toContain(ENTRY);
    expect(page).not.toContain('modulepreload');
    expect(page).toContain('<script async src="/assets/first-paint-start-C3.js"></script>');
    expect(page.indexOf('<style data-emotion="css a1 b2 c3">')).toBeGreaterThan(page.indexOf('data-chakra-global'));
    expect(page.indexOf('<style data-emotion="css a1 b2 c3">')).toBeLessThan(page.indexOf('</head>'));
    expect(page).toMatch(
      /<div id="root"><div data-first-paint aria-busy="true" style="display:contents;pointer-events:none"><header class="css-a1">Bank<\/header><main>.*<\/main><\/div><\/div>/,
    );
    expect(page.match(/<style/g)).toHaveLength(3);
  });

  it.each([
    ['no root', INDEX.replace('<div id="root"></div>', ''), MARKUP, /exactly one empty/],
    ['no entry', INDEX.replace(ENTRY, ''), MARKUP, /no entry module/],
    ['a page without a main', INDEX, '<p>Log in</p>', /no <main>/],
  ])('fails the build on %s', (_case, index, markup, error) => {
    expect(() => withFirstPaint(index, markup, '/assets/s.js')).toThrow(error);
  });
});

/** What the start script adds to the head: the chunks' preloads, then the entry. */
const STARTED = [
  { rel: 'modulepreload', href: '/assets/vendor-react-B2.js', crossOrigin: '' },
  { type: 'module', src: '/assets/index-A1.js', crossOrigin: '' },
];

/** Runs the start script in a fake page and answers what it did, step by step. */
function startScript(state: { readyState: string; visibilityState: string }) {
  const added: { type?: string; src?: string; rel?: string; href?: string; crossOrigin: string | null }[] = [];
  const listeners: Record<string, () => void> = {};
  const frames: (() => void)[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const document = {
    ...state,
    createElement: (tag: string) =>
      tag === 'link' ? { rel: '', href: '', crossOrigin: null } : { type: '', src: '', crossOrigin: null },
    head: { appendChild: (element: (typeof added)[number]) => added.push(element) },
    addEventListener: (event: string, listener: () => void) => (listeners[event] = listener),
  };
  runInNewContext(firstPaintStartScript('/assets/index-A1.js', ['/assets/vendor-react-B2.js']), {
    document,
    requestAnimationFrame: (run: () => void) => frames.push(run),
    setTimeout: (run: () => void, ms: number) => timers.push({ run, ms }),
  });
  return { added, listeners, frames, timers };
}

describe("the first paint's start script", () => {
  it("adds the chunks' preloads and the entry after the page is parsed, a frame and a task: after the first paint, once", () => {
    const page = startScript({ readyState: 'loading', visibilityState: 'visible' });
    expect(page.added).toEqual([]);
    page.listeners.DOMContentLoaded();
    expect(page.added).toEqual([]);
    page.frames.shift()!();
    expect(page.added).toEqual([]);
    const afterFrame = page.timers.find((timer) => timer.ms === 0)!;
    afterFrame.run();
    expect(page.added).toEqual(STARTED);
    // The second's fallback finds it started.
    page.timers.find((timer) => timer.ms === 1000)!.run();
    expect(page.added).toHaveLength(2);
  });

  it('starts after a second at most when no frame comes', () => {
    const page = startScript({ readyState: 'interactive', visibilityState: 'visible' });
    expect(page.added).toEqual([]);
    page.timers.find((timer) => timer.ms === 1000)!.run();
    expect(page.added).toEqual(STARTED);
  });

  it('starts at once in a tab nobody sees (it paints nothing)', () => {
    const page = startScript({ readyState: 'complete', visibilityState: 'hidden' });
    expect(page.added).toEqual(STARTED);
    expect(page.frames).toEqual([]);
  });
});
