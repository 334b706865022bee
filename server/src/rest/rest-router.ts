import { Router, type NextFunction, type Request, type Response } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import { classifyError, ForbiddenError, UnauthenticatedError } from '../shared/errors.js';
import type { Services } from '../services.js';
import { decideAccess, READ_ONLY_REFUSAL } from '../common/auth/access.rules.js';
import { IDLE_SECONDS_HEADER } from '../modules/auth/index.js';
import { refuseInput, restInputProblem } from './input-guard.middleware.js';
import { accessRules, type RestRoute } from './route.js';
import { toWire } from './wire.js';

/**
 * Mounts the legacy `/api` routes: authentication and access per route (common/auth/access.rules.ts, the rule
 * GraphQL's auth checker applies too), then the edge rule over the input, no-cache GETs, one error mapping.
 */
export function restRouter(routes: RestRoute[], orm: MikroORM, services: Services): Router {
  const router = Router({ caseSensitive: false });

  router.use('/api', (req, res, next) => {
    if (req.method === 'GET') {
      res.set({ 'Cache-Control': 'no-cache, no-store, must-revalidate', Pragma: 'no-cache', Expires: '0' });
    }
    next();
  });

  for (const definition of routes) {
    const operation = `${definition.method.toUpperCase()} ${definition.path}`;
    router[definition.method](definition.path, async (req: Request, res: Response) => {
      const em = orm.em.fork();
      try {
        const user = await services.auth.authenticate(em, req.headers.authorization, req.headers[IDLE_SECONDS_HEADER]);
        if (definition.access !== 'public') {
          if (!user) throw new UnauthenticatedError();
          const decision = decideAccess(operation, accessRules(definition.access), user.roles);
          if (decision !== 'allowed')
            throw new ForbiddenError(decision === 'read-only' ? READ_ONLY_REFUSAL : undefined);
        }
        const problem = restInputProblem(req);
        if (problem) return refuseInput(res, problem);
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
