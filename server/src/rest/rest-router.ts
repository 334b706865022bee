import { Router, type NextFunction, type Request, type Response } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import { classifyError, ForbiddenError, UnauthenticatedError } from '../common/errors.js';
import type { Services } from '../services.js';
import type { RestRoute } from './route.js';
import { toWire } from './wire.js';

/** Mounts the legacy `/api` routes: authentication per route's access rule, no-cache GETs, one error mapping. */
export function restRouter(routes: RestRoute[], orm: MikroORM, services: Services): Router {
  const router = Router({ caseSensitive: false });

  router.use('/api', (req, res, next) => {
    if (req.method === 'GET') {
      res.set({ 'Cache-Control': 'no-cache, no-store, must-revalidate', Pragma: 'no-cache', Expires: '0' });
    }
    next();
  });

  for (const definition of routes) {
    router[definition.method](definition.path, async (req: Request, res: Response) => {
      const em = orm.em.fork();
      try {
        const user = await services.auth.authenticate(em, req.headers.authorization);
        if (definition.access !== 'public') {
          if (!user) throw new UnauthenticatedError();
          if (definition.access !== 'signed-in' && !user.roles.some((role) => definition.access.includes(role))) {
            throw new ForbiddenError();
          }
        }
        const handled = await definition.handle({ em, user, services, req, res });
        if (res.headersSent) return;
        const answer = definition.answers === undefined ? handled : toWire(handled, definition.answers);
        if (typeof answer === 'string') res.type('text/plain').send(answer);
        else res.json(answer ?? null);
      } catch (error) {
        sendError(res, error, services, req);
      }
    });
  }

  // Unknown /api paths: 401 without a session (nothing is told to strangers), 404 with one.
  router.use('/api', async (req: Request, res: Response) => {
    try {
      const user = await services.auth.authenticate(orm.em.fork(), req.headers.authorization);
      if (!user) throw new UnauthenticatedError();
      res.status(404).json({ message: 'No such API path.' });
    } catch (error) {
      sendError(res, error, services, req);
    }
  });

  return router;
}

export function sendError(res: Response, error: unknown, services: Services, req?: Request): void {
  const { status, code, message } = classifyError(error);
  if (status === 500) services.logger.error({ err: error, url: req?.path }, 'REST handler failed');
  if (res.headersSent) return;
  const field =
    error && typeof error === 'object' && 'field' in error ? (error as { field?: string }).field : undefined;
  res.status(status).json({ message, code, ...(field ? { field } : {}) });
}

export function asyncHandler(fn: (req: Request, res: Response) => Promise<void>) {
  return (req: Request, res: Response, next: NextFunction) => {
    fn(req, res).catch(next);
  };
}
