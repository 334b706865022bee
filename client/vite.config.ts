import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { chakraGlobalCss } from './build/chakra-global-css';
import { firstPaint } from './build/first-paint';
import { precompress } from './build/precompress';
import { routePreload } from './build/route-preload';

/** The API server the dev server proxies to (`npm run dev` listens on 4000). */
const backend = process.env.BACKEND_URL ?? 'http://localhost:4000';

/**
 * Vendor chunks: keep the big libraries cacheable apart from app code; charts stay a lazy chunk of their own. A
 * vendor group takes only what the first page needs (`$initial`): the parts of a library only lazy screens use
 * (Chakra's tabs, pagination, radio group …) go with those screens' chunks instead of the first load.
 */
const initialVendorGroups = [
  {
    name: 'vendor-react',
    test: /[\\/]node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
  },
  { name: 'vendor-apollo', test: /[\\/]node_modules[\\/](@apollo|graphql|graphql-ws|rxjs|@wry|optimism|tslib)[\\/]/ },
  { name: 'vendor-chakra', test: /[\\/]node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@pandacss)[\\/]/ },
  { name: 'vendor-forms', test: /[\\/]node_modules[\\/](final-form|react-final-form|dayjs)[\\/]/ },
];
/**
 * The measured pages' own code in one chunk each (issue 23 item 1), with everything they import statically that no
 * group above took: the login page's screen, and the member overview's layout, screen and loader. Lighthouse's
 * slow 4G fetches over six connections with a 150 ms trip each, so the overview's 40 small chunks (1-8 KB) cost
 * about eight trips before its first render. The login page's group comes first, so the overview's chunk leaves out
 * what the login page already loaded; other screens importing either chunk's modules load that chunk.
 */
const routeGroups = [
  { name: 'route-login', test: /[\\/]client[\\/]src[\\/]features[\\/]login[\\/]LoginPage\.tsx$/ },
  {
    name: 'route-overview',
    test: /[\\/]client[\\/]src[\\/]features[\\/](member[\\/]MemberLayout\.tsx|overview[\\/](OverviewScreen\.tsx|overview-loader\.ts))$/,
  },
];
const vendorGroups = [
  ...initialVendorGroups.map((group) => ({ ...group, tags: ['$initial' as const] })),
  { name: 'vendor-charts', test: /[\\/]node_modules[\\/](apexcharts|react-apexcharts)[\\/]/ },
  // The app's own first-load code, so that the route groups below leave it where it is.
  { name: 'app', tags: ['$initial' as const] },
  ...routeGroups,
];

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), chakraGlobalCss(), routePreload(), firstPaint(), precompress()],
  resolve: {
    dedupe: ['apexcharts'],
    // The one way into server code: its folder of pure codes and rules both sides use (server/src/shared/README.md).
    alias: { '@shared': fileURLToPath(new URL('../server/src/shared', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/graphql': { target: backend, changeOrigin: true, ws: true },
      '/api': { target: backend, changeOrigin: true },
      '/Token': { target: backend, changeOrigin: true },
      '/healthz': { target: backend, changeOrigin: true },
    },
  },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    // Maps are written for debugging but never served: `hidden` names no map in the scripts, and precompress
    // moves them to dist/client-sourcemaps. The manifest (dist/client/.vite, never served) feeds `npm run bench`.
    sourcemap: 'hidden',
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: vendorGroups,
        },
      },
    },
  },
});
