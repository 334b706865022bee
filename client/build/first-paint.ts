import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** The page the server sends for `/` (server/src/serve-client.ts): index.html with the login page in it. */
export const LOGIN_PAGE_FILE = 'login.html';

const ROOT = '<div id="root"></div>';
/** The app's entry as Vite names it in index.html. */
const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
/** A chunk's preload as Vite names it in index.html. */
const PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;
/** The script that starts the app after the first paint (`assets/first-paint-start-<hash>.js`). */
const START_NAME = 'first-paint-start.js';

/**
 * JavaScript (an expression) for a function calling its argument once, after the page is parsed and painted: after
 * DOMContentLoaded, an animation frame and a task. A tab nobody sees paints nothing: it runs at once; a frame that never
 * comes (the tab hidden meanwhile) holds it a second at most. route-preload.ts uses it too.
 */
export const AFTER_FIRST_PAINT =
  'function(run){var s=0;function go(){if(s)return;s=1;run()}function painted(){if(document.visibilityState!=="visible")return go();requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,1000)}if(document.readyState==="loading")document.addEventListener("DOMContentLoaded",painted);else painted()}';

/**
 * JavaScript (an expression) for a function adding a `modulepreload` link for a script's address, in CORS mode as
 * Vite's own (the module scripts are fetched so; the preload must match). route-preload.ts uses it too.
 */
export const ADD_PRELOAD =
  'function(f){var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=f;document.head.appendChild(l)}';

/**
 * The script login.html starts the app with, instead of naming the entry and its chunks in the page: once the page is
 * parsed and painted (`AFTER_FIRST_PAINT`), it adds their `modulepreload` links and the entry's module script. Named in
 * the page, the module script ran as soon as the page was parsed, before the browser had painted it, and the scripts
 * downloaded before the first paint counted in Lighthouse's simulation of a slow phone as holding it up (2.4 s instead
 * of 0.7 s), though the page needs none of them to show.
 */
export function firstPaintStartScript(entrySrc: string, preloads: readonly string[]): string {
  const entry = `var e=document.createElement("script");e.type="module";e.crossOrigin="";e.src=${JSON.stringify(entrySrc)};document.head.appendChild(e)`;
  return `(${AFTER_FIRST_PAINT})(function(){${JSON.stringify(preloads)}.forEach(${ADD_PRELOAD});${entry}});\n`;
}

/** The app's scripts as Vite names them in index.html's head: the entry's module script and its chunks' preloads. */
export function appScripts(indexHtml: string): { entry: string; preloads: string[] } {
  const entry = ENTRY.exec(indexHtml);
  const headEnd = indexHtml.indexOf('</head>');
  if (!entry || headEnd < 0 || entry.index > headEnd)
    throw new Error('first-paint: index.html names no entry module in its head.');
  const preloads = [...indexHtml.slice(0, headEnd).matchAll(PRELOAD)].map((match) => match[1]);
  return { entry: entry[1], preloads };
}

/** A `<style>` element emotion wrote beside an element of the rendered page (its server render does that). */
const STYLE = /<style data-emotion="([^"]*)">([^<]*)<\/style>/g;

/**
 * The rendered page's styles out of its body, into one `<style>` at the end of the head (each `Global`'s apart, as
 * emotion's client looks for them by name): the browser styles the page once instead of once per element, and
 * emotion's client cache finds the rules' names in `data-emotion` and does not insert them again.
 */
export function hoistStyles(markup: string): { markup: string; head: string } {
  const names: string[] = [];
  const rules: string[] = [];
  const globals: string[] = [];
  const body = markup.replace(STYLE, (tag, attribute: string, css: string) => {
    const [key, ...ids] = attribute.split(' ');
    if (key === 'css') {
      names.push(...ids);
      rules.push(css);
    } else globals.push(tag);
    return '';
  });
  if (body.includes('<style')) throw new Error('first-paint: the rendered page has a style emotion did not name.');
  const head = [
    ...globals,
    names.length ? `<style data-emotion="css ${names.join(' ')}">${rules.join('')}</style>` : '',
  ];
  return { markup: body, head: head.join('') };
}

/**
 * The rendered page made still, for the moment before the scripts run: its inputs read-only, its submit buttons plain
 * buttons (so no keyboard submits the form natively, its fields in the address bar), pointer events off (a click
 * would go nowhere). Not `inert`: Chrome does not count an inert element as the page's largest paint.
 */
export function stillPage(markup: string): string {
  const inputs = markup.match(/<(input|textarea)\b/g)?.length ?? 0;
  const still = markup
    .replace(/<(input|textarea)\b/g, '<$1 readonly=""')
    .replaceAll(' type="submit"', ' type="button"');
  if ((still.match(/ readonly=""/g)?.length ?? 0) !== inputs || still.includes('type="submit"'))
    throw new Error('first-paint: could not make every field of the rendered page read-only.');
  return still;
}

/**
 * index.html with `markup` (the login page rendered ahead of time) in its root: it is painted as soon as the HTML
 * arrives, before any script, still (`stillPage`), and the app's first render replaces it (`createRoot` empties the
 * root) with the same page, live. Its styles go in the head (`hoistStyles`); its scripts are asked for once it is
 * painted (the start script at `startSrc`, `firstPaintStartScript`), as are the route's (route-preload.ts, told by
 * `data-first-paint` on the page's `<html>`).
 */
export function withFirstPaint(indexHtml: string, markup: string, startSrc: string): string {
  const at = indexHtml.indexOf(ROOT);
  if (at < 0 || indexHtml.indexOf(ROOT, at + 1) >= 0)
    throw new Error(`first-paint: index.html must hold exactly one empty ${ROOT}.`);
  if (!markup.includes('<main')) throw new Error('first-paint: the rendered page has no <main>.');
  appScripts(indexHtml);
  const headEnd = indexHtml.indexOf('</head>');
  if (headEnd > at || !/<html[ >]/.test(indexHtml))
    throw new Error('first-paint: index.html has no head before its root.');
  const styled = hoistStyles(markup);
  const held = `<div id="root"><div data-first-paint aria-busy="true" style="display:contents;pointer-events:none">${stillPage(styled.markup)}</div></div>`;
  const head = indexHtml
    .slice(0, headEnd)
    .replace(/<html([ >])/, '<html data-first-paint$1')
    .replace(PRELOAD, '')
    .replace(ENTRY, `<script async src="${startSrc}"></script>`)
    .replace(/\n\s*\n/g, '\n');
  return head + styled.head + indexHtml.slice(headEnd, at) + held + indexHtml.slice(at + ROOT.length);
}

async function renderLogin(): Promise<string> {
  const { runnerImport } = await import('vite');
  const entry = fileURLToPath(new URL('../src/app/first-paint-pages.tsx', import.meta.url));
  const { module } = await runnerImport<typeof import('../src/app/first-paint-pages')>(entry, {
    configFile: false,
    resolve: { alias: { '@shared': fileURLToPath(new URL('../../server/src/shared', import.meta.url)) } },
  });
  return module.renderLoginFirstPaint();
}

/**
 * The login page painted from its HTML, without waiting for the scripts (issue 23 item 1; on Lighthouse's slow 4G the
 * scripts take about 1.5 s to arrive and run): the build renders the page's frame and form
 * (client/src/app/first-paint-pages.tsx) into a copy of index.html, `login.html`, which the server sends for `/`.
 * Runs after route-preload, so the copy names the same preloads. Not the other pages: a frame with "Loading…" painted
 * early on the member overview made its first paint 1.5 s earlier and its blocking time three times longer (the
 * scripts' start-up then counts as blocking a painted page), a worse page in Lighthouse's sum (69 against 75–80).
 */
export function firstPaint(): Plugin {
  return {
    name: 'billsmoothing:first-paint',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset' || typeof html.source !== 'string')
        throw new Error('first-paint: the build has no index.html to copy.');
      const { entry, preloads } = appScripts(html.source);
      const start = this.emitFile({ type: 'asset', name: START_NAME, source: firstPaintStartScript(entry, preloads) });
      const page = withFirstPaint(html.source, await renderLogin(), `/${this.getFileName(start)}`);
      this.emitFile({ type: 'asset', fileName: LOGIN_PAGE_FILE, source: page });
    },
  };
}
