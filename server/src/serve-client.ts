import { access } from 'node:fs/promises';
import path from 'node:path';
import express, { type Request, type Response } from 'express';

/** Vite names every file under assets/ by its content hash: a changed file gets a new name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current hashed files, so the browser asks again on every load (a 304 when unchanged). */
export const REVALIDATE = 'no-cache';

/** The precompressed copies the build writes beside each text file (client/build/precompress.ts), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=UTF-8',
  '.js': 'text/javascript; charset=UTF-8',
  '.mjs': 'text/javascript; charset=UTF-8',
  '.css': 'text/css; charset=UTF-8',
  '.json': 'application/json; charset=UTF-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=UTF-8',
};

/** Never served: source maps (kept out of the build's folder as well), the compressed copies by name, dot files. */
const HIDDEN = /(\.map|\.br|\.gz)$|(^|\/)\./i;

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

function notFound(res: Response): void {
  res.status(404).type('text/plain').send('Not found.');
}

/**
 * Sends `file`, or its brotli/gzip copy when the browser accepts it (Content-Encoding, Vary: Accept-Encoding, the
 * original's Content-Type). ETag and Last-Modified are the sent copy's, so each encoding revalidates on its own.
 */
async function sendFile(req: Request, res: Response, file: string, cacheControl: string): Promise<void> {
  const type = TYPES[path.extname(file).toLowerCase()];
  res.set('Cache-Control', cacheControl);
  let sent = file;
  if (type) {
    res.vary('Accept-Encoding');
    res.type(type);
    // Our order, not the header's: browsers list `gzip, deflate, br` and brotli is smaller.
    for (const encoding of ENCODINGS) {
      if (req.acceptsEncodings(encoding.name) !== encoding.name) continue;
      if (!(await exists(file + encoding.suffix))) continue;
      res.set('Content-Encoding', encoding.name);
      sent = file + encoding.suffix;
      break;
    }
  }
  await new Promise<void>((resolve) => {
    res.sendFile(sent, { cacheControl: false, dotfiles: 'deny' }, (error) => {
      if (error && !res.headersSent) {
        res.removeHeader('Content-Encoding');
        notFound(res);
      }
      resolve();
    });
  });
}

/**
 * The built client at `/`: hashed files under /assets cached for a year (immutable), everything else revalidated,
 * precompressed copies by Accept-Encoding, no source maps, and the index page for every client route (HTML5 deep
 * links). A missing asset is a 404, never the index page.
 */
export function serveClient(app: express.Express, clientDir: string): void {
  const index = path.join(clientDir, 'index.html');
  // The login page with its first paint in it (client/build/first-paint.ts), for `/` only: elsewhere the page is
  // another screen, or a signed-in person's, and would show the login page until the scripts ran.
  const loginPage = path.join(clientDir, 'login.html');
  const assets = path.join(clientDir, 'assets');

  app.use((req, res, next) => {
    if (HIDDEN.test(req.path)) notFound(res);
    else next();
  });
  app.get(/^\/assets\/./, (req, res) => {
    const file = path.join(assets, path.normalize(req.path.slice('/assets/'.length)));
    if (!file.startsWith(assets + path.sep)) return notFound(res);
    return sendFile(req, res, file, IMMUTABLE);
  });
  app.use(
    express.static(clientDir, {
      index: false,
      dotfiles: 'ignore',
      setHeaders: (res) => res.setHeader('Cache-Control', REVALIDATE),
    }),
  );
  app.get(/^\/(?!api\/|graphql|Token|healthz).*/i, async (req, res) => {
    if (!(await exists(index))) {
      res.status(503).type('text/plain').send('The client is not built. Run `npm run build`.');
      return;
    }
    const page = req.path === '/' && (await exists(loginPage)) ? loginPage : index;
    await sendFile(req, res, page, REVALIDATE);
  });
}
