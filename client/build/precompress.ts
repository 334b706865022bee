import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files worth compressing: text. Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;
/**
 * Below this a compressed copy saves less than it costs: a `Content-Encoding` and a `Vary` header (about 40
 * bytes). A 300-byte script still comes out about a third smaller; most of the app's chunks are that small.
 */
const MIN_BYTES = 256;

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside every text file of the build, which the
 * server sends by the browser's Accept-Encoding (server/src/serve-client.ts): the server never compresses on the
 * fly. Source maps leave the served folder for `<outDir>-sourcemaps` beside it (the build emits them `hidden`, so
 * no script names its map).
 */
export async function precompressBuild(outDir: string, fileNames: readonly string[]): Promise<void> {
  const mapsDir = `${outDir}-sourcemaps`;
  await Promise.all(
    fileNames.map(async (fileName) => {
      const file = path.join(outDir, fileName);
      if (fileName.endsWith('.map')) {
        const target = path.join(mapsDir, fileName);
        await mkdir(path.dirname(target), { recursive: true });
        await rename(file, target);
        return;
      }
      if (!COMPRESSIBLE.test(fileName) || fileName.startsWith('.vite/')) return;
      const content = await readFile(file);
      if (content.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length < content.length) await writeFile(`${file}.br`, br);
      if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
    }),
  );
}

/** The Vite plugin: precompressBuild over everything the build wrote. */
export function precompress(): Plugin {
  return {
    name: 'billsmoothing:precompress',
    apply: 'build',
    async writeBundle(output, bundle) {
      await precompressBuild(output.dir ?? path.dirname(output.file ?? ''), Object.keys(bundle));
    },
  };
}
