import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { ADD_PRELOAD, AFTER_FIRST_PAINT } from './first-paint';

/**
 * The lazy modules a page's route loads before it renders (client/src/app/router.tsx), by the page's path: the
 * screens and the route loader's own module. Keep beside the router's routes when a route moves (the build fails
 * when a module named here is in no chunk).
 */
export const ROUTE_PRELOADS: readonly { path: RegExp; modules: readonly string[] }[] = [
  { path: /^\/$/, modules: ['src/features/login/LoginPage.tsx'] },
  {
    path: /^\/member\/\d+\/account\/\d+\/overview\/?$/i,
    modules: [
      'src/features/member/MemberLayout.tsx',
      'src/features/overview/OverviewScreen.tsx',
      'src/features/overview/overview-loader.ts',
    ],
  },
  { path: /^\/member\/\d+\/account\/\d+(\/|$)/i, modules: ['src/features/member/MemberLayout.tsx'] },
];

/** The script's name in the build (`assets/route-preload-<hash>.js`). */
const NAME = 'route-preload.js';

function isChunk(item: OutputBundle[string] | undefined): item is OutputChunk {
  return item?.type === 'chunk';
}

/** A chunk's file and every file it imports statically, recursively, but those in `skip`. */
function staticClosure(bundle: OutputBundle, fileName: string, skip: ReadonlySet<string>, into: Set<string>): void {
  if (skip.has(fileName) || into.has(fileName)) return;
  const chunk = bundle[fileName];
  if (!isChunk(chunk)) return;
  into.add(fileName);
  for (const imported of chunk.imports) staticClosure(bundle, imported, skip, into);
}

/**
 * The script index.html loads first (classic and async, so it waits for nothing and holds nothing up): it names
 * the chunks of the page's route as `modulepreload` links, so the browser fetches them beside the entry's vendor
 * chunks instead of one round trip after the entry has run (issue 23 item 1; Lighthouse's slow 4G: 150 ms a trip).
 * On a page painted before its scripts (`data-first-paint` on its `<html>`, client/build/first-paint.ts) they are
 * asked for once it is painted, with its own scripts.
 */
export function routePreloadScript(routes: readonly { path: RegExp; files: readonly string[] }[]): string {
  const table = routes.map(({ path, files }) => `[${String(path)},${JSON.stringify(files.map((f) => `/${f}`))}]`);
  return `(function(){var p=location.pathname,r=[${table.join(',')}];function add(){for(var i=0;i<r.length;i++){if(!r[i][0].test(p))continue;r[i][1].forEach(${ADD_PRELOAD});return}}if(document.documentElement.hasAttribute("data-first-paint"))(${AFTER_FIRST_PAINT})(add);else add()})();\n`;
}

/** The Vite plugin: writes the script from the build's chunks and names it in index.html's head. */
export function routePreload(): Plugin {
  return {
    name: 'billsmoothing:route-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(isChunk);
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('route-preload: the build has no entry chunk.');
      // The entry and its static imports are index.html's already.
      const inHtml = new Set<string>();
      staticClosure(bundle, entry.fileName, new Set(), inHtml);
      const routes = ROUTE_PRELOADS.map(({ path, modules }) => {
        const files = new Set<string>();
        for (const module of modules) {
          // Its own chunk, or the chunk a group of vite.config.ts put it in (route-login, route-overview).
          const isModule = (id: string | null) => id?.replaceAll('\\', '/').endsWith(`/client/${module}`) ?? false;
          const chunk =
            chunks.find((c) => isModule(c.facadeModuleId)) ?? chunks.find((c) => c.moduleIds.some(isModule));
          if (!chunk) throw new Error(`route-preload: ${module} is in no chunk: has the route moved?`);
          staticClosure(bundle, chunk.fileName, inHtml, files);
        }
        return { path, files: [...files] };
      });
      const reference = this.emitFile({ type: 'asset', name: NAME, source: routePreloadScript(routes) });
      const html = bundle['index.html'];
      if (html?.type !== 'asset' || typeof html.source !== 'string')
        throw new Error('route-preload: the build has no index.html to name the script in.');
      const tag = `<script async src="/${this.getFileName(reference)}"></script>`;
      html.source = html.source.replace(/(\s*)<script type="module"/, `$1${tag}$1<script type="module"`);
    },
  };
}
