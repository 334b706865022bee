import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** The page the server sends for `/` (server/src/serve-client.ts): index.html with the login page in it. */
export const LOGIN_PAGE_FILE = 'login.html';

const ROOT = '<div id="root"></div>';
/** The app's entry as Vite names it in index.html. */
const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
/** The script that starts the app after the first paint (`assets/first-paint-start-<hash>.js`). */
const START_NAME = 'first-paint-start.js';

/**
 * The script login.html starts the app with, instead of naming the entry as a module script: once the page is parsed
 * and painted (after DOMContentLoaded, an animation frame and a task), it adds the entry's module script. A module
 * script named in the page runs as soon as the page is parsed, before the browser has painted the page, so the first
 * paint would show only what was parsed by then and the app's render would be the largest paint; the entry and its
 * vendor chunks are still fetched at once (modulepreload). A tab nobody sees paints nothing: it starts at once; a
 * frame that never comes (the tab hidden meanwhile) holds it a second at most.
 */
export function firstPaintStartScript(entrySrc: string): string {
  return `(function(){var s=0;function go(){if(s)return;s=1;var e=document.createElement("script");e.type="module";e.crossOrigin="";e.src=${JSON.stringify(entrySrc)};document.head.appendChild(e)}function painted(){if(document.visibilityState!=="visible")return go();requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,1000)}if(document.readyState==="loading")document.addEventListener("DOMContentLoaded",painted);else painted()})();\n`;
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
 * The page's scripts asked for at low priority, and the page marked (`data-first-paint` on its `<html>`) so that the
 * route's preloads (route-preload.ts) are too: the first paint needs none of them, and a script fetched at high
 * priority counts as holding up the first paint in Lighthouse's simulation of a slow phone, whether it did or not.
 */
export function lowPriorityScripts(page: string): string {
  const links = page.match(/<link rel="modulepreload"/g)?.length ?? 0;
  if (links === 0 || !/<html[ >]/.test(page)) throw new Error('first-paint: index.html has no scripts to preload.');
  return page
    .replace(/<html([ >])/, '<html data-first-paint$1')
    .replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');
}

/**
 * index.html with `markup` (the login page rendered ahead of time) in its root: it is painted as soon as the HTML
 * arrives, before any script, still (`stillPage`), and the app's first render replaces it (`createRoot` empties the
 * root) with the same page, live. Its styles go in the head (`hoistStyles`).
 */
export function withFirstPaint(indexHtml: string, markup: string, startSrc: string): string {
  const at = indexHtml.indexOf(ROOT);
  if (at < 0 || indexHtml.indexOf(ROOT, at + 1) >= 0)
    throw new Error(`first-paint: index.html must hold exactly one empty ${ROOT}.`);
  if (!markup.includes('<main')) throw new Error('first-paint: the rendered page has no <main>.');
  const headEnd = indexHtml.indexOf('</head>');
  if (headEnd < 0 || headEnd > at) throw new Error('first-paint: index.html has no head before its root.');
  const entry = ENTRY.exec(indexHtml);
  if (!entry || entry.index > headEnd) throw new Error('first-paint: index.html names no entry module in its head.');
  const styled = hoistStyles(markup);
  const held = `<div id="root"><div data-first-paint aria-busy="true" style="display:contents;pointer-events:none">${stillPage(styled.markup)}</div></div>`;
  const start = `<link rel="modulepreload" crossorigin href="${entry[1]}">\n    <script async src="${startSrc}"></script>`;
  const head = indexHtml.slice(0, entry.index) + start + indexHtml.slice(entry.index + entry[0].length, headEnd);
  const page = head + styled.head + indexHtml.slice(headEnd, at) + held + indexHtml.slice(at + ROOT.length);
  return lowPriorityScripts(page);
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
      const entry = ENTRY.exec(html.source);
      if (!entry) throw new Error('first-paint: index.html names no entry module.');
      const start = this.emitFile({ type: 'asset', name: START_NAME, source: firstPaintStartScript(entry[1]) });
      const page = withFirstPaint(html.source, await renderLogin(), `/${this.getFileName(start)}`);
      this.emitFile({ type: 'asset', fileName: LOGIN_PAGE_FILE, source: page });
    },
  };
}
