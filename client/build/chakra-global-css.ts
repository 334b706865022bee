import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** Chakra's system module, where `createSystem` builds the global CSS (checked: @chakra-ui/react 3.37). */
const SYSTEM_MODULE = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const EAGER_GLOBAL = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const GLOBAL_FIELD = /^(\s*)_global,$/m;

/**
 * Chakra's global CSS (the reset, the theme's global styles and every token's CSS variable) written once, at build
 * time, into index.html's head, instead of built and serialised by every page load: `createSystem` made it and the
 * provider's emotion `<Global>` serialised and inserted it, about 0.4 s of main thread at Lighthouse's 4× slower CPU
 * on the login page (issue 23 item 1; the app renders with `appSystem`, whose `_global` is empty).
 *
 * The CSS is the one emotion inserts: the system of client/src/app/theme.ts (loaded through Vite's module runner),
 * its layer order and `_global` serialised by emotion's own cache (its server build answers the rules as text).
 * In the build, Chakra's `createSystem` leaves `_global` to first use (a getter), so the browser never builds it.
 */
export function chakraGlobalCss(): Plugin {
  let css: Promise<string> | undefined;
  return {
    name: 'chakra-global-css',
    transform(code, id) {
      if (!SYSTEM_MODULE.test(id)) return null;
      if (!code.includes(EAGER_GLOBAL) || !GLOBAL_FIELD.test(code))
        throw new Error(`chakra-global-css: ${id} no longer builds _global as expected; check the plugin.`);
      return code
        .replace(EAGER_GLOBAL, 'let _globalCss;')
        .replace(
          GLOBAL_FIELD,
          '$1get _global() {$1  return (_globalCss ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]);$1},',
        );
    },
    async transformIndexHtml() {
      css ??= buildGlobalCss();
      return [{ tag: 'style', attrs: { 'data-chakra-global': '' }, children: await css, injectTo: 'head' }];
    },
  };
}

async function buildGlobalCss(): Promise<string> {
  const { runnerImport } = await import('vite');
  const theme = fileURLToPath(new URL('../src/app/theme.ts', import.meta.url));
  const { module } = await runnerImport<typeof import('../src/app/theme')>(theme, { configFile: false });
  const { default: createCache } = await import('@emotion/cache');
  const { serializeStyles } = await import('@emotion/serialize');
  const { system } = module;
  const cache = createCache({ key: 'css' });
  const serialized = serializeStyles([[system.layers.atRule, system._global]]);
  const rules = cache.insert('', serialized, cache.sheet, false);
  if (typeof rules !== 'string' || rules.length === 0) throw new Error('chakra-global-css: emotion gave no CSS.');
  return rules;
}
