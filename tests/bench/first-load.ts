import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BenchNote, BenchRow, BenchSection } from './harness.js';

/**
 * What the browser downloads before it shows a page (issue 13 item 7: at most 250 KB of compressed script for the
 * login page and the member overview). Builds the client into a scratch folder (or reads FIRST_LOAD_DIR, e.g.
 * dist/client) and follows Vite's manifest from index.html: the entry's static imports, then for a route the
 * lazy chunks the router loads before rendering it (with their static imports). Sizes are the precompressed files
 * the server sends (brotli to Chromium, gzip to a browser without brotli). Chunks a page asks for only once it
 * has rendered (the overview's donut chart) are listed apart.
 */

export const GOAL_KB = 250;

interface ManifestChunk {
  file: string;
  src?: string;
  /** A chunk without a module of its own (a group of client/vite.config.ts) is named by the group. */
  name?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The pages measured, by the lazy route modules their URL matches (client/src/app/router.tsx): a manifest key, or the
 * name of the chunk a group of client/vite.config.ts gathers them in (route-login, route-overview).
 */
const PAGES: { name: string; lazy: string[]; afterRender?: string[] }[] = [
  { name: 'login page (/)', lazy: ['route-login'] },
  {
    name: 'member overview (/member/:id/account/:id/overview)',
    lazy: ['route-overview'],
    afterRender: ['src/features/charts/AllocationDonut.tsx'],
  },
];

/** The files a set of manifest entries loads: each chunk, its static imports (recursively) and its CSS. */
function closure(manifest: Manifest, keys: readonly string[], seen = new Set<string>()): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key] ?? Object.values(manifest).find((c) => c.name === key);
    if (!chunk) throw new Error(`${key} is not in the build's manifest: has the route moved?`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

function size(file: string): number {
  return existsSync(file) ? statSync(file).size : 0;
}

export interface Weight {
  files: number;
  raw: number;
  br: number;
  gzip: number;
}

function weigh(dir: string, files: Iterable<string>): Weight {
  const weight: Weight = { files: 0, raw: 0, br: 0, gzip: 0 };
  for (const file of files) {
    if (!file.endsWith('.js')) continue;
    const full = path.join(dir, file);
    const raw = size(full);
    weight.files += 1;
    weight.raw += raw;
    weight.br += size(`${full}.br`) || raw;
    weight.gzip += size(`${full}.gz`) || raw;
  }
  return weight;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

function describeWeight(weight: Weight): string {
  return `${weight.files} scripts, ${kb(weight.br)} brotli / ${kb(weight.gzip)} gzip (${kb(weight.raw)} uncompressed)`;
}

export async function buildClient(): Promise<{ dir: string; cleanup: () => void }> {
  const given = process.env.FIRST_LOAD_DIR;
  if (given) return { dir: path.resolve(given), cleanup: () => undefined };
  const root = mkdtempSync(path.join(tmpdir(), 'billsmoothing-first-load-'));
  const dir = path.join(root, 'client');
  const { build } = await import('vite');
  await build({ configFile: path.resolve('client/vite.config.ts'), logLevel: 'warn', build: { outDir: dir } });
  return { dir, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

function readManifest(dir: string): Manifest {
  return JSON.parse(readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** What each measured page loads before it renders (and, apart, what it loads once rendered), from a built client. */
export function pageWeights(
  dir: string,
  manifest: Manifest = readManifest(dir),
): { name: string; before: Weight; after?: Weight }[] {
  return PAGES.map((page) => {
    const seen = new Set<string>();
    const before = weigh(dir, closure(manifest, ['index.html', ...page.lazy], seen));
    const after = page.afterRender ? weigh(dir, closure(manifest, page.afterRender, seen)) : undefined;
    return { name: page.name, before, after };
  });
}

export const firstLoadSection: BenchSection = {
  name: 'first-load',
  title: `First load: compressed script each page loads before it renders (goal ≤ ${GOAL_KB} KB)`,
  async run(): Promise<BenchRow[]> {
    const { dir, cleanup } = await buildClient();
    try {
      const manifestFile = path.join(dir, '.vite/manifest.json');
      if (!existsSync(manifestFile)) {
        return [{ name: 'first-load', note: `skipped: ${manifestFile} is missing (build the client)` }];
      }
      const manifest = readManifest(dir);
      const rows: BenchNote[] = [];
      for (const { name, before, after } of pageWeights(dir, manifest)) {
        // Browsers send brotli-capable Accept-Encoding over HTTPS (and to localhost): the goal is on brotli.
        const verdict = before.br <= GOAL_KB * 1000 ? 'within the goal' : 'OVER the goal';
        rows.push({ name, note: `${describeWeight(before)}: brotli ${verdict}` });
        if (after)
          rows.push({
            name: `  then, after it renders`,
            note: `${describeWeight(after)} (the donut chart's lazy chunk)`,
          });
      }
      const all = weigh(
        dir,
        Object.values(manifest).map((chunk) => chunk.file),
      );
      rows.push({ name: 'the whole client', note: describeWeight(all) });
      return rows;
    } finally {
      cleanup();
    }
  },
};
